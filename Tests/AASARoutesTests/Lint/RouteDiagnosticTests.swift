import AASACore
import AASARoutes
import Testing

/// Every route-config diagnostic: its example triggers it where the marker stands, with its
/// path, and the near-identical valid config does not.
@Suite struct RouteDiagnosticTests {
  @Test(arguments: routeDiagnosticCases) func triggersAtItsPlace(_ example: RouteDiagnosticCase)
    throws
  {
    let input = example.triggerInput
    let report = RouteConfigLinter.lint(input.bytes)
    let finding = try #require(
      report.diagnostics.first { $0.code.rawValue == example.code },
      "\(example.code) not reported: \(report.diagnostics.map(\.message))")
    #expect(finding.location.line == input.line)
    #expect(finding.location.column == input.column)
    #expect(finding.path == example.path)
    #expect(!finding.message.isEmpty)
  }

  @Test(arguments: routeDiagnosticCases) func isQuietOnTheValidVariant(
    _ example: RouteDiagnosticCase
  ) {
    let report = RouteConfigLinter.lint(Array(example.valid.utf8))
    #expect(
      !report.diagnostics.contains { $0.code.rawValue == example.code },
      "\(report.diagnostics.map(\.message))")
  }

  @Test func everyCodeHasAnExample() {
    let exercised = Set(routeDiagnosticCases.map(\.code))
    let catalogue = DiagnosticCode.routeCatalog.map(\.rawValue)
    // MDL303 needs more than the comparison bound of routes: tested on its own below.
    #expect(Set(catalogue).subtracting(exercised) == ["MDL303"])
  }

  @Test func theOverlapCheckStopsAtItsBound() {
    var routes: [String] = []
    for index in 0..<700 { routes.append("\":p\(index)/x\": {\"class\": \"C\"}") }
    let json =
      "{\"defaultRoute\": {\"class\": \"H\"}, \"routes\": {\(routes.joined(separator: ","))}}"
    let report = RouteConfigLinter.lint(Array(json.utf8))
    #expect(report.diagnostics.contains { $0.code == .Routes.overlapCheckBounded })
    // Findings per code are capped, so the report stays readable.
    #expect(
      report.diagnostics.filter { $0.code == .Routes.routesOverlap || $0.code == .Routes.shadowed }
        .count
        <= 1_000)
  }

  @Test func aLiteralAgainstAParamWhoseRegexCannotMatchItIsNoOverlap() {
    let json = """
      {"defaultRoute": {"class": "H"}, "routes": {
        "handler/:handlerId": {"class": "A", "routeParameters": {"handlerId": {"regex": "[0-9]"}}},
        "handler/order": {"class": "B"},
        "handler/7": {"class": "C"}}}
      """
    let report = RouteConfigLinter.lint(Array(json.utf8))
    let overlapping = report.diagnostics.filter {
      $0.code == .Routes.shadowed || $0.code == .Routes.routesOverlap
    }
    #expect(overlapping.map(\.path) == ["routes.handler/7"])
  }
}
