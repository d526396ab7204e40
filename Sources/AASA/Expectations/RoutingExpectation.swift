import AASACore

/// One line of an expectations table: this URL must route to this outcome.
///
/// The table is tab-separated, `input<TAB>expected`, where expected is an app ID, `none` or
/// `blocked`, read as every list is (``ExpectationTable``). Teams keep such a table next to
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

  public var line: Int
  public var input: String
  public var expected: Outcome

  public init(line: Int, input: String, expected: Outcome) {
    self.line = line
    self.input = input
    self.expected = expected
  }

  /// The rows of `table` read as Apple's routing reads them: an app ID, `none` or `blocked`.
  public static func rows(of table: ExpectationTable) -> [RoutingExpectation] {
    table.rows.map {
      RoutingExpectation(line: $0.line, input: $0.input, expected: Outcome($0.expected))
    }
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
