import Foundation
import TestSupport
import Testing

/// TLS session resumption: a fetcher that comes back skips the full handshake, whichever event
/// loop its new connection lands on, because every loop shares the certificate's context and so
/// its ticket key.
@Suite("aasa-serve end to end: session resumption", .programsTimeLimit)
struct EndToEndResumptionTests {
  static let request =
    "GET /.well-known/apple-app-site-association HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n"

  /// One `openssl s_client` connection that reads the whole answer (and so the tickets sent
  /// after the handshake), saving the session to `sessionOut` and offering `sessionIn`.
  static func connect(port: Int, sessionIn: String? = nil, sessionOut: String) async throws
    -> String
  {
    var arguments = [
      "s_client", "-connect", "127.0.0.1:\(port)", "-tls1_3", "-ign_eof", "-sess_out", sessionOut,
    ]
    if let sessionIn { arguments += ["-sess_in", sessionIn] }
    let result = try await run(
      ExecutableLookup.require("openssl"), arguments, timeout: 20, input: request)
    return result.stdout + result.stderr
  }

  @Test func aReturningClientResumesOnEveryEventLoopAndAnotherServerRefusesItsTicket() async throws
  {
    let site = try TemporaryDirectory.standardSite()
    let (certificate, key) = try site.writeCertificate()
    let tls = ["--tls-cert", certificate, "--tls-key", key, "--threads", "2"]
    let server = try await ServerProcess(["--root", site.site, "--port", "0"] + tls)
    let first = try await Self.connect(port: server.port, sessionOut: site.file("session-0.pem"))
    #expect(first.contains("New, TLSv1.3"))
    #expect(first.contains("\"applinks\""))

    // Connections are spread over the loops in turn: four in a row reach both of them.
    for attempt in 1...4 {
      let transcript = try await Self.connect(
        port: server.port, sessionIn: site.file("session-\(attempt - 1).pem"),
        sessionOut: site.file("session-\(attempt).pem"))
      #expect(transcript.contains("Reused, TLSv1.3"), "attempt \(attempt): \(transcript)")
      #expect(transcript.contains("\"applinks\""), "attempt \(attempt)")
    }

    // Another process has its own ticket key: the same ticket gets a full handshake there.
    let other = try await ServerProcess(["--root", site.site, "--port", "0"] + tls)
    let elsewhere = try await Self.connect(
      port: other.port, sessionIn: site.file("session-4.pem"), sessionOut: site.file("other.pem"))
    #expect(elsewhere.contains("New, TLSv1.3"), "\(elsewhere)")
    #expect(elsewhere.contains("\"applinks\""))
  }
}
