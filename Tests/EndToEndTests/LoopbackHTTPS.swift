import Foundation
import TestSupport

/// The shared HTTPS stub on loopback, with a certificate for `localhost` and 127.0.0.1 made for
/// the test, answering fixed bodies by path: for tests of fetched files and pages.
final class LoopbackHTTPS: Sendable {
  let directory: TemporaryDirectory
  /// The authority that signed the server's certificate: the file for `--ca-file`.
  let certificate: String
  let server: StubHTTPS
  var port: Int { server.port }

  /// Starts the server answering `routes` (path → content type and body); every other path
  /// gets 404.
  init(routes: [String: (type: String, body: [UInt8])]) async throws {
    directory = try TemporaryDirectory(label: "loopback-https")
    let made = try LoopbackCertificate(in: directory)
    certificate = made.authorityFile
    server = try await StubHTTPS.start(
      certificate: made,
      answers: routes.mapValues {
        StubHTTPS.Answer(headers: [("Content-Type", $0.type)], body: $0.body)
      })
  }

  /// `https://localhost:PORT` + `path`.
  func url(_ path: String) -> String { "https://localhost:\(port)\(path)" }
}
