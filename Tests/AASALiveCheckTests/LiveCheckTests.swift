import AASALiveCheck
import Foundation
import NIOHTTP1
import TestSupport
import Testing

/// The live check against real HTTPS servers on 127.0.0.1, each misconfigured in one way.
@Suite struct LiveCheckTests {
  let directory: TemporaryDirectory
  let certificate: TestCertificate

  init() async throws {
    directory = try TemporaryDirectory()
    certificate = try TestCertificate.selfSigned(in: directory)
  }

  func check(
    _ routes: @escaping StubHTTPS.PathRoutes, trusted: Bool = true, paths: [String] = [],
    app: String? = nil, timeout: Double = Fixtures.timeout
  ) async throws -> LiveCheckReport {
    try await withServer(certificate: certificate, routes: routes) { server in
      let options = try Fixtures.options(
        server, trusting: trusted ? certificate : nil, paths: paths, app: app, timeout: timeout)
      return await LiveCheck(options: options).run()
    }
  }

  @Test func aCorrectSitePassesEveryRequirement() async throws {
    let report = try await check(
      Fixtures.correctSite, paths: ["/albums/1", "/albums/2"], app: Fixtures.app)
    let notPassing = report.allRequirements.filter { $0.requirement.status != .pass }
    #expect(notPassing.isEmpty, "\(notPassing)")
    #expect(report.exitStatus == .success)
    for name in ["connection", "tls-chain", "tls-hostname", "tls-expiry"] {
      #expect(report.requirement(name)?.status == .pass, "\(name)")
    }
    for name in [
      "status", "redirect", "content-type", "size", "content-encoding", "json", "lint", "app",
    ] {
      #expect(report.requirement(name, of: .association)?.status == .pass, "\(name)")
    }
    #expect(
      report.requirement("size", of: .association)?.detail.hasPrefix(
        "\(Fixtures.association.utf8.count) bytes") == true)
    #expect(report.check(of: .assetLinks)?.lint?.kind == .assetLinks)
    #expect(report.routings.map(\.input.text) == ["/albums/1", "/albums/2"])
  }

  @Test func aRedirectFailsAndShowsTheLocation() async throws {
    let target = "https://www.example.com/.well-known/apple-app-site-association"
    let report = try await check(
      Fixtures.site(
        serving: .init(status: .movedPermanently, headers: [("Location", target)])))
    let redirect = try #require(report.requirement("redirect", of: .association))
    #expect(redirect.status == .fail)
    #expect(redirect.detail.contains(target))
    #expect(report.requirement("status", of: .association)?.detail.hasPrefix("301") == true)
    #expect(report.exitStatus == .findings)
  }

  @Test func aForbiddenResponseFails() async throws {
    let report = try await check(
      Fixtures.site(serving: .init(status: .forbidden, headers: [], body: Array("no".utf8))))
    let status = try #require(report.requirement("status", of: .association))
    #expect(status.status == .fail)
    #expect(status.detail.hasPrefix("403 Forbidden"))
    #expect(report.exitStatus == .findings)
  }

  @Test func aWrongContentTypeIsOnlyAWarning() async throws {
    let report = try await check(
      Fixtures.site(serving: .json(Fixtures.association, contentType: "text/html; charset=utf-8")))
    let contentType = try #require(report.requirement("content-type", of: .association))
    #expect(contentType.status == .warn)
    #expect(contentType.detail.contains("text/html"))
    #expect(report.exitStatus == .success)
  }

  @Test func aFileOverTheLimitFailsWithoutBeingReadWhole() async throws {
    let padding = String(repeating: " ", count: 200 * 1024)
    let report = try await check(
      Fixtures.site(serving: .json("{\"applinks\": {\"details\": []}}" + padding)))
    let size = try #require(report.requirement("size", of: .association))
    #expect(size.status == .fail)
    #expect(size.detail.hasPrefix("more than 131072 bytes"))
    #expect(report.check(of: .association)?.lintedSource?.count == 131_073)
    #expect(report.exitStatus == .findings)
  }

  @Test func aSelfSignedCertificateFailsWithoutTheCAFile() async throws {
    let report = try await check(Fixtures.correctSite, trusted: false)
    let chain = try #require(report.requirement("tls-chain"))
    #expect(chain.status == .fail)
    #expect(chain.detail.contains("system roots"))
    #expect(report.requirement("tls-hostname")?.status == .pass)
    // Everything else is still checked, so one bad certificate does not hide other findings.
    #expect(report.requirement("status", of: .association)?.status == .pass)
    #expect(report.exitStatus == .findings)
  }

  @Test func theSameCertificatePassesWithTheCAFile() async throws {
    let report = try await check(Fixtures.correctSite, trusted: true)
    let chain = try #require(report.requirement("tls-chain"))
    #expect(chain.status == .pass)
    // The library names the file; `aasa-lint` names it `--ca-file PATH` (CheckCommandTests).
    #expect(chain.detail.hasPrefix("trusted by /"), "\(chain.detail)")
    #expect(chain.detail.contains("server.pem via"))
    #expect(report.exitStatus == .success)
  }

  @Test func aSlowResponseTimesOut() async throws {
    var slow = StubHTTPS.Answer.json(Fixtures.association)
    slow.delay = .seconds(12)
    // No wall-clock bound: on two cores, the synchronous end-to-end tests running beside this
    // one can hold every cooperative thread for tens of seconds (35 s once in CI), so the time an
    // awaited check takes says nothing. "timed out" is the proof: without the timeout, the
    // answer would have come after the delay and passed.
    let report = try await withServer(
      certificate: certificate, routes: Fixtures.site(serving: slow)
    ) { server in
      let options = try Fixtures.options(server, trusting: certificate, timeout: 1)
      return await LiveCheck(options: options).run()
    }
    let response = try #require(report.requirement("response", of: .association))
    #expect(response.status == .fail)
    #expect(response.detail.contains("timed out"))
    #expect(report.exitStatus == .findings)
  }

  @Test func aBodySentByteByByteIsCutOffAtTheTimeout() async throws {
    var trickle = StubHTTPS.Answer.json("")
    // Each byte comes well within the read timeout; the whole body never would.
    trickle.trickle = .milliseconds(200)
    // Not timed, for the reason in `aSlowResponseTimesOut`: an uncut trickle would end and pass.
    let report = try await withServer(
      certificate: certificate, routes: Fixtures.site(serving: trickle)
    ) { server in
      let options = try Fixtures.options(server, trusting: certificate, timeout: 2)
      return await LiveCheck(options: options).run()
    }
    let response = try #require(report.requirement("response", of: .association))
    #expect(response.status == .fail)
    #expect(response.detail.contains("timed out"))
  }

  @Test func aServerThatNeverSpeaksTLSTimesOut() async throws {
    // Not timed, for the reason in `aSlowResponseTimesOut`: the message names the 1 s limit.
    let report = try await StubHTTPS.withSilentServer { port in
      let options = LiveCheckOptions(
        site: SiteAddress(host: "127.0.0.1", port: port), timeoutSeconds: 1)
      return await LiveCheck(options: options).run()
    }
    let tls = try #require(report.requirement("tls"))
    #expect(tls.status == .fail)
    #expect(tls.detail.contains("1 s"), "\(tls.detail)")
  }

  @Test func aRefusedConnectionIsOneClearLine() async throws {
    let refused = try RefusedPort()
    defer { withExtendedLifetime(refused) {} }
    let port = refused.port
    let options = LiveCheckOptions(
      site: SiteAddress(host: "127.0.0.1", port: port), timeoutSeconds: 5)
    let report = await LiveCheck(options: options).run()
    let connection = try #require(report.requirement("connection"))
    #expect(connection.status == .fail)
    #expect(connection.detail.contains("refused"))
    #expect(report.resources.isEmpty)
    #expect(report.exitStatus == .findings)
  }

  @Test func anUnresolvableHostIsOneClearLine() async throws {
    let options = LiveCheckOptions(
      site: SiteAddress(host: "no-such-host.invalid"), timeoutSeconds: 5)
    let report = await LiveCheck(options: options).run()
    let connection = try #require(report.requirement("connection"))
    #expect(connection.status == .fail)
    #expect(connection.detail.contains("no-such-host.invalid"))
  }

  @Test func aCertificateForAnotherHostFailsTheHostname() async throws {
    let other = try TestCertificate.selfSigned(
      in: directory, name: "other", commonName: "other.example",
      alternativeNames: [.dns("other.example")])
    let report = try await withServer(certificate: other, routes: Fixtures.correctSite) { server in
      await LiveCheck(options: try Fixtures.options(server, trusting: other)).run()
    }
    let hostname = try #require(report.requirement("tls-hostname"))
    #expect(hostname.status == .fail)
    #expect(hostname.detail.contains("other.example"))
  }

  @Test func aCertificateExpiringSoonIsAWarning() async throws {
    let soon = try TestCertificate.selfSigned(in: directory, name: "soon", days: 10)
    let report = try await withServer(certificate: soon, routes: Fixtures.correctSite) { server in
      await LiveCheck(options: try Fixtures.options(server, trusting: soon)).run()
    }
    let expiry = try #require(report.requirement("tls-expiry"))
    #expect(expiry.status == .warn)
    #expect(expiry.detail.contains("days"))
    #expect(report.exitStatus == .success)
  }

  /// `aasa-serve` refuses to start with a 1024-bit RSA key (`CertificateKeyDemands`); `check`
  /// fails a site that presents one, in the same words. swift-certificates reads no such key (nor
  /// trusts it as a root), so the chain is not judged: the key is.
  @Test func aWeakKeyFailsAsTheServerRefusesIt() async throws {
    let weak = try TestCertificate.selfSigned(in: directory, name: "weak", keyType: .weakRSA)
    let report = try await withServer(certificate: weak, routes: Fixtures.correctSite) { server in
      await LiveCheck(options: try Fixtures.options(server, trusting: nil)).run()
    }
    #expect(report.requirement("connection")?.status == .pass)
    let key = try #require(report.requirement("tls-key"))
    #expect(key.status == .fail)
    #expect(
      key.detail
        == "the certificate has a 1024-bit RSA key; at least 2048 bits are needed; "
        + "Apple's fetcher refuses it")
  }

  @Test func anAcceptedKeyAddsNoLine() async throws {
    let report = try await check(Fixtures.correctSite)
    #expect(report.requirement("tls-key") == nil)
  }

  @Test func missingOptionalFilesAreInformation() async throws {
    let report = try await check { path in
      path == "/.well-known/apple-app-site-association"
        ? .json(Fixtures.association) : .notFound
    }
    #expect(report.requirement("status", of: .legacyAssociation)?.status == .info)
    #expect(report.requirement("status", of: .assetLinks)?.status == .info)
    #expect(report.exitStatus == .success)
  }

  @Test func aMissingAssociationFileFails() async throws {
    let report = try await check { _ in .notFound }
    #expect(report.requirement("status", of: .association)?.status == .fail)
    #expect(report.exitStatus == .findings)
  }

  @Test func lintErrorsOfTheLiveFileFailTheCheck() async throws {
    let report = try await check(Fixtures.site(serving: .json("{\"applinks\": {\"details\": [}")))
    #expect(report.requirement("json", of: .association)?.status == .fail)
    #expect(report.requirement("lint", of: .association)?.status == .fail)
    #expect(report.check(of: .association)?.lint?.diagnostics.isEmpty == false)
  }

  @Test func anAppTheFileDoesNotNameFails() async throws {
    let report = try await check(Fixtures.correctSite, app: "ABCDE12345.com.example.other")
    let app = try #require(report.requirement("app", of: .association))
    #expect(app.status == .fail)
    #expect(app.detail.contains(Fixtures.app))
  }

  @Test func aSignedFileIsUnwrappedAndItsSignerNamed() async throws {
    let signer = try TestCertificate.selfSigned(
      in: directory, name: "signer", commonName: "Example Signer", keyType: .rsa)
    let signed = try await signer.sign(Fixtures.association, in: directory)
    let report = try await withServer(
      certificate: certificate,
      routes: Fixtures.site(
        serving: .init(headers: [("Content-Type", "application/pkcs7-mime")], body: signed))
    ) { server in
      // One --ca-file trusting both the server's certificate and the signer's.
      let bundle = try directory.write(
        "bundle.pem",
        try String(contentsOfFile: certificate.certificatePath, encoding: .utf8)
          + String(contentsOfFile: signer.certificatePath, encoding: .utf8))
      var options = try Fixtures.options(server, trusting: certificate)
      options.trust = try TrustRoots.caFile(bundle)
      return await LiveCheck(options: options).run()
    }
    #expect(report.requirement("content-type", of: .association)?.status == .pass)
    let signature = try #require(report.requirement("signature", of: .association))
    #expect(signature.status == .pass)
    #expect(signature.detail.contains("CN=Example Signer"))
    #expect(report.requirement("signer-trust", of: .association)?.status == .pass)
    #expect(report.requirement("lint", of: .association)?.status == .pass)
    #expect(report.check(of: .association)?.lintedSource == Array(Fixtures.association.utf8))
    #expect(report.exitStatus == .success)
  }
}
