import Foundation
import NIOCore
import NIOPosix
import TestSupport
import Testing

/// What `aasa-serve --acme` says and does when the CA cannot be used, with the real binary: a CA
/// whose certificate is not trusted is a setting to fix (status 2 at start-up, in words, naming
/// `--acme-ca-root`); an answer that is no ACME directory (a maintenance page) and a port where
/// nothing listens are the CA's moment, retried while the server serves, each attempt in words
/// and at once (a refusal took the HTTP client's whole 10 s connect timeout per attempt). No
/// line names a Swift type, an `errno`, BoringSSL's source paths or the build's.
@Suite("aasa-serve --acme: a CA that cannot be used", .programsTimeLimit)
struct ServeCAProblemsTests {
  /// What no log line of aasa-serve may hold: library type names, error numbers, source paths.
  static let internals = [
    "errno", "/work/", ".build", "Error(", "Error.", "NIO", "SocketAddress", "BoringSSL",
    "SingleConnectionFailure", "OPENSSL_internal", "handshake.cc",
  ]

  static func expectWords(_ log: String, sourceLocation: SourceLocation = #_sourceLocation) {
    for line in log.split(separator: "\n") {
      for word in internals where line.contains(word) {
        Issue.record("'\(word)' in: \(line)", sourceLocation: sourceLocation)
      }
    }
  }

  @Test func anUntrustedCAEndsTheServerNamingTheFlag() async throws {
    let stub = try await StubACMEServer.start()
    let folder = try TemporaryDirectory(label: "untrusted-ca")
    try ACMEServeFixture.addSite("untrusted.example.test", in: folder)
    // No --acme-ca-root: the stub's HTTPS root is trusted by nobody.
    let server = try ServeProcess(
      [
        "--sites", folder.file("sites"), "--port", "0", "--no-access-log", "--acme",
        "--acme-dir", folder.file("acme"), "--acme-ca", stub.directoryURL,
      ], log: folder.file("serve.log"))
    let status = await server.process.wait(timeout: .seconds(30))
    let directoryURL = stub.directoryURL
    await stub.stop()
    #expect(status == 2, "\(server.log)")
    let line = try #require(
      server.lines("the CA's certificate is not trusted").last.map(String.init), "\(server.log)")
    #expect(line.contains("--acme-ca-root"), "\(line)")
    #expect(line.contains(directoryURL), "\(line)")
    #expect(server.count("cannot set up the account") == 0, "not a retry: \(server.log)")
    Self.expectWords(server.log)
  }

  /// A directory URL that answers a web page (a maintenance page, a proxy before the CA): the
  /// server keeps serving with the placeholder and asks again with the growing waits.
  @Test func aDirectoryThatIsNoJSONIsRetriedWhileServing() async throws {
    let stub = try await StubACMEServer.start()
    let fixture = try StubServeFixture(stub: stub, names: ["page.example.test"])
    let server = try await fixture.serve(label: "page", directoryURL: stub.url("/not-acme"))
    try await stoppingAfterward([server], stub) {
      let port = try #require(server.listeningPort)
      try await server.waitFor("cannot set up the account", count: 2, timeout: .seconds(30))
      let attempts = server.lines("cannot set up the account")
      #expect(attempts[0].contains("(attempt 1)") && attempts[0].contains("next attempt in 1 s"))
      #expect(attempts[1].contains("(attempt 2)") && attempts[1].contains("next attempt in 2 s"))
      #expect(
        attempts.allSatisfy { $0.contains("the directory is not the JSON ACME defines") },
        "\(attempts)")
      #expect(server.process.isRunning, "\(server.log)")
      #expect(try await fixture.get("page.example.test", port: port, insecure: true) == 200)
      Self.expectWords(server.log)
    }
  }

  /// Nothing listens on the CA's port: each attempt says the connection was refused, and comes
  /// at once; three attempts (waits of 1 s and 2 s between them) took over 30 s when each
  /// refusal was retried by the HTTP client for its 10 s connect timeout. The bound is wide.
  @Test func aRefusedCAIsRetriedInWordsWithoutTheConnectTimeout() async throws {
    let stub = try await StubACMEServer.start()
    let closed = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .bind(host: "127.0.0.1", port: 0).get()
    let closedPort = try #require(closed.localAddress?.port)
    try await closed.close()
    let fixture = try StubServeFixture(stub: stub, names: ["refused.example.test"])
    let server = try await fixture.serve(
      label: "refused", directoryURL: "https://127.0.0.1:\(closedPort)/directory")
    try await stoppingAfterward([server], stub) {
      try await server.waitFor("cannot set up the account", count: 3, timeout: .seconds(20))
      let attempts = server.lines("cannot set up the account")
      #expect(
        attempts.allSatisfy { $0.contains("connection to 127.0.0.1:\(closedPort) refused") },
        "\(attempts)")
      #expect(server.process.isRunning)
      Self.expectWords(server.log)
    }
  }

  /// TLS-ALPN-01 on a port other than 443 is said at start-up, with what must be true.
  @Test func aChallengePortOtherThanTheCAsIsWarnedAbout() async throws {
    let stub = try await StubACMEServer.start()
    let fixture = try StubServeFixture(stub: stub, names: ["alpn.example.test"])
    let server = try await fixture.serve(label: "alpn")
    try await stoppingAfterward([server], stub) {
      let port = try #require(server.listeningPort)
      #expect(
        server.count(
          "ACME: TLS-ALPN-01 is answered on port \(port), but the CA connects to each name's port 443: validation succeeds only if port 443 of every name's address is forwarded to port \(port) here"
        ) == 1, "\(server.log)")
    }
  }
}
