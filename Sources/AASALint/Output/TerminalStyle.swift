/// ANSI styling, on only when it helps: a terminal, and no `NO_COLOR`.
package struct TerminalStyle: Sendable {
  package var isEnabled: Bool

  package init(isEnabled: Bool) { self.isEnabled = isEnabled }

  /// Colour when standard output is a terminal and `NO_COLOR` is unset or empty
  /// (https://no-color.org), unless `TERM` is `dumb`.
  package static func detect(fileDescriptor: Int32 = 1) -> TerminalStyle {
    let noColor = System.environment("NO_COLOR") ?? ""
    let term = System.environment("TERM") ?? ""
    return TerminalStyle(
      isEnabled: System.isTerminal(fileDescriptor) && noColor.isEmpty && term != "dumb")
  }

  package static let plain = TerminalStyle(isEnabled: false)

  func wrap(_ text: String, _ code: String) -> String {
    isEnabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }

  package func bold(_ text: String) -> String { wrap(text, "1") }
  package func dim(_ text: String) -> String { wrap(text, "2") }
  package func red(_ text: String) -> String { wrap(text, "1;31") }
  package func yellow(_ text: String) -> String { wrap(text, "1;33") }
  package func green(_ text: String) -> String { wrap(text, "32") }
  package func blue(_ text: String) -> String { wrap(text, "1;34") }
  package func cyan(_ text: String) -> String { wrap(text, "36") }
}
