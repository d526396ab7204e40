import Foundation
import TestSupport
import Testing

/// Every network path (an association file, an App Links page, a live check) says what failed in
/// words: no type names, error numbers or library source paths; a refused connection answers at
/// once, not after the timeout.
@Suite("Network failures in words on every path")
struct NetworkFailureWordingTests {
  enum Path: String, CaseIterable {
    case associationFile, page, check

    func arguments(host: String, port: Int) -> [String] {
      switch self {
      case .associationFile:
        ["https://\(host):\(port)/.well-known/apple-app-site-association", "--timeout", "8"]
      case .page: ["https://\(host):\(port)/docs", "--timeout", "8"]
      case .check: ["check", "https://\(host):\(port)", "--timeout", "8"]
      }
    }

    /// Lint paths end as unreadable input; a live check as a failed requirement.
    var status: Int32 { self == .check ? 1 : 2 }
  }

  /// What a library's description leaks, never shown to a person.
  static let leaks = [
    "errno", "NIOSSL", "BoringSSL", "handshake.cc", "error:1000", "OPENSSL_internal",
    "IOError", "HTTPClientError", "NIOConnectionError", "(error set)", "Error(",
  ]

  static func expectWords(
    _ output: ProcessResult, _ words: [String], _ what: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let text = output.stdout + output.stderr
    #expect(
      words.contains { text.contains($0) }, "\(what): none of \(words) in\n\(text)",
      sourceLocation: sourceLocation)
    for leak in leaks {
      #expect(!text.contains(leak), "\(what): \(leak) in\n\(text)", sourceLocation: sourceLocation)
    }
  }

  @Test("a refused connection is named at once on every path", arguments: Path.allCases)
  func refused(path: Path) async throws {
    let port = try await StructuredOutputTests.closedPort()
    // Several tries: a client that retries refused connections waits out the timeout now and then.
    // "refused" (not a timeout's words) shows it was named at once; the bound is only against a
    // blow-up, on the program's own time.
    for _ in 0..<3 {
      let output = try await LintProcess.run(path.arguments(host: "127.0.0.1", port: port))
      #expect(output.status == path.status, "\(output.stdout)\(output.stderr)")
      Self.expectWords(output, ["refused"], "\(path) refused")
      #expect(output.elapsed < .seconds(120), "\(path): \(output.elapsed) for a refused connection")
    }
  }

  @Test(
    "an untrusted certificate fails the handshake in words on every path", arguments: Path.allCases)
  func untrustedCertificate(path: Path) async throws {
    let server = try await LoopbackHTTPS(routes: [
      "/docs": ("text/html", Array(#"<meta property="al:ios:url" content="x://y">"#.utf8))
    ])
    let output = try await LintProcess.run(path.arguments(host: "localhost", port: server.port))
    #expect(output.status == path.status, "\(output.stdout)\(output.stderr)")
    // The server's certificate comes from an authority made for the test, which no trust store
    // holds: the words say the chain reaches no root.
    Self.expectWords(
      output, ["not trusted", "untrusted", "self-signed", "trusted", "no chain"], "\(path) TLS")
    // Only against a blow-up, on the program's own time: the words show the handshake failed.
    #expect(output.elapsed < .seconds(120), "\(output.elapsed)")
  }

  @Test("a host name that does not resolve is named on every path", arguments: Path.allCases)
  func unresolvable(path: Path) async throws {
    let output = try await LintProcess.run(path.arguments(host: "nosuchhost.invalid", port: 443))
    #expect(output.status == path.status, "\(output.stdout)\(output.stderr)")
    Self.expectWords(output, ["resolve"], "\(path) DNS")
  }
}
