import Foundation
import TestSupport
import Testing

/// Security review 2, F9: a device paste is never written to disk. The validator used to write
/// it to `$TMPDIR/aasa-validator-UUID/paste.txt` (0755/0644: readable by every local user while
/// the request ran). Here `aasa-lint web` runs with `TMPDIR` naming a regular file, under which
/// no folder can be made (not even by root): the paste is still explained, and the folder the
/// test watches stays empty.
@Suite struct ValidatorDevicePasteTests {
  @Test func thePasteIsExplainedWithoutATemporaryFile() async throws {
    let directory = try TemporaryDirectory(label: "validator-device-paste")
    let notAFolder = directory.file("tmp-is-a-file")
    try "".write(toFile: notAFolder, atomically: true, encoding: .utf8)
    let watched = directory.file("watched")
    try FileManager.default.createDirectory(atPath: watched, withIntermediateDirectories: false)
    for temporary in [notAFolder, watched] {
      let web = try SpawnedWeb(temporary: temporary, in: directory)
      let port = try await web.port()
      let paste = try String(
        contentsOfFile: BuiltProducts.packageRoot.appendingPathComponent(
          "examples/device/pm-get-app-links.txt"
        ).path, encoding: .utf8)
      let body = Array(ValidatorHarness.json(["text": paste]).utf8)
      let connection = try await RawConnection.open(port: port)
      await connection.send(
        Array(
          ("POST /api/v1/device HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
            + "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n"
            + "Connection: close\r\n\r\n").utf8) + body)
      let answer = await connection.answer(timeout: 60)
      connection.close()
      #expect(answer.status == 200, "TMPDIR=\(temporary): \(answer.text)")
      #expect(answer.text.contains(/"kind" *: *"device"/), "\(answer.text)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: watched).isEmpty)
  }

  /// `aasa-lint web` with `TMPDIR` set, its standard output in a file; stopped when the value
  /// goes away.
  final class SpawnedWeb {
    let process: SpawnedProcess
    let stdoutFile: String

    init(temporary: String, in directory: TemporaryDirectory) throws {
      stdoutFile = directory.file("web-\(UUID().uuidString).stdout")
      _ = FileManager.default.createFile(atPath: stdoutFile, contents: nil)
      process = try SpawnedProcess(
        BuiltProducts.executable("aasa-lint"), ["web", "--listen", "127.0.0.1:0"],
        stdout: .file(stdoutFile), stderr: .file(directory.file("web.stderr")),
        environment: ["TMPDIR": temporary], in: BuiltProducts.packageRoot)
    }

    // SpawnedProcess reaps the killed child as it goes away, a matter of milliseconds.
    deinit { process.kill() }

    /// The port of the URL it prints first.
    func port() async throws -> Int {
      let deadline = ContinuousClock.now + .seconds(120)
      while true {
        let output = (try? String(contentsOfFile: stdoutFile, encoding: .utf8)) ?? ""
        if let match = output.firstMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\//),
          let port = Int(match.1)
        {
          return port
        }
        guard process.isRunning, ContinuousClock.now < deadline else { break }
        try await Task.sleep(for: .milliseconds(50))
      }
      throw ChildProcess.Failure(description: "\(process.commandLine) printed no URL")
    }
  }
}
