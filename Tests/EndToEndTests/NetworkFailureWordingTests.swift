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
  func refused(path: Path) throws {
    let port = try StructuredOutputTests.closedPort()
    // Several tries: a client that retries refused connections waits out the timeout now and then.
    for _ in 0..<3 {
      let started = Date()
      let output = try LintProcess.run(path.arguments(host: "127.0.0.1", port: port))
      let elapsed = Date().timeIntervalSince(started)
      #expect(output.status == path.status, "\(output.stdout)\(output.stderr)")
      Self.expectWords(output, ["refused"], "\(path) refused")
      #expect(elapsed < 5, "\(path): \(elapsed) s for a refused connection")
    }
  }

  @Test(
    "an untrusted certificate fails the handshake in words on every path", arguments: Path.allCases)
  func untrustedCertificate(path: Path) throws {
    let server = try LoopbackHTTPS(routes: [
      "/docs": ("text/html", Array(#"<meta property="al:ios:url" content="x://y">"#.utf8))
    ])
    let started = Date()
    let output = try LintProcess.run(path.arguments(host: "localhost", port: server.port))
    #expect(output.status == path.status, "\(output.stdout)\(output.stderr)")
    Self.expectWords(output, ["not trusted", "untrusted", "self-signed", "trusted"], "\(path) TLS")
    #expect(Date().timeIntervalSince(started) < 6)
  }

  @Test("a host name that does not resolve is named on every path", arguments: Path.allCases)
  func unresolvable(path: Path) throws {
    let output = try LintProcess.run(path.arguments(host: "nosuchhost.invalid", port: 443))
    #expect(output.status == path.status, "\(output.stdout)\(output.stderr)")
    Self.expectWords(output, ["resolve"], "\(path) DNS")
  }
}
