import AASAServer
import NIOCore
import NIOSSL
import TestSupport
import Testing

@Suite("TLS set-up")
struct TLSSetupTests {
  @Test func selfSignedMakesAContext() throws {
    let loaded = try #require(try TLSSetup.load(.selfSigned))
    #expect(loaded.curlTrustOption == "-k ")
    #expect(TLSSetup.applicationProtocols == ["h2", "http/1.1"])
  }

  @Test func certificateFilesLoad() throws {
    let site = try TemporaryDirectory()
    let (certificate, key) = try site.writeCertificate()
    let loaded = try #require(try TLSSetup.load(.files(certificate: certificate, key: key)))
    #expect(loaded.curlTrustOption == "--cacert \(certificate) ")
    #expect(loaded.summary.contains("localhost"))
  }

  /// NIOSSL's 5 s default kept every connection the server closed in memory for 5 s after the
  /// client had gone (170 MB after 20,000 sequential connections; see BENCHMARKS.md).
  @Test func aClosingConnectionWaitsAQuarterSecondForTheClientsCloseNotify() throws {
    let loaded = try #require(try TLSSetup.load(.selfSigned))
    #expect(loaded.context.configuration.shutdownTimeout == .milliseconds(250))
  }

  func startupError(_ source: TLSSource) -> String? {
    do {
      _ = try TLSSetup.load(source)
      return nil
    } catch {
      #expect(error.exitCode == 2)
      return error.message
    }
  }

  @Test func missingFileIsAClearError() throws {
    let message = startupError(
      .files(certificate: "/nonexistent/cert.pem", key: "/nonexistent/key.pem"))
    #expect(message?.contains("cannot read the certificate file /nonexistent/cert.pem") == true)
  }

  @Test func garbageIsAClearError() throws {
    let site = try TemporaryDirectory()
    let (certificate, key) = try site.writeCertificate()
    let garbage = try site.write("tls/garbage.pem", "not a certificate")
    #expect(
      startupError(.files(certificate: garbage, key: key))?.contains("holds no certificate")
        == true
        || startupError(.files(certificate: garbage, key: key))?.contains("is not a PEM") == true)
    #expect(
      startupError(.files(certificate: certificate, key: garbage))?.contains(
        "is not a PEM private key") == true)
  }

  @Test func mismatchedKeyIsAClearError() throws {
    let first = try TemporaryDirectory()
    let second = try TemporaryDirectory()
    let (certificate, _) = try first.writeCertificate()
    let (_, otherKey) = try second.writeCertificate()
    let message = startupError(.files(certificate: certificate, key: otherKey))
    #expect(message?.contains("does not belong to the certificate") == true)
  }
}
