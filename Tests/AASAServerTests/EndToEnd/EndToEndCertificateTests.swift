import Foundation
import TestSupport
import Testing

/// Certificates Apple's fetcher would refuse stop start-up, with one clear line each.
@Suite("aasa-serve end to end: certificates", .programsTimeLimit)
struct EndToEndCertificateTests {
  /// aasa-serve's flags for serving `certificate`.
  func flags(_ certificate: TestCertificate) -> [String] {
    ["--tls-cert", certificate.certificatePath, "--tls-key", certificate.keyPath]
  }

  @Test func certificatesApplesFetcherRefusesStopStartup() async throws {
    let site = try TemporaryDirectory.standardSite()
    let day: TimeInterval = 24 * 3600
    let now = Date()
    let cases: [(TestCertificate, String)] = [
      (
        try TestCertificate.selfSigned(
          in: site, name: "expired", notValidBefore: now - 400 * day,
          notValidAfter: now - 30 * day), "expired on"
      ),
      (
        try TestCertificate.selfSigned(
          in: site, name: "future", notValidBefore: now + 30 * day,
          notValidAfter: now + 400 * day), "is not valid until"
      ),
      (
        try TestCertificate.selfSigned(in: site, name: "nosan", alternativeNames: [], days: 90),
        "has no subjectAltName"
      ),
      (
        try TestCertificate.selfSigned(in: site, name: "rsa1024", keyType: .weakRSA), "1024-bit RSA"
      ),
      (try TestCertificate.selfSigned(in: site, name: "ed25519", keyType: .ed25519), "Ed25519"),
    ]
    for (certificate, expected) in cases {
      let server = try await ServerProcess(
        ["--root", site.site, "--port", "0"] + flags(certificate), expectFailure: true)
      #expect(try await server.waitForExit() == 2, "\(expected)")
      let lines = server.stderr.text.split(separator: "\n")
      #expect(lines.count == 2, "\(lines)")
      #expect(lines.first?.contains(expected) == true, "\(lines)")
      #expect(lines.last?.contains("--allow-untrusted-certificate") == true, "\(lines)")
      #expect(!server.output.contains("listening on"))
    }
  }

  @Test func allowUntrustedCertificateServesWithAWarning() async throws {
    let site = try TemporaryDirectory.standardSite()
    let now = Date()
    let expired = try TestCertificate.selfSigned(
      in: site, name: "expired", notValidBefore: now - 400 * 24 * 3600,
      notValidAfter: now - 30 * 24 * 3600)
    let server = try await ServerProcess(
      ["--root", site.site, "--port", "0", "--allow-untrusted-certificate"] + flags(expired))
    #expect(server.output.contains("warning the certificate"))
    #expect(server.output.contains("expired on"))
    let response = try CurlResponse(
      await curl(["-k"], server.url("/.well-known/apple-app-site-association")))
    #expect(response.status == 200)
  }
}
