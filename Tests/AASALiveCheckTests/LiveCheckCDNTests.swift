import AASALiveCheck
import TestSupport
import Testing

/// `--cdn` (Apple's CDN copy compared with the origin's) and `--connect-to`, against real HTTPS
/// servers on 127.0.0.1; the CDN is the same test server under `/a/v1/`, through `--cdn-base`.
@Suite struct LiveCheckCDNTests {
  let directory: TemporaryDirectory
  let certificate: TestCertificate

  init() async throws {
    directory = try TemporaryDirectory()
    certificate = try await TestCertificate.selfSigned(in: directory)
  }

  /// A correct site whose CDN copy (`/a/v1/127.0.0.1`) is `cdnCopy`.
  func check(cdnCopy: TestHTTPSServer.Response) async throws -> LiveCheckReport {
    let routes: TestHTTPSServer.Routes = { path in
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

  @Test func aGzipEncodedCopyIsDecodedBeforeComparing() async throws {
    let report = try await check(
      cdnCopy: Fixtures.encoded(Compression.gzip(Fixtures.association), as: "gzip"))
    #expect(report.cdn?.requirement.status == .pass)
  }

  @Test func aSignedCopyIsComparedByItsContent() async throws {
    let signer = try await TestCertificate.selfSigned(in: directory, name: "signer")
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
    let staging = try await TestCertificate.selfSigned(
      in: directory, name: "staging", commonName: "aasa-staging.test",
      alternativeNames: "DNS:aasa-staging.test")
    let report = try await withServer(certificate: staging, routes: Fixtures.correctSite) {
      server in
      var options = try Fixtures.options(server, trusting: staging)
      options.site = SiteAddress(host: "aasa-staging.test")
      options.connectTo = try ConnectTo(parsing: "aasa-staging.test:443:127.0.0.1:\(server.port)")
      return await LiveCheck(options: options).run()
    }
    let notPassing = report.allRequirements.filter { $0.requirement.status != .pass }
    #expect(notPassing.isEmpty, "\(notPassing)")
    #expect(report.requirement("connection")?.detail.contains("--connect-to") == true)
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
}
