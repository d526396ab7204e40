import Foundation
import TestSupport
import Testing

/// The two ways to open the page, as programs: `aasa-lint web` prints its URL first;
/// `aasa-serve --validator` hosts it beside a site; both refuse a bind beyond
/// loopback without a token.
@Suite(.serialized) struct ValidatorProgramTests {
  @Test func webPrintsItsURLFirstAndAnswers() async throws {
    let directory = try TemporaryDirectory(label: "validator-web")
    let web = try RunningProgram("aasa-lint", ["web", "--listen", "127.0.0.1:0"], in: directory)
    // No time is asserted (beside a release build, a start that takes 0.1 s alone took 43 s):
    // the URL is the first line, and the page answers at it.
    let url = try await web.wait(for: "URL", timeout: .seconds(120)) { text in
      text.split(separator: "\n").first.map(String.init)
    }
    let match = try #require(url.wholeMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\//))
    let port = try #require(Int(match.1))
    let about = try await Self.get(port: port, "/api/v1/about")
    #expect(about.hasPrefix("HTTP/1.1 200"))
    #expect(about.contains("\"version\""))
  }

  @Test func serveHostsTheValidatorBesideTheSite() async throws {
    let directory = try TemporaryDirectory(label: "validator-serve")
    let serve = try RunningProgram(
      "aasa-serve",
      ["--root", "examples/site", "--self-signed", "--port", "0", "--validator", "127.0.0.1:0"],
      in: directory)
    let port = try await serve.wait(for: "validator line") { text in
      text.firstMatch(of: /validator on http:\/\/127\.0\.0\.1:(\d+)\//).flatMap { Int($0.1) }
    }
    let page = try await Self.get(port: port, "/")
    #expect(page.hasPrefix("HTTP/1.1 200"))
    #expect(page.contains("content-security-policy: default-src 'none'"))
    let lint = try await Self.get(port: port, "/api/v1/lint")
    #expect(lint.hasPrefix("HTTP/1.1 405"))
    // The access log names the validator's requests like the site's.
    _ = try await serve.wait(for: "access log line") { text in
      text.contains("path=/api/v1/lint") ? true : nil
    }
  }

  @Test func beyondLoopbackNeedsAToken() async throws {
    let web = try await ChildProcess.run(
      BuiltProducts.executable("aasa-lint"), ["web", "--listen", "0.0.0.0:0"], timeout: .seconds(30)
    )
    #expect(web.status == 2)
    #expect(web.stderr.contains("--token-file"))
    let serve = try await ChildProcess.run(
      BuiltProducts.executable("aasa-serve"),
      ["--root", "examples/site", "--self-signed", "--port", "0", "--validator", "0.0.0.0:0"],
      in: BuiltProducts.packageRoot, timeout: .seconds(30))
    #expect(serve.status == 2)
    #expect(serve.stderr.contains("--token-file"))
  }

  /// A GET over a raw socket, on a thread of its own; the whole answer as text.
  static func get(port: Int, _ path: String) async throws -> String {
    let request = Array(
      "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8)
    let bytes: [UInt8] = try await withCheckedThrowingContinuation { continuation in
      Thread {
        do {
          let descriptor = try System.connectToLoopback(port: port)
          defer { System.close(descriptor) }
          System.send(descriptor, request)
          continuation.resume(returning: System.receiveUntilClosed(descriptor, timeout: 30))
        } catch {
          continuation.resume(throwing: error)
        }
      }.start()
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
