import AASALiveCheck
import Foundation
import TestSupport
import Testing

/// Apple's CDN is fetched with its certificate verified (the system's roots and the `--ca-file`),
/// while the origin's stays fetched unverified and judged apart: a CDN answer from a server whose
/// certificate is not trusted, or names another host, is refused with a clear line and not used.
/// Two HTTPS servers on 127.0.0.1, each with a certificate made for the test.
@Suite struct CDNTrustTests {
  let directory: TemporaryDirectory
  /// The site's, trusted through the `--ca-file`.
  let certificate: TestCertificate

  init() async throws {
    directory = try TemporaryDirectory()
    certificate = try TestCertificate.selfSigned(in: directory)
  }

  /// A check of a correct site on one server whose CDN copy comes from a second server using
  /// `cdnCertificate`, trusting `trusted` (the site's certificate unless told otherwise).
  func check(cdnCertificate: TestCertificate, trusting trusted: String? = nil) async throws
    -> (report: LiveCheckReport, cdnRequests: Int)
  {
    let cdnHits = RequestCounter()
    let report = try await withServer(certificate: certificate, routes: Fixtures.correctSite) {
      site in
      try await withServer(
        certificate: cdnCertificate,
        routes: { path in
          cdnHits.increment()
          return path == "/a/v1/127.0.0.1" ? .json(Fixtures.association) : .notFound
        }
      ) { cdn in
        var options = try Fixtures.options(site, trusting: nil)
        options.trust = try TrustRoots.caFile(trusted ?? certificate.certificatePath)
        options.cdnBase = cdn.url + "/a/v1"
        return await LiveCheck(options: options).run()
      }
    }
    return (report, cdnHits.value)
  }

  @Test func aCDNWithAnUntrustedCertificateIsRefused() async throws {
    let stranger = try TestCertificate.selfSigned(in: directory, name: "stranger")
    let (report, requests) = try await check(cdnCertificate: stranger)
    // Refused during the handshake: no request reached the server.
    #expect(requests == 0)
    let cdn = try #require(report.cdn?.requirement)
    #expect(cdn.status == .warn)
    #expect(
      cdn.detail.hasPrefix(
        "Apple's CDN's answer was refused and is not used, because its TLS connection could not be verified: TLS handshake with 127.0.0.1:"
      ), "\(cdn.detail)")
    #expect(cdn.detail.contains("certificate is not trusted"), "\(cdn.detail)")
    // Nothing of the answer is used: no comparison, no headers.
    #expect(report.requirements("cdn-header").isEmpty)
    #expect(report.requirements("cdn-route").isEmpty)
    // The origin itself, on its own certificate, still passes.
    #expect(report.requirement("tls-chain")?.status == .pass)
  }

  @Test func aCDNWhoseTrustedCertificateNamesAnotherHostIsRefused() async throws {
    let elsewhere = try TestCertificate.selfSigned(
      in: directory, name: "elsewhere", commonName: "cdn.example.net",
      alternativeNames: [.dns("cdn.example.net")])
    // Both certificates trusted: only the host name is wrong.
    let bundle = try directory.write(
      "bundle.pem",
      try String(contentsOfFile: certificate.certificatePath, encoding: .utf8)
        + String(contentsOfFile: elsewhere.certificatePath, encoding: .utf8))
    let (report, requests) = try await check(cdnCertificate: elsewhere, trusting: bundle)
    #expect(requests == 0)
    let cdn = try #require(report.cdn?.requirement)
    #expect(cdn.status == .warn)
    #expect(
      cdn.detail.hasPrefix("Apple's CDN's answer was refused and is not used"), "\(cdn.detail)")
  }

  @Test func aCDNTrustedThroughTheCAFileIsCompared() async throws {
    let (report, requests) = try await check(cdnCertificate: certificate)
    #expect(requests == 1)
    #expect(report.cdn?.requirement.status == .pass, "\(String(describing: report.cdn))")
    #expect(report.cdn?.requirement.detail.hasPrefix("the same as the origin's") == true)
  }

  @Test func theOriginStaysFetchedUnverified() async throws {
    // The site's certificate is not trusted at all; its files are still fetched and judged,
    // and the certificate is judged on its own line.
    let stranger = try TestCertificate.selfSigned(in: directory, name: "stranger")
    let report = try await withServer(certificate: certificate, routes: Fixtures.correctSite) {
      server in
      var options = try Fixtures.options(server, trusting: stranger)
      options.cdnBase = server.url + "/a/v1"
      return await LiveCheck(options: options).run()
    }
    #expect(report.check(of: .association)?.lint?.association != nil)
    #expect(report.requirement("tls-chain")?.status == .fail)
    // The CDN on that same untrusted certificate is refused.
    #expect(
      report.cdn?.requirement.detail.hasPrefix("Apple's CDN's answer was refused") == true,
      "\(String(describing: report.cdn))")
  }

  /// Google's Digital Asset Links API (`--google-base`) is a third party too.
  @Test func googlesAPIWithAnUntrustedCertificateIsRefused() async throws {
    let stranger = try TestCertificate.selfSigned(in: directory, name: "stranger")
    let asked = RequestCounter()
    let report = try await withServer(certificate: certificate, routes: Fixtures.correctSite) {
      site in
      try await withServer(
        certificate: stranger,
        routes: { _ in
          asked.increment()
          return .json(#"{"statements": []}"#)
        }
      ) { google in
        var options = try Fixtures.options(site, trusting: certificate)
        options.googleBase = google.url
        return await LiveCheck(options: options).run()
      }
    }
    let line = try #require(report.requirement("google", of: .assetLinks))
    #expect(line.status == .warn)
    #expect(
      line.detail.hasPrefix(
        "Google's API's answer was refused and is not used, because its TLS connection could not be verified"
      ), "\(line.detail)")
    #expect(asked.value == 0)
  }

  @Test func theCommandLineSaysTheCDNWasRefused() async throws {
    let stranger = try TestCertificate.selfSigned(in: directory, name: "stranger")
    let result = try await withServer(certificate: certificate, routes: Fixtures.correctSite) {
      site in
      try await withServer(certificate: stranger, routes: { _ in .json(Fixtures.association) }) {
        cdn in
        try await ChildProcess.run(
          CheckCommandTests.executable,
          [
            "check", site.url, "--cdn-base", "\(cdn.url)/a/v1", "--ca-file",
            certificate.certificatePath, "--color", "never",
          ])
      }
    }
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(
      result.stdout.contains(
        "warn  cdn              Apple's CDN's answer was refused and is not used"),
      "\(result.stdout)")
  }
}

/// A count shared with a server's routes.
final class RequestCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  func increment() { lock.withLock { count += 1 } }
  var value: Int { lock.withLock { count } }
}
