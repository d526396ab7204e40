import Foundation
import TestSupport
import Testing

/// The operations files of examples/monitoring, as an operator runs them: promtool checks the
/// rules and the scrape configuration, and runs the rules' unit tests (the 24 and 72 hours of
/// the stale-CDN alerts, gaps, the certificate's 21 and 7 days, which a live test cannot wait
/// for). Skipped without promtool (.ci/setup installs Debian's prometheus).
@Suite struct ShippedMonitoringFilesTests {
  static var promtool: String? { ExecutableLookup.path(of: "promtool") }
  static let folder = BuiltProducts.packageRoot.appendingPathComponent("examples/monitoring")

  static func promtool(_ arguments: [String]) async throws -> ProcessResult {
    try await ChildProcess.run(
      try #require(promtool), arguments, in: folder, timeout: .seconds(120))
  }

  @Test(.enabled(if: promtool != nil, "promtool is not installed"))
  func theRulesAndTheirUnitTestsPass() async throws {
    let checked = try await Self.promtool(["check", "rules", "aasa-rules.yml"])
    #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
    #expect(checked.stdout.contains("SUCCESS: 11 rules found"))
    let tested = try await Self.promtool(["test", "rules", "aasa-rules.test.yml"])
    #expect(tested.status == 0, "\(tested.stdout)\(tested.stderr)")
    #expect(tested.stdout.contains("SUCCESS"))
  }

  @Test(.enabled(if: promtool != nil, "promtool is not installed"))
  func theScrapeConfigurationIsOnePrometheusTakes() async throws {
    let checked = try await Self.promtool(["check", "config", "prometheus.yml"])
    #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
  }

  /// Every alert the rules file names has a unit test that expects it to fire.
  @Test func everyAlertHasAFiringTest() throws {
    let rules = try String(
      contentsOf: Self.folder.appendingPathComponent("aasa-rules.yml"), encoding: .utf8)
    let tests = try String(
      contentsOf: Self.folder.appendingPathComponent("aasa-rules.test.yml"), encoding: .utf8)
    let names = rules.matches(of: /- alert: (\w+)/).map { String($0.1) }
    #expect(names.count == 11)
    for name in names {
      #expect(
        tests.contains("alertname: \(name)\n        exp_alerts:\n          - exp_labels"),
        "no test expects \(name) to fire")
    }
  }
}
