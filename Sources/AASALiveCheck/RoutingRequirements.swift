import AASA

/// Judges the routes of `--path`/`--paths` and the `--expect` table on the live association file.
///
/// A path given to a check is a path that must open an app: `--app` when given, any app
/// otherwise. (To pin paths that must *not* open an app, use `--expect` with `none` or `blocked`.)
/// Each path that fails is its own `route` line, so that every output format names it; when all
/// pass, one line says so.
enum RoutingRequirements {
  static func judgePaths(_ routings: [Routing], app: String?) -> [Requirement] {
    guard !routings.isEmpty else { return [] }
    let explanation = RoutingExplanation()
    var failures: [Requirement] = []
    for routing in routings {
      let (outcome, _) = RoutingExpectation.outcome(of: routing, app: app)
      let opensWanted: Bool
      if case .app(let opened) = outcome {
        opensWanted = app == nil || opened == app
      } else {
        opensWanted = false
      }
      if opensWanted { continue }
      let wanted = app.map { "it must open \($0)" } ?? "it must open an app"
      failures.append(
        Requirement(
          "route", .fail,
          "\(routing.input.text): \(explanation.headline(routing, app: app).plainText); \(wanted)"))
    }
    if !failures.isEmpty { return failures }
    let count = routings.count == 1 ? "the path opens" : "all \(routings.count) paths open"
    return [Requirement("route", .pass, "\(count) \(app ?? "an app")")]
  }

  /// One `expect` line per mismatch (located at its line of the table), or one line saying all
  /// were met.
  static func judgeExpectations(_ results: [ExpectationResult], file: String) -> [Requirement] {
    let mismatches = results.filter { !$0.isMet }.map { result in
      Requirement(
        "expect", .fail, result.describe(file: file),
        location: .init(file: file, line: result.expectation.line))
    }
    if !mismatches.isEmpty { return mismatches }
    let count = results.count == 1 ? "the expectation" : "all \(results.count) expectations"
    return [Requirement("expect", .pass, "\(file): \(count) met")]
  }

  /// Paths or expectations were given, but there is no association file to route them with.
  static func unroutable(reason: String) -> Requirement {
    Requirement("route", .fail, "not routed: \(reason)")
  }
}
