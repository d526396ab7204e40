import Foundation
import TestSupport

/// `examples/site` served by the built `aasa-serve` over TLS on 127.0.0.1 (any free port), with a
/// certificate made for the test (``LoopbackCertificate``): the live site the validator's tests
/// check, route and diff. A validator trusts it through the certificate's `authorityFile`.
struct ExampleSite {
  let certificate: LoopbackCertificate
  let server: RunningProgram
  let port: Int

  var origin: String { "https://127.0.0.1:\(port)" }

  init(in directory: TemporaryDirectory) async throws {
    certificate = try LoopbackCertificate(in: directory)
    server = try RunningProgram(
      "aasa-serve",
      [
        "--root", "examples/site", "--port", "0", "--tls-cert", certificate.chainFile,
        "--tls-key", certificate.keyFile, "--allow-untrusted-certificate",
      ], in: directory)
    port = try await server.wait(for: "listening line") { text in
      text.firstMatch(of: /listening on https:\/\/127\.0\.0\.1:(\d+)/).flatMap { Int($0.1) }
    }
  }
}

extension RunningProgram {
  /// `aasa-lint web`'s first line of standard output: the page's URL, once it listens.
  func validatorURL(timeout: Duration = .seconds(5)) async throws -> String {
    try await wait(for: "URL on the first line", timeout: timeout) { text in
      text.split(separator: "\n").first.map(String.init).flatMap {
        $0.hasPrefix("http://127.0.0.1:") ? $0 : nil
      }
    }
  }
}
