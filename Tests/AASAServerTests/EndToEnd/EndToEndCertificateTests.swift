import Crypto
import Foundation
import TestSupport
import Testing
import X509

/// Certificates Apple's fetcher would refuse stop start-up, with one clear line each.
@Suite("aasa-serve end to end: certificates", .programsTimeLimit)
struct EndToEndCertificateTests {
  /// A self-signed P-256 certificate with the given validity, with or without subjectAltName.
  func writeCertificate(
    in directory: TemporaryDirectory, name: String, notValidBefore: Date, notValidAfter: Date,
    alternativeNames: Bool = true
  ) throws -> [String] {
    let key = P256.Signing.PrivateKey()
    let subject = try DistinguishedName { CommonName("localhost") }
    let certificate = try Certificate(
      version: .v3, serialNumber: Certificate.SerialNumber(),
      publicKey: Certificate.PublicKey(key.publicKey), notValidBefore: notValidBefore,
      notValidAfter: notValidAfter, issuer: subject, subject: subject,
      signatureAlgorithm: .ecdsaWithSHA256,
      extensions: Certificate.Extensions {
        Critical(KeyUsage(digitalSignature: true))
        if alternativeNames { SubjectAlternativeNames([.dnsName("localhost")]) }
      },
      issuerPrivateKey: Certificate.PrivateKey(key))
    let certificatePath = try directory.write(
      "\(name)-cert.pem", try certificate.serializeAsPEM().pemString)
    let keyPath = try directory.write("\(name)-key.pem", key.pemRepresentation)
    return ["--tls-cert", certificatePath, "--tls-key", keyPath]
  }

  /// A self-signed certificate made by openssl for keys swift-crypto does not make.
  func writeOpenSSLCertificate(in directory: TemporaryDirectory, name: String, key: String)
    async throws
    -> [String]
  {
    let certificate = directory.file("\(name)-cert.pem")
    let keyPath = directory.file("\(name)-key.pem")
    let result = try await run(
      ExecutableLookup.require("openssl"),
      [
        "req", "-x509", "-newkey", key, "-nodes", "-keyout", keyPath, "-out", certificate,
        "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost", "-days", "30",
      ])
    try #require(result.status == 0, "\(result.stderr)")
    return ["--tls-cert", certificate, "--tls-key", keyPath]
  }

  @Test func certificatesApplesFetcherRefusesStopStartup() async throws {
    let site = try TemporaryDirectory.standardSite()
    let day: TimeInterval = 24 * 3600
    let now = Date()
    let cases: [([String], String)] = [
      (
        try writeCertificate(
          in: site, name: "expired", notValidBefore: now - 400 * day,
          notValidAfter: now - 30 * day), "expired on"
      ),
      (
        try writeCertificate(
          in: site, name: "future", notValidBefore: now + 30 * day,
          notValidAfter: now + 400 * day), "is not valid until"
      ),
      (
        try writeCertificate(
          in: site, name: "nosan", notValidBefore: now - day, notValidAfter: now + 90 * day,
          alternativeNames: false), "has no subjectAltName"
      ),
      (
        try await writeOpenSSLCertificate(in: site, name: "rsa1024", key: "rsa:1024"),
        "1024-bit RSA"
      ),
      (try await writeOpenSSLCertificate(in: site, name: "ed25519", key: "ed25519"), "Ed25519"),
    ]
    for (flags, expected) in cases {
      let server = try await ServerProcess(
        ["--root", site.site, "--port", "0"] + flags, expectFailure: true)
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
    let flags = try writeCertificate(
      in: site, name: "expired", notValidBefore: now - 400 * 24 * 3600,
      notValidAfter: now - 30 * 24 * 3600)
    let server = try await ServerProcess(
      ["--root", site.site, "--port", "0", "--allow-untrusted-certificate"] + flags)
    #expect(server.output.contains("warning the certificate"))
    #expect(server.output.contains("expired on"))
    let response = try CurlResponse(
      await curl(["-k"], server.url("/.well-known/apple-app-site-association")))
    #expect(response.status == 200)
  }
}
