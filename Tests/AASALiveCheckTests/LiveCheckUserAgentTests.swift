import AASALiveCheck
import Foundation
import TestSupport
import Testing

/// `check` fetches as Apple's CDN crawler (`AASA-Bot/1.0.0`), and the association file also as a
/// browser: a site whose rules treat Apple's fetcher differently is named, against real HTTPS
/// servers on 127.0.0.1.
@Suite struct LiveCheckUserAgentTests {
  let directory: TemporaryDirectory
  let certificate: TestCertificate

  init() async throws {
    directory = try TemporaryDirectory()
    certificate = try TestCertificate.selfSigned(in: directory)
  }

  /// A correct site, except that a bot rule answers 403 to any User-Agent containing `AASA-Bot`.
  static let refusesApplesBot: StubHTTPS.RequestRoutes = { request in
    if request.userAgent?.contains("AASA-Bot") == true {
      return StubHTTPS.Answer(
        status: .forbidden, headers: [("Content-Type", "text/html")],
        body: Array("<html>Access denied</html>".utf8))
    }
    return Fixtures.correctSite(request.path)
  }

  func check(_ routes: @escaping StubHTTPS.RequestRoutes, userAgent: String? = nil)
    async throws -> LiveCheckReport
  {
    try await withServer(certificate: certificate, requestRoutes: routes) { server in
      var options = try Fixtures.options(server, trusting: certificate)
      if let userAgent { options.userAgent = userAgent }
      return await LiveCheck(options: options).run()
    }
  }

  @Test func anOriginRefusingApplesBotIsNamedAsARuleAgainstApplesFetcher() async throws {
    let report = try await check(Self.refusesApplesBot)
    #expect(report.requirement("status", of: .association)?.status == .fail)
    let line = try #require(report.requirement("user-agent", of: .association))
    #expect(line.status == .fail)
    #expect(
      line.detail.hasPrefix(
        "the User-Agent AASA-Bot/1.0.0 gets 403 Forbidden, a browser gets 200 OK: a rule on the site"
      ),
      "\(line.detail)")
    #expect(report.exitStatus == .findings)
  }

  @Test func theFetcherSendsAASABotByDefault() async throws {
    let seen = AgentLog()
    _ = try await check { request in
      seen.add(request.userAgent ?? "")
      return Fixtures.correctSite(request.path)
    }
    let agents = seen.all
    #expect(agents.filter { $0 == "AASA-Bot/1.0.0" }.count == 3, "\(agents)")
    #expect(agents.contains { $0.hasPrefix("Mozilla/5.0") })
  }

  @Test func userAgentOverridesApplesBot() async throws {
    let report = try await check(Self.refusesApplesBot, userAgent: "ExampleMonitor/2.1")
    #expect(report.requirement("status", of: .association)?.status == .pass)
    #expect(report.requirement("user-agent", of: .association) == nil)
  }

  @Test func aSiteAnsweringBothAlikeHasNoUserAgentLine() async throws {
    let report = try await check { Fixtures.correctSite($0.path) }
    #expect(report.requirement("user-agent", of: .association) == nil)
    #expect(report.status != .fail)
  }

  @Test func anotherFileForApplesFetcherIsAWarningNamingTheApp() async throws {
    let report = try await check { request in
      if request.path == WellKnownResource.association.path,
        request.userAgent?.hasPrefix("Mozilla") == true
      {
        return .json(
          #"{"applinks": {"details": [{"appIDs": ["\#(Fixtures.app)"], "components": [{"/": "/*"}]}]}}"#
        )
      }
      return Fixtures.correctSite(request.path)
    }
    let line = try #require(report.requirement("user-agent", of: .association))
    #expect(line.status == .warn)
    #expect(line.detail.contains("for \(Fixtures.app)"), "\(line.detail)")
  }
}

/// The User-Agents a test server saw, from its event loop threads.
final class AgentLog: @unchecked Sendable {
  private let lock = NSLock()
  private var agents: [String] = []

  func add(_ agent: String) {
    lock.lock()
    agents.append(agent)
    lock.unlock()
  }

  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return agents
  }
}
