import AASALiveCheck
import Foundation
import TestSupport
import Testing

/// `--cdn` (Apple's CDN copy compared with the origin's) and `--connect-to`, against real HTTPS
/// servers on 127.0.0.1; the CDN is the same test server under `/a/v1/`, through `--cdn-base`.
@Suite struct LiveCheckCDNTests {
  let directory: TemporaryDirectory
  let certificate: TestCertificate

  init() async throws {
    directory = try TemporaryDirectory()
    certificate = try TestCertificate.selfSigned(in: directory)
  }

  /// A correct site whose CDN copy (`/a/v1/127.0.0.1`) is `cdnCopy`.
  func check(cdnCopy: StubHTTPS.Answer) async throws -> LiveCheckReport {
    let routes: StubHTTPS.PathRoutes = { path in
      path == "/a/v1/127.0.0.1" ? cdnCopy : Fixtures.correctSite(path)
    }
    return try await withServer(certificate: certificate, routes: routes) { server in
      var options = try Fixtures.options(server, trusting: certificate)
      options.cdnBase = server.url + "/a/v1/"
      return await LiveCheck(options: options).run()
    }
  }

  @Test func theSameCopyPasses() async throws {
    let report = try await check(cdnCopy: .json(Fixtures.association))
    let cdn = try #require(report.cdn)
    #expect(cdn.url.hasSuffix("/a/v1/127.0.0.1"))
    #expect(cdn.requirement.status == .pass)
    #expect(cdn.requirement.detail.hasPrefix("the same as the origin's"))
  }

  @Test func theSameRulesWrittenDifferentlyPass() async throws {
    let compact = Fixtures.association.split(separator: "\n")
      .map { $0.trimmingPrefix(while: { $0 == " " }) }.joined()
    let report = try await check(cdnCopy: .json(compact))
    #expect(report.cdn?.requirement.status == .pass)
    #expect(report.cdn?.requirement.detail.contains("written differently") == true)
  }

  @Test func aStaleCopyIsAWarningNamingTheApp() async throws {
    let stale = """
      {"applinks": {"details": [{"appIDs": ["\(Fixtures.app)"], "components": [{"/": "/old/*"}]}]}}
      """
    let report = try await check(cdnCopy: .json(stale))
    let cdn = try #require(report.cdn?.requirement)
    #expect(cdn.status == .warn)
    #expect(cdn.detail.hasPrefix("differs from the origin's for \(Fixtures.app)"), "\(cdn.detail)")
    #expect(report.exitStatus == .success)
  }

  @Test func aStaleCopyShowsTheRulesAndURLsThatRouteDifferently() async throws {
    let stale = """
      {"applinks": {"details": [{"appIDs": ["\(Fixtures.app)"], "components": [{"/": "/old/*"}]}]}}
      """
    let report = try await check(cdnCopy: .json(stale))
    let routes = report.requirements("cdn-route").map(\.detail)
    #expect(
      routes.contains(
        "/albums/aasa-probe: the CDN's copy opens no app, the origin's \(Fixtures.app)"),
      "\(routes)")
    #expect(
      routes.contains("/old/aasa-probe: the CDN's copy opens \(Fixtures.app), the origin's no app"))
    let rules = report.requirements("cdn-rule").map(\.detail)
    #expect(
      rules.contains { $0.contains("only the CDN's copy has") && $0.contains("/old/*") }, "\(rules)"
    )
    #expect(rules.contains { $0.contains("only the origin has") && $0.contains("/albums/*") })
    #expect(report.cdn?.requirement.detail.contains("probed URLs route differently") == true)
  }

  /// A CDN failure as Apple's CDN sends it: always 404, the reason in headers.
  static func failure(_ headers: [(String, String)]) -> StubHTTPS.Answer {
    StubHTTPS.Answer(
      status: .notFound, headers: [("Content-Type", "text/plain; charset=utf-8")] + headers,
      body: Array("Not Found\n".utf8))
  }

  @Test func anOriginThatRefusedApplesFetcherIsNamedWithWhatToDoAndWhen() async throws {
    let report = try await check(
      cdnCopy: Self.failure([
        ("Apple-Failure-Details", #"{"status":"403 Forbidden"}"#),
        ("Apple-Failure-Reason", "SWCERR00101 Bad HTTP Response: 403 Forbidden"),
        ("Apple-From", "https://example.com/.well-known/apple-app-site-association"),
        ("Apple-Try-Direct", "false"),
        ("Cache-Control", "max-age=3600,public"),
        ("Age", "900"),
      ]))
    let cdn = try #require(report.cdn)
    #expect(cdn.requirement.status == .fail)
    #expect(cdn.requirement.detail.contains("(SWCERR00101)"), "\(cdn.requirement.detail)")
    #expect(cdn.failure?.cause == .originStatus(403, "403 Forbidden"))
    let reason = try #require(report.requirement("cdn-reason"))
    #expect(
      reason.detail.hasPrefix("the origin refused Apple's fetcher (403 Forbidden): a firewall"))
    #expect(report.requirement("cdn-fix")?.detail.contains("AASA-Bot/1.0.0") == true)
    #expect(report.requirement("cdn-details")?.detail == "status: 403 Forbidden")
    #expect(
      report.requirement("cdn-retry")?.detail
        == "the CDN keeps this failure 60 minutes and has held it 15 minutes: it asks the origin again in about 45 minutes"
    )
    let headers = report.requirements("cdn-header").map(\.detail)
    #expect(headers.count == 6, "\(headers)")
    #expect(headers.contains { $0.hasPrefix("Apple-Try-Direct: false (") })
    #expect(headers.contains("Age: 900"))
    #expect(report.exitStatus == .findings)
  }

  /// The header lines of a capture in the corpus (`< Name: value`, or `Name: value` after the
  /// status line): the CDN's real answers, replayed by the test server.
  static func capturedHeaders(_ file: String) -> [(String, String)]? {
    let url = BuiltProducts.packageRoot.appendingPathComponent(
      "../shared/corpus/real-turn3/cdn/\(file)")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
    var headers: [(String, String)] = []
    for line in text.split(separator: "\n") {
      var trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("< ") { trimmed.removeFirst(2) }
      guard let colon = trimmed.firstIndex(of: ":") else { continue }
      let name = String(trimmed[..<colon])
      guard name.hasPrefix("Apple-") || name == "Cache-Control" || name == "Age" else { continue }
      headers.append(
        (name, trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
    }
    return headers
  }

  @Test(arguments: [
    ("001-azuread-apple-sso-tools-checkurls.txt", "got no answer from the origin in time"),
    ("002-wildcat-raffle-universal-links-doc.txt", "the origin had no file when Apple asked"),
  ])
  func capturedFailuresAreExplained(file: String, meaning: String) async throws {
    guard let headers = Self.capturedHeaders(file) else { return }  // the corpus is optional
    try #require(headers.contains { $0.0 == "Apple-Failure-Reason" })
    let report = try await check(cdnCopy: Self.failure(headers))
    #expect(report.cdn?.requirement.status == .fail)
    #expect(report.requirement("cdn-reason")?.detail.contains(meaning) == true)
    #expect(report.requirements("cdn-header").count == headers.count)
    #expect(report.requirement("cdn-retry") != nil)
  }

  @Test func appleCDNIsNotAskedAboutALoopbackSite() async throws {
    let report = try await withServer(certificate: certificate, routes: Fixtures.correctSite) {
      server in
      var options = try Fixtures.options(server, trusting: nil)
      options.cdnBase = server.url + "/a/v1/"
      options.cdnOnlyForPublicHosts = true
      return await LiveCheck(options: options).run()
    }
    let cdn = try #require(report.cdn?.requirement)
    #expect(cdn.status == .info)
    #expect(
      cdn.detail == "not asked: 127.0.0.1 is a loopback address, which Apple's CDN cannot reach")
  }

  @Test(arguments: [
    ("10.1.2.3", "a private address"), ("192.168.0.10", "a private address"),
    ("172.20.0.1", "a private address"), ("::1", "a loopback address"),
    ("fd00::1", "a private address"), ("fe80::1", "a link-local address"),
    ("printer", "not a public name"), ("intranet.corp", "not a public name"),
    ("app.home.arpa", "not a public name"),
  ])
  func privateHostsAreNotAskedAbout(host: String, kind: String) async throws {
    let report = try await withServer(certificate: certificate, routes: Fixtures.correctSite) {
      server in
      var options = try Fixtures.options(server, trusting: nil, timeout: 2)
      options.site = SiteAddress(host: host)
      options.connectTo = try ConnectTo(parsing: "::127.0.0.1:\(server.port)")
      options.cdnBase = LiveCheckOptions.appleCDNBase
      options.cdnOnlyForPublicHosts = true
      return await LiveCheck(options: options).run()
    }
    #expect(report.cdn?.requirement.status == .info)
    #expect(
      report.cdn?.requirement.detail.contains(kind) == true,
      "\(report.cdn?.requirement.detail ?? "")")
  }

  @Test func aGzipEncodedCopyIsDecodedBeforeComparing() async throws {
    let report = try await check(
      cdnCopy: Fixtures.encoded(Compression.gzip(Fixtures.association), as: "gzip"))
    #expect(report.cdn?.requirement.status == .pass)
  }

  @Test func aSignedCopyIsComparedByItsContent() async throws {
    let signer = try TestCertificate.selfSigned(in: directory, name: "signer")
    let signed = try await signer.sign(Fixtures.association, in: directory)
    let report = try await check(
      cdnCopy: .init(headers: [("Content-Type", "application/pkcs7-mime")], body: signed))
    #expect(report.cdn?.requirement.status == .pass)
    #expect(report.cdn?.requirement.detail.hasPrefix("the same as the origin's") == true)
  }

  @Test func noCopyYetIsAWarning() async throws {
    let report = try await check(cdnCopy: .notFound)
    #expect(report.cdn?.requirement.status == .warn)
    #expect(report.cdn?.requirement.detail.contains("has no copy") == true)
  }

  @Test func connectToChecksANameAgainstAnotherServerWithTLSJudgedForTheName() async throws {
    let staging = try TestCertificate.selfSigned(
      in: directory, name: "staging", commonName: "aasa-staging.test",
      alternativeNames: [.dns("aasa-staging.test")])
    let report = try await withServer(certificate: staging, routes: Fixtures.correctSite) {
      server in
      var options = try Fixtures.options(server, trusting: staging)
      options.site = SiteAddress(host: "aasa-staging.test")
      options.connectTo = try ConnectTo(parsing: "aasa-staging.test:443:127.0.0.1:\(server.port)")
      return await LiveCheck(options: options).run()
    }
    let notPassing = report.allRequirements.filter { $0.requirement.status != .pass }
    #expect(notPassing.isEmpty, "\(notPassing)")
    #expect(
      report.requirement("connection")?.detail.hasSuffix(
        " for aasa-staging.test:443, in place of its own address") == true)
    #expect(report.requirement("tls-hostname")?.detail.hasPrefix("aasa-staging.test") == true)
    #expect(
      report.check(of: .association)?.url
        == "https://aasa-staging.test/.well-known/apple-app-site-association")
  }

  @Test func connectToJudgesTheCertificateForTheNameNotTheAddress() async throws {
    // The certificate names only 127.0.0.1 and localhost: wrong for aasa-staging.test.
    let report = try await withServer(certificate: certificate, routes: Fixtures.correctSite) {
      server in
      var options = try Fixtures.options(server, trusting: certificate)
      options.site = SiteAddress(host: "aasa-staging.test")
      options.connectTo = try ConnectTo(parsing: "::127.0.0.1:\(server.port)")
      return await LiveCheck(options: options).run()
    }
    #expect(report.requirement("tls-hostname")?.status == .fail)
    #expect(report.requirement("status", of: .association)?.status == .pass)
  }

  @Test func connectToArgumentsAreParsedAsCurlDoes() throws {
    let full = try ConnectTo(parsing: "example.com:443:[::1]:8443")
    #expect(full == ConnectTo(host: "example.com", port: 443, address: "::1", addressPort: 8443))
    #expect(full.description == "example.com:443:[::1]:8443")
    let any = try ConnectTo(parsing: "::staging.example.net:")
    #expect(any.applies(to: SiteAddress(host: "example.com", port: 8443)))
    #expect(
      any.target(for: SiteAddress(host: "example.com", port: 8443)) == ("staging.example.net", 8443)
    )
    #expect(!full.applies(to: SiteAddress(host: "www.example.com")))
    #expect(throws: ConnectTo.InvalidArgument.self) { try ConnectTo(parsing: "example.com:443") }
    #expect(throws: ConnectTo.InvalidArgument.self) { try ConnectTo(parsing: "a:99999:b:1") }
  }

  /// For the validator page, Apple's CDN is vetted like any host the check reaches: its name is
  /// resolved by the vetting (here to 127.0.0.1, for a name no resolver knows) and connected to at
  /// that address; a refusal asks nothing of it and says why.
  @Test(arguments: [true, false])
  func theCDNIsVettedForSomeoneElse(allowed: Bool) async throws {
    let named = try TestCertificate.selfSigned(
      in: directory, name: "cdn-named", alternativeNames: [.dns("cdn.aasa.test"), .loopback])
    let asked = CDNRequests()
    let routes: StubHTTPS.PathRoutes = { path in
      guard path == "/a/v1/127.0.0.1" else { return Fixtures.correctSite(path) }
      asked.count()
      return .json(Fixtures.association)
    }
    let report = try await withServer(certificate: named, routes: routes) { server in
      var options = try Fixtures.options(server, trusting: named)
      options.cdnBase = "https://cdn.aasa.test:\(server.port)/a/v1/"
      options.vetOtherHost = { host, port in
        guard allowed, host == "cdn.aasa.test", port == server.port else {
          throw VetRefusal(description: "\(host) resolves to 10.0.0.7, a private address")
        }
        return "127.0.0.1"
      }
      return await LiveCheck(options: options).run()
    }
    let cdn = try #require(report.cdn?.requirement)
    if allowed {
      #expect(cdn.status == .pass, "\(cdn.detail)")
      #expect(asked.total == 1)
    } else {
      #expect(cdn.status == .warn)
      #expect(cdn.detail == "not asked: cdn.aasa.test resolves to 10.0.0.7, a private address")
      #expect(asked.total == 0)
    }
  }

  struct VetRefusal: Error, CustomStringConvertible {
    var description: String
  }

  final class CDNRequests: @unchecked Sendable {
    private let lock = NSLock()
    private var seen = 0
    func count() { lock.withLock { seen += 1 } }
    var total: Int { lock.withLock { seen } }
  }
}
