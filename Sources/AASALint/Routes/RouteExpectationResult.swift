import AASA
import AASACore
import AASARoutes

/// A line of an `--expect` table for a route config (`input<TAB>route key | defaultRoute |
/// none`), checked against the router. The table is read once as for association files
/// (``ExpectationTableFile``); the expected column is a route key here: `none` and `-` expect
/// nothing to open.
package struct RouteExpectationResult: Sendable {
  package var line: Int
  package var input: String
  /// The route key, `defaultRoute`, or `none`.
  package var expected: String
  package var actual: String
  package var answer: RouteAnswer

  package var isMet: Bool { expected == actual }

  package static func check(
    _ rows: [ExpectationTable.Row], router: Router, platform: Platform
  ) -> [RouteExpectationResult] {
    rows.map { row in
      let answer = router.route(row.input, on: platform)
      return RouteExpectationResult(
        line: row.line, input: row.input, expected: row.expected == "-" ? "none" : row.expected,
        actual: answer.routeName ?? "none", answer: answer)
    }
  }

  /// `routes.tsv:4: mdldemo://data/5: expected data/:dataId, got defaultRoute (closest: …)`.
  package func describe(file: String) -> String {
    var text = "\(file):\(line): \(input): expected \(expected), got \(actual)"
    if answer.via == .trimmed, let matched = answer.matched { text += " (trimmed to \(matched))" }
    if let closest = answer.closest, closest.routeKey != actual {
      text += " (closest: \(closest.routeKey), which failed on \(closest.failure))"
    }
    return text
  }
}
