import Foundation
import TestSupport
import Testing

/// Security review 2, F3, against the real `aasa-lint web` with a token: many connections each
/// declaring a 2 MiB lint without the token and sending all of it but the last byte, so that no
/// request ever completes. The validator used to hold every body before judging the token
/// (review: 400 connections, RSS 48 → 944 MB); now each is refused on its head and its bytes are
/// dropped as they come. Measured here with 120 connections: resident memory grew by about
/// 250 MB before the fix, by under 10 MB after it (debug build); the bound below is wide.
@Suite(.serialized) struct ValidatorBodyMemoryTests {
  static var hasProc: Bool { System.hasProcFileSystem }

  @Test(.enabled(if: hasProc, "reads /proc/PID/status (Linux)"))
  func bodiesWithoutTheTokenDoNotGrowMemory() async throws {
    let directory = try TemporaryDirectory(label: "validator-body-memory")
    let tokenFile = directory.file("token")
    try "0123456789abcdef-memory-test\n".write(toFile: tokenFile, atomically: true, encoding: .utf8)
    let web = try RunningProgram(
      "aasa-lint", ["web", "--listen", "127.0.0.1:0", "--token-file", tokenFile], in: directory)
    let port = try await web.wait(for: "URL", timeout: .seconds(120)) { text in
      text.firstMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\//).flatMap { Int($0.1) }
    }
    let pid = web.process.pid
    let before = try #require(System.residentBytes(of: pid))
    let length = 2 << 20
    let head = Array(
      ("POST /api/v1/lint HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/json\r\n"
        + "Content-Length: \(length)\r\n\r\n").utf8)
    let body = [UInt8](repeating: UInt8(ascii: "a"), count: length - 1)
    var connections: [RawConnection] = []
    for _ in 0..<120 {
      let connection = try await RawConnection.open(port: port)
      await connection.send(head + body)
      connections.append(connection)
    }
    // What the server took of the last bodies is read before it is measured.
    try await Task.sleep(for: .milliseconds(500))
    let after = try #require(System.residentBytes(of: pid))
    for connection in connections { connection.close() }
    let grown = after - before
    #expect(grown < 100 << 20, "grew \(grown >> 20) MB with 120 unauthorized 2 MiB bodies")
    // And a request without the token is still answered as before.
    let refused = try await RawConnection.open(port: port)
    await refused.send(head)
    #expect(await refused.answer(timeout: 20).status == 401)
    refused.close()
  }
}
