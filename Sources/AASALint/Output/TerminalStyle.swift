/// ANSI styling, on only when it helps: a terminal, and no `NO_COLOR`.
public struct TerminalStyle: Sendable {
  public var isEnabled: Bool

  public init(isEnabled: Bool) { self.isEnabled = isEnabled }

  /// Colour when standard output is a terminal and `NO_COLOR` is unset or empty
  /// (https://no-color.org), unless `TERM` is `dumb`.
  public static func detect(fileDescriptor: Int32 = 1) -> TerminalStyle {
    let noColor = System.environment("NO_COLOR") ?? ""
    let term = System.environment("TERM") ?? ""
    return TerminalStyle(
      isEnabled: System.isTerminal(fileDescriptor) && noColor.isEmpty && term != "dumb")
  }

  public static let plain = TerminalStyle(isEnabled: false)

  func wrap(_ text: String, _ code: String) -> String {
    isEnabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }

  public func bold(_ text: String) -> String { wrap(text, "1") }
  public func dim(_ text: String) -> String { wrap(text, "2") }
  public func red(_ text: String) -> String { wrap(text, "1;31") }
  public func yellow(_ text: String) -> String { wrap(text, "1;33") }
  public func green(_ text: String) -> String { wrap(text, "32") }
  public func blue(_ text: String) -> String { wrap(text, "1;34") }
  public func cyan(_ text: String) -> String { wrap(text, "36") }
}
