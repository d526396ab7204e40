import AASA
import AASACore
import AASARoutes

/// A line of an `--expect` table for a route config (`input<TAB>route key | defaultRoute |
/// none`), checked against the router. The table is read as for association files
/// (``RoutingExpectation/parseTable(_:file:)``): `none` and `-` expect nothing to open.
public struct RouteExpectationResult: Sendable {
  public var line: Int
  public var input: String
  /// The route key, `defaultRoute`, or `none`.
  public var expected: String
  public var actual: String
  public var answer: RouteAnswer

  public var isMet: Bool { expected == actual }

  public static func check(
    _ expectations: [RoutingExpectation], router: Router, platform: Platform
  ) -> [RouteExpectationResult] {
    expectations.map { expectation in
      let answer = router.route(expectation.input, on: platform)
      let expected: String =
        switch expectation.expected {
        case .none: "none"
        case .blocked: "blocked"
        case .app(let key): key
        }
      return RouteExpectationResult(
        line: expectation.line, input: expectation.input, expected: expected,
        actual: answer.routeName ?? "none", answer: answer)
    }
  }

  /// `routes.tsv:4: mdldemo://data/5: expected data/:dataId, got defaultRoute (closest: …)`.
  public func describe(file: String) -> String {
    var text = "\(file):\(line): \(input): expected \(expected), got \(actual)"
    if answer.via == .trimmed, let matched = answer.matched { text += " (trimmed to \(matched))" }
    if let closest = answer.closest, closest.routeKey != actual {
      text += " (closest: \(closest.routeKey), which failed on \(closest.failure))"
    }
    return text
  }
}
