import AASA

/// One line of an expectations table: this URL must route to this outcome.
///
/// The table is tab-separated, `input<TAB>expected`, where expected is an app ID, `none` or
/// `blocked`. Blank lines and lines starting with `#` are skipped. Teams keep such a table next to
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
    // "\r\n" is one Character in Swift, so split on both separators.
    let lines = text.split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    for (offset, line) in lines.enumerated() {
      let trimmed = line.drop(while: { $0 == " " })
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count == 2, !fields[0].isEmpty,
        !fields[1].trimmingSpaces.isEmpty
      else {
        throw FormatError(
          file: file, line: offset + 1,
          reason: "expected `input<TAB>expected` (an app ID, none or blocked), found \"\(line)\"")
      }
      expectations.append(
        RoutingExpectation(
          line: offset + 1, input: String(fields[0]),
          expected: Outcome(String(fields[1].trimmingSpaces))))
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
    var trimmed = drop(while: { $0 == " " })
    while trimmed.last == " " { trimmed.removeLast() }
    return trimmed
  }
}
