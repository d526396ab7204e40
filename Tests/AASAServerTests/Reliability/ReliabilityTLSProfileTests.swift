import Foundation
import TestSupport
import Testing

/// aasa-serve's TLS as Mozilla's "intermediate" profile: TLS 1.2 and 1.3 only, ECDHE with AEAD
/// ciphers only, chosen in the server's order; judged by `testssl.sh`, the tool operators run.
@Suite("aasa-serve reliability: the TLS profile", .timeLimit(.minutes(4)))
struct ReliabilityTLSProfileTests {
  /// testssl.sh is installed by `.ci/setup`; outside CI, a machine without it skips the scan.
  static let testssl =
    ExecutableLookup.path(of: "testssl") ?? ExecutableLookup.path(of: "testssl.sh")
  static let scanRuns = testssl != nil || System.environmentVariable("CI") != nil

  /// What testssl.sh may flag: the self-signed certificate the tests use (not trusted, and with
  /// no revocation URL), nothing about the server.
  static func isAboutTheTestCertificate(_ line: Substring) -> Bool {
    line.contains("self signed") || line.contains("neither CRL nor OCSP URI provided")
  }

  @Test(.enabled(if: scanRuns, "testssl.sh is not installed"))
  func testsslFindsNothingButTheSelfSignedCertificate() async throws {
    let testssl = try #require(Self.testssl, "testssl.sh must be installed in CI (.ci/setup)")
    let site = try TemporaryDirectory.standardSite()
    let server = try await ServerProcess(["--root", site.site, "--port", "0", "--self-signed"])
    // Async: the scan takes a minute or more, during which it holds no thread of the test
    // runner's pool.
    let result = try await ChildProcess.run(
      testssl,
      [
        "--quiet", "--color", "0", "--warnings", "off", "--ip", "one", "-p", "-P", "-S", "-U",
        "-e", "127.0.0.1:\(server.port)",
      ], timeout: .seconds(240))
    let report = result.stdout
    #expect(report.contains("TLS 1.3    offered"), "\(report)")
    #expect(report.contains("TLS 1.2    offered"), "\(report)")
    #expect(report.contains("Has server cipher order?     yes"), "\(report)")
    let flagged = report.split(separator: "\n").filter {
      ($0.contains("NOT ok") || $0.contains("VULNERABLE")) && !Self.isAboutTheTestCertificate($0)
    }
    #expect(flagged.isEmpty, "\(flagged.joined(separator: "\n"))")
    // Every TLS 1.2 suite offered is ECDHE with AES-GCM or ChaCha20-Poly1305: no CBC, no RSA
    // key exchange.
    let suites = report.split(separator: "\n").filter {
      $0.hasPrefix(" xc") || $0.hasPrefix(" xcc")
    }
    #expect(!suites.isEmpty, "\(report)")
    for suite in suites {
      #expect(
        suite.contains("ECDHE-") && (suite.contains("GCM") || suite.contains("CHACHA20")),
        "\(suite)")
    }
    #expect(server.process.isRunning)
  }

  /// The server picks the suite by its own order: a TLS 1.2 client that lists ChaCha20 first
  /// still gets AES-128-GCM, the profile's first choice; one that offers only CBC suites gets no
  /// connection.
  @Test func tls12SuitesAreTheServersChoiceAndAEADOnly() async throws {
    let site = try TemporaryDirectory.standardSite()
    let server = try await ServerProcess(["--root", site.site, "--port", "0", "--self-signed"])
    let chosen = try await tlsHandshakeTranscript(
      port: server.port, alpn: "http/1.1",
      extraArguments: [
        "-tls1_2", "-cipher",
        "ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-ECDSA-AES256-GCM-SHA384:ECDHE-ECDSA-AES128-GCM-SHA256",
      ])
    #expect(chosen.contains("ECDHE-ECDSA-AES128-GCM-SHA256"), "\(chosen)")
    let cbc = try await run(
      ExecutableLookup.require("openssl"),
      [
        "s_client", "-connect", "127.0.0.1:\(server.port)", "-tls1_2", "-cipher",
        "ECDHE-ECDSA-AES128-SHA:ECDHE-ECDSA-AES256-SHA:ECDHE-ECDSA-AES128-SHA256",
      ], input: "")
    #expect(!(cbc.stdout + cbc.stderr).contains("Cipher is ECDHE"), "\(cbc.stdout)")
  }
}
