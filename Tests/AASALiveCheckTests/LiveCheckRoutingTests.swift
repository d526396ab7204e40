import AASA
import AASACore
import AASALint
import AASALiveCheck
import TestSupport
import Testing

/// `--path`/`--paths`, `--app` and `--expect` routed on the live file of a real HTTPS server.
@Suite struct LiveCheckRoutingTests {
  let directory: TemporaryDirectory
  let certificate: TestCertificate

  init() async throws {
    directory = try TemporaryDirectory()
    certificate = try TestCertificate.selfSigned(in: directory)
  }

  func check(
    routes: @escaping StubHTTPS.PathRoutes = Fixtures.correctSite, paths: [String] = [],
    app: String? = nil, expectations: [RoutingExpectation]? = nil
  ) async throws -> LiveCheckReport {
    try await withServer(certificate: certificate, routes: routes) { server in
      var options = try Fixtures.options(server, trusting: certificate, paths: paths, app: app)
      options.expectations = expectations.map { ("routes.tsv", $0) }
      return await LiveCheck(options: options).run()
    }
  }

  /// An `--expect` table's rows as Apple's routing reads them.
  func rows(_ table: String) throws -> [RoutingExpectation] {
    RoutingExpectation.rows(
      of: try ExpectationTable(table, file: "routes.tsv", expecting: "an app ID, none or blocked"))
  }

  @Test func pathsThatOpenTheAppPass() async throws {
    let report = try await check(paths: ["/albums/1", "/albums/2"], app: Fixtures.app)
    #expect(
      report.requirements("route") == [
        Requirement("route", .pass, "all 2 paths open \(Fixtures.app)")
      ])
    #expect(report.exitStatus == .success)
  }

  @Test func aPathThatOpensNoAppFailsEvenWithoutApp() async throws {
    let report = try await check(paths: ["/albums/1", "/help", "/account/settings"])
    let routes = report.requirements("route")
    #expect(routes.map(\.status) == [.fail, .fail])
    #expect(routes[0].detail.hasPrefix("/help: no app"), "\(routes[0].detail)")
    #expect(routes[0].detail.hasSuffix("it must open an app"))
    #expect(routes[1].detail.hasPrefix("/account/settings: blocked"), "\(routes[1].detail)")
    #expect(report.routings.count == 3)
    #expect(report.exitStatus == .findings)
  }

  @Test func aPathThatDoesNotOpenTheGivenAppFails() async throws {
    let other = "D3KQX62K1A.com.example.videoapp"
    let twoApps = """
      {"applinks": {"details": [
        {"appIDs": ["\(Fixtures.app)"], "components": [{"/": "/albums/*"}]},
        {"appIDs": ["\(other)"], "components": [{"/": "/videos/*"}]}]}}
      """
    let report = try await check(
      routes: Fixtures.site(serving: .json(twoApps)), paths: ["/albums/1", "/videos/1"],
      app: Fixtures.app)
    let routes = report.requirements("route")
    #expect(routes.count == 1)
    #expect(routes.first?.status == .fail)
    #expect(routes.first?.detail.contains("/videos/1: none for \(Fixtures.app)") == true)
    #expect(routes.first?.detail.hasSuffix("it must open \(Fixtures.app)") == true)
    #expect(report.exitStatus == .findings)
  }

  @Test func expectationsMetPass() async throws {
    let report = try await check(
      expectations: try rows("/albums/1\t\(Fixtures.app)\n/account/x\tblocked\n/help\tnone\n"))
    #expect(
      report.requirements("expect") == [
        Requirement("expect", .pass, "routes.tsv: all 3 expectations met")
      ])
    #expect(report.expectations?.results.allSatisfy(\.isMet) == true)
    #expect(report.exitStatus == .success)
  }

  @Test func aMismatchFailsTheCheckAtItsLineOfTheTable() async throws {
    let report = try await check(
      expectations: try rows("# pinned routes\n/albums/1\t\(Fixtures.app)\n/account/x\tnone\n"))
    let lines = report.requirements("expect")
    #expect(lines.count == 1)
    #expect(lines.first?.status == .fail)
    #expect(lines.first?.location == Requirement.Location(file: "routes.tsv", line: 3))
    #expect(
      lines.first?.detail.hasPrefix("routes.tsv:3: /account/x: expected none, got blocked by")
        == true, "\(lines)")
    #expect(report.exitStatus == .findings)
  }

  @Test func pathsOnAnUnreadableFileFailOnce() async throws {
    let report = try await check(
      routes: Fixtures.site(serving: .notFound), paths: ["/albums/1", "/albums/2"])
    let routes = report.requirements("route")
    #expect(routes.count == 1)
    #expect(routes.first?.status == .fail)
    #expect(routes.first?.detail.contains("no readable association file") == true)
  }
}
