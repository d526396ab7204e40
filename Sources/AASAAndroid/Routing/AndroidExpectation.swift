import AASACore

/// One row of an `--expect` table for an `assetlinks.json`: this URL must get this verdict.
///
/// The expected column is `open`, `excluded` or `none` (the verdict of the `--app` package, or
/// without one the URL's overall verdict), or a package name: that app opens the URL.
public struct AndroidExpectation: Hashable, Sendable {
  public enum Outcome: Hashable, Sendable, CustomStringConvertible {
    case verdict(AndroidVerdict.Kind)
    /// This package opens the URL.
    case opens(String)

    public init(_ text: String) {
      switch text {
      case "open": self = .verdict(.open)
      case "excluded", "blocked": self = .verdict(.excluded)
      case "none", "-": self = .verdict(.none)
      default: self = .opens(text)
      }
    }

    public var description: String {
      switch self {
      case .verdict(let kind): kind.rawValue
      case .opens(let package): "\(package) opens"
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

  /// The rows of `table` read as Android expectations.
  public static func rows(of table: ExpectationTable) -> [AndroidExpectation] {
    table.rows.map {
      AndroidExpectation(line: $0.line, input: $0.input, expected: Outcome($0.expected))
    }
  }

  /// What `routing` amounts to: the `app`'s verdict, or the first app that opens the URL, else
  /// `excluded` when any app's rules exclude it, else `none`.
  public static func outcome(of routing: AndroidRouting, app: String?) -> (
    kind: AndroidVerdict.Kind, verdict: AndroidVerdict?
  ) {
    if let app {
      let verdict = routing.verdicts.first { $0.app == app }
      return (verdict?.kind ?? .none, verdict)
    }
    if let open = routing.verdicts.first(where: { $0.kind == .open }) { return (.open, open) }
    if let excluded = routing.verdicts.first(where: { $0.kind == .excluded }) {
      return (.excluded, excluded)
    }
    return (.none, routing.verdicts.first)
  }

  /// Checks every row against `router`.
  public static func check(_ rows: [AndroidExpectation], router: AndroidRouter, app: String?)
    -> [AndroidExpectationResult]
  {
    rows.map { row in
      let routing = router.route(row.input, app: app)
      let (kind, verdict) = outcome(of: routing, app: app)
      return AndroidExpectationResult(expectation: row, actual: kind, verdict: verdict)
    }
  }
}

/// A checked row.
public struct AndroidExpectationResult: Hashable, Sendable {
  public var expectation: AndroidExpectation
  public var actual: AndroidVerdict.Kind
  /// The verdict that gave `actual`.
  public var verdict: AndroidVerdict?

  public var isMet: Bool {
    switch expectation.expected {
    case .verdict(let kind): kind == actual
    case .opens(let package): actual == .open && verdict?.app == package
    }
  }

  /// `routes.tsv:4: https://h/a: expected open, got excluded for com.example.app`.
  public func describe(file: String) -> String {
    let who = verdict.map { " for \($0.app)" } ?? ""
    return
      "\(file):\(expectation.line): \(expectation.input): expected \(expectation.expected), got \(actual.rawValue)\(who)"
  }
}
