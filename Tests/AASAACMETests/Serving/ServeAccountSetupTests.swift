import Foundation
import TestSupport
import Testing

/// Setting the account up at start-up, with the real binary: a refusal that only a change of
/// configuration fixes ends `aasa-serve` with status 2, the CA's problem in words and the flag to
/// change; a CA that is down or unreachable is retried with a growing wait while the server
/// serves on, each attempt logged, and the certificate comes once the CA answers.
@Suite("aasa-serve --acme: the account at start-up", .programsTimeLimit)
struct ServeAccountSetupTests {
  /// Problem types the CA may refuse an account with, and the flag the exit line must name.
  static let refusals: [(type: String, words: String, flag: String)] = [
    ("invalidContact", "the CA refused the contact address", "--acme-email"),
    ("unsupportedContact", "does not support this contact's scheme", "--acme-email"),
    ("userActionRequired", "needs a person to act", "--acme-ca"),
    ("malformed", "could not read the request", "--acme-eab-kid"),
  ]

  @Test(arguments: 0..<refusals.count)
  func aRefusedAccountEndsTheServer(_ index: Int) async throws {
    let refusal = Self.refusals[index]
    let stub = try await StubACMEServer.start(accountProblem: refusal.type)
    let fixture = try StubServeFixture(stub: stub, names: ["refused.example.test"])
    let server = try await fixture.serve(label: refusal.type, ["--acme-email", "ops@example.test"])
    let status = await server.process.wait(timeout: .seconds(20))
    await stub.stop()
    #expect(status == 2, "\(server.log)")
    let line = try #require(server.lines("refused it:").last.map(String.init), "\(server.log)")
    #expect(line.contains("(\(refusal.type))") && line.contains(refusal.words), "\(line)")
    #expect(line.contains("the stub refuses new accounts"), "the CA's detail: \(line)")
    #expect(line.contains(refusal.flag), "\(line)")
    #expect(!FileManager.default.fileExists(atPath: "\(fixture.acmeDirectory)/accounts"))
  }

  /// The CA's directory answers 503 three times: each attempt is logged with its wait (1 s,
  /// 2 s, 5 s), the server answers meanwhile with the placeholder, and the certificate comes
  /// once the CA is back.
  @Test func aCAThatIsDownIsRetriedWhileServing() async throws {
    let stub = try await StubACMEServer.start(unavailableDirectory: 3)
    let fixture = try StubServeFixture(stub: stub, names: ["later.example.test"])
    let server = try await fixture.serve(label: "down")
    try await stoppingAfterward([server], stub) {
      let port = try #require(server.listeningPort)
      try await server.waitFor("cannot set up the account")
      #expect(try await fixture.get("later.example.test", port: port, insecure: true) == 200)
      try await fixture.wait("the certificate once the CA answers") {
        try await fixture.get("later.example.test", port: port) == 200
      }
      let attempts = server.lines("cannot set up the account")
      #expect(attempts.count == 3, "\(server.log)")
      for (attempt, wait) in zip(1..., [1, 2, 5]) {
        #expect(
          attempts.contains {
            $0.contains("(attempt \(attempt))") && $0.contains("HTTP 503")
              && $0.contains("next attempt in \(wait) s")
          }, "\(attempts)")
      }
      #expect(server.count("is ready (attempt 4)") == 1, "\(server.log)")
      #expect(server.process.isRunning)
    }
  }

  /// Nothing listens where the CA should be (connection refused; the HTTP client tries again
  /// for its 10 s connect timeout): the server keeps serving and retries, each attempt logged,
  /// with growing waits.
  @Test func anUnreachableCAIsRetriedWhileServing() async throws {
    let stub = try await StubACMEServer.start()
    // A port bound without listening, held to the end: connecting to it is refused, and no
    // other test's listener can take it meanwhile (one once did, and its TLS answered).
    let refused = try RefusedPort()
    defer { withExtendedLifetime(refused) {} }
    let closedPort = refused.port
    let fixture = try StubServeFixture(stub: stub, names: ["nowhere.example.test"])
    let server = try await fixture.serve(
      label: "refused", directoryURL: "https://127.0.0.1:\(closedPort)/directory")
    try await stoppingAfterward([server], stub) {
      let port = try #require(server.listeningPort)
      try await server.waitFor("cannot set up the account", count: 2, timeout: .seconds(40))
      let attempts = server.lines("cannot set up the account")
      #expect(attempts[0].contains("(attempt 1)") && attempts[0].contains("next attempt in 1 s"))
      #expect(attempts[1].contains("(attempt 2)") && attempts[1].contains("next attempt in 2 s"))
      #expect(attempts.allSatisfy { $0.contains("no answer from the CA") }, "\(attempts)")
      #expect(server.process.isRunning)
      #expect(try await fixture.get("nowhere.example.test", port: port, insecure: true) == 200)
    }
  }
}
