import AASALiveCheck
import Foundation
import Logging
import TestSupport
import Testing

@testable import AASAValidator

/// The validator judges a request on its head (security review 2, F3): no token, another
/// origin, a body that is not JSON are refused before a byte of the body is read, with the
/// statuses and codes they always had; bodies held at once have a budget across connections
/// (503 `busy`). And the loopback rule judges the bound address, not the name (F8).
@Suite struct ValidatorHeadGateTests {
  static let token = "0123456789abcdef-head-gate"

  static func harness(_ change: (inout ValidatorLimits) -> Void = { _ in }) async throws
    -> ValidatorHarness
  {
    var limits = ValidatorLimits()
    change(&limits)
    return try await ValidatorHarness(
      ValidatorConfiguration(
        listenHost: "127.0.0.1", token: AccessToken(fileContents: Array(token.utf8)),
        limits: limits))
  }

  /// The head of a 2 MiB lint whose body is never sent: answered at once when the head alone
  /// is refused; before the fix nothing answered until the whole body came.
  static func head(port: Int, _ fields: String) -> String {
    "POST /api/v1/lint HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: \(2 << 20)\r\n"
      + fields + "Connection: close\r\n\r\n"
  }

  @Test(arguments: [
    ("Content-Type: application/json\r\n", 401, "unauthorized"),
    (
      "Authorization: Bearer \(ValidatorHeadGateTests.token)\r\nOrigin: http://evil.example\r\nContent-Type: application/json\r\n",
      403, "bad-origin"
    ),
    (
      "Authorization: Bearer \(ValidatorHeadGateTests.token)\r\nContent-Type: text/plain\r\n", 415,
      "unsupported-media"
    ),
  ])
  func refusedOnTheHeadBeforeTheBody(fields: String, status: Int, code: String) async throws {
    let harness = try await Self.harness()
    let connection = try await RawConnection.open(port: harness.port)
    await connection.send(Self.head(port: harness.port, fields))
    let answer = await connection.answer(timeout: 20)
    #expect(answer.status == status, "\(answer.text)")
    #expect(answer.text.contains("\"\(code)\""))
    connection.close()
    await harness.close()
  }

  @Test func aForeignHostIsRefusedOnTheHead() async throws {
    let harness = try await Self.harness()
    let connection = try await RawConnection.open(port: harness.port)
    await connection.send(
      "POST /api/v1/lint HTTP/1.1\r\nHost: evil.example\r\nContent-Length: 100000\r\n\r\n")
    let answer = await connection.answer(timeout: 20)
    #expect(answer.status == 403)
    #expect(answer.text.contains("\"bad-host\""))
    connection.close()
    await harness.close()
  }

  /// Bodies of requests that pass the head share one budget: past it, 503 `busy` before the
  /// body is read; the held body's share comes back when its connection closes.
  @Test func bodiesHeldAtOnceHaveABudget() async throws {
    let harness = try await Self.harness { $0.bodyBudget = 1 << 20 }
    let fields = "Authorization: Bearer \(Self.token)\r\nContent-Type: application/json\r\n"
    func head(_ length: Int) -> String {
      "POST /api/v1/lint HTTP/1.1\r\nHost: 127.0.0.1:\(harness.port)\r\nContent-Length: \(length)\r\n"
        + fields + "Connection: close\r\n\r\n"
    }
    let holder = try await RawConnection.open(port: harness.port)
    await holder.send(head(900_000) + "{")
    try await Task.sleep(for: .milliseconds(300))
    let over = try await RawConnection.open(port: harness.port)
    await over.send(head(200_000))
    let refused = await over.answer(timeout: 20)
    #expect(refused.status == 503, "\(refused.text)")
    #expect(refused.text.contains("\"busy\""))
    #expect(refused.text.lowercased().contains("retry-after"))
    over.close()
    holder.close()
    let body = ValidatorHarness.json(["text": "{}", "name": "apple-app-site-association"])
    var status = 0
    for _ in 0..<100 {
      let response = try await harness.send(
        "POST", "/api/v1/lint", body: body, headers: [("Authorization", "Bearer \(Self.token)")])
      status = response.status
      if status != 503 { break }
      try await Task.sleep(for: .milliseconds(100))
    }
    #expect(status == 200 || status == 400)
    await harness.close()
  }

  @Test func theBoundAddressIsJudgedNotTheName() throws {
    let handler = ValidatorHandler(
      configuration: ValidatorConfiguration(listenHost: "dev.localhost"),
      logger: .init(label: "test"))
    // The name reads as loopback; the address it bound is what counts.
    #expect(ValidatorConfiguration(listenHost: "dev.localhost").startupProblem == nil)
    #expect(handler.bindingProblem(boundTo: "127.0.0.1") == nil)
    #expect(handler.bindingProblem(boundTo: "::1") == nil)
    let problem = try #require(handler.bindingProblem(boundTo: "10.9.9.9"))
    #expect(problem.contains("10.9.9.9") && problem.contains("--token-file"))
    let withToken = ValidatorHandler(
      configuration: ValidatorConfiguration(
        listenHost: "dev.localhost", token: AccessToken(fileContents: Array(Self.token.utf8))),
      logger: .init(label: "test"))
    #expect(withToken.bindingProblem(boundTo: "10.9.9.9") == nil)
  }

  static var canMakeNamespaces: Bool {
    #if os(Linux)
      System.isRoot && ExecutableLookup.path(of: "unshare") != nil
        && FileManager.default.isExecutableFile(atPath: "/usr/sbin/ip")
    #else
      false
    #endif
  }

  /// F8 with the real programs: in a network and mount namespace of the test's own, where
  /// `dev.localhost` resolves (the namespace's /etc/hosts) to 10.9.9.9, an address on its
  /// loopback device that is not a loopback address. `--listen dev.localhost:0` without a token
  /// used to start there; now it refuses, naming the address and the flag.
  @Test(.enabled(if: canMakeNamespaces, "needs Linux, root, unshare and ip"))
  func aLoopbackNameThatResolvesElsewhereNeedsAToken() async throws {
    let directory = try TemporaryDirectory(label: "validator-listen-name")
    let hosts = directory.file("hosts")
    try "127.0.0.1 localhost\n10.9.9.9 dev.localhost\n".write(
      toFile: hosts, atomically: true, encoding: .utf8)
    for (program, arguments) in [
      ("aasa-lint", "web --listen dev.localhost:0"),
      (
        "aasa-serve",
        "--root examples/site --self-signed --port 0 --validator dev.localhost:0"
      ),
    ] {
      let script = """
        ip link set lo up && ip addr add 10.9.9.9/32 dev lo && mount --bind '\(hosts)' /etc/hosts \
        && exec '\(BuiltProducts.executable(program))' \(arguments)
        """
      let result = try await ChildProcess.run(
        try ExecutableLookup.require("unshare"), ["-n", "-m", "sh", "-c", script],
        in: BuiltProducts.packageRoot,
        timeout: .seconds(60))
      #expect(result.status == 2, "\(program): \(result.stdout)")
      #expect(result.stderr.contains("10.9.9.9"), "\(program): \(result.stderr)")
      #expect(result.stderr.contains("--token-file"), "\(program): \(result.stderr)")
      #expect(!result.stdout.contains("http://"), "\(program) said it listens: \(result.stdout)")
    }
  }
}
