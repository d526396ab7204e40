import AASACore
import AASARoutes
import TestSupport
import Testing

/// Linting stays near-linear and bounded whatever the config holds.
@Suite struct RouteLintBoundsTests {
  /// 20,000 routes under distinct hosts: grouping by segment count and first literal means no
  /// pair is compared, so the overlap check costs nothing like 200 million comparisons.
  @Test func manyDistinctRoutesLintQuickly() {
    var routes: [String] = []
    for index in 0..<20_000 {
      routes.append("\"h\(index)/:id/x\": {\"class\": \"C\"}")
    }
    let json =
      "{\"defaultRoute\": {\"class\": \"H\"}, \"routes\": {\(routes.joined(separator: ","))}}"
    let start = ContinuousClock.now
    let report = RouteConfigLinter.lint(Array(json.utf8))
    // Only against a blow-up: 200 million comparisons.
    #expect(ContinuousClock.now - start < BlowUpBound.limit)
    #expect(report.config?.routes.count == 20_000)
    #expect(!report.diagnostics.contains { $0.code == .Routes.routesOverlap })
  }

  /// A nested-quantifier regex is never run on a long key literal: `(a+)+$` on 40 `a`s and a `b`
  /// would backtrack for hours.
  @Test func aCatastrophicRegexIsNotRunOnALongLiteral() {
    let literal = String(repeating: "a", count: 40) + "b"
    let json = """
      {"defaultRoute": {"class": "H"}, "routes": {
        "x/:v": {"class": "A", "routeParameters": {"v": {"regex": "^(a+)+$"}}},
        "x/\(literal)": {"class": "B"}}}
      """
    let start = ContinuousClock.now
    let report = RouteConfigLinter.lint(Array(json.utf8))
    // Only against a blow-up: the backtracking would run for hours.
    #expect(ContinuousClock.now - start < BlowUpBound.limit)
    #expect(report.diagnostics.contains { $0.code == .Routes.regexCatastrophic })
  }
}
