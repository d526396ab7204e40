import AASA

/// One line of an expectations table: this URL must route to this outcome.
///
/// The table is tab-separated, `input<TAB>expected`, where expected is an app ID, `none` or
/// `blocked`. Lines are read as in every list (see ``LineReader``): a byte order mark, `\r\n`
/// endings and surrounding spaces are dropped, blank lines and `#` comments skipped. Teams keep such a table next to
/// their association file and run `aasa-lint FILE --expect routes.tsv` in CI to pin routing.
public struct RoutingExpectation: Hashable, Sendable {
  public enum Outcome: Hashable, Sendable, CustomStringConvertible {
    case app(String)
    case blocked
    case none

    public init(_ text: String) {
      switch text {
      case "none", "-": self = .none
      case "blocked": self = .blocked
      default: self = .app(text)
      }
    }

    public var description: String {
      switch self {
      case .app(let app): app
      case .blocked: "blocked"
      case .none: "none"
      }
    }
  }

  public struct FormatError: Error, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var reason: String
    public var description: String { "\(file):\(line): \(reason)" }
  }

  public var line: Int
  public var input: String
  public var expected: Outcome

  public init(line: Int, input: String, expected: Outcome) {
    self.line = line
    self.input = input
    self.expected = expected
  }

  /// Parses a whole table; a malformed line is an error naming its line.
  public static func parseTable(_ text: String, file: String) throws -> [RoutingExpectation] {
    var expectations: [RoutingExpectation] = []
    var bytes = Array(text.utf8)
    if bytes.starts(with: LineReader.byteOrderMark) { bytes.removeFirst(3) }
    var lineStart = 0
    var lineNumber = 0
    while lineStart <= bytes.count {
      let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
      defer { lineStart = lineEnd + 1 }
      lineNumber += 1
      guard let content = LineReader.content(of: lineStart..<lineEnd, in: bytes) else { continue }
      let line = String(decoding: bytes[content], as: UTF8.self)
      let fields = line.split(separator: "\t").map { $0.trimmingSpaces }.filter { !$0.isEmpty }
      guard fields.count == 2 else {
        throw FormatError(
          file: file, line: lineNumber,
          reason: "expected `input<TAB>expected` (an app ID, none or blocked), found \"\(line)\"")
      }
      expectations.append(
        RoutingExpectation(
          line: lineNumber, input: String(fields[0]), expected: Outcome(String(fields[1]))))
    }
    return expectations
  }

  /// What a routing amounts to, in the table's terms. With `app`, only that app's verdict counts.
  public static func outcome(of routing: Routing, app: String?) -> (Outcome, RuleReference?) {
    let verdicts = routing.verdicts.filter { app == nil || $0.app == app }
    if let match = verdicts.first(where: { $0.kind == .match }) {
      return (.app(match.app), match.decidingRule)
    }
    if let blocked = verdicts.first(where: { $0.kind == .blocked }) {
      return (.blocked, blocked.decidingRule)
    }
    return (.none, nil)
  }
}

extension Substring {
  fileprivate var trimmingSpaces: Substring {
    var trimmed = drop(while: { $0 == " " || $0 == "\r" })
    while trimmed.last == " " || trimmed.last == "\r" { trimmed.removeLast() }
    return trimmed
  }
}
