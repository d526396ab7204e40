import Foundation
import TestSupport
import Testing

/// `aasa-lint` as a process on files built to crash or stall it: every command answers with a
/// located finding or a clear refusal, never a signal.
@Suite("aasa-lint on hostile input")
struct HostileInputCommandTests {
  static let nested = String(repeating: "[", count: 20_000)

  @Test(
    "20 KB of nested brackets is a located error for lint, files and diff",
    arguments: [
      ["FILE"], ["files", "FILE"], ["FILE", "--kind", "aasa"], ["FILE", "--format", "json"],
    ])
  func nestedBrackets(arguments: [String]) async throws {
    let dir = try TemporaryDirectory()
    let file = try dir.write("nested.json", Self.nested)
    let output = try await LintProcess.run(arguments.map { $0 == "FILE" ? file : $0 })
    #expect(output.status == 1, "\(output.stderr)")
    #expect(output.stdout.contains("AASA015"))
    #expect(output.stderr.isEmpty)
  }

  @Test("nested objects in the new file of a diff: Apple ignores it, so every route changes")
  func nestedInDiff() async throws {
    let dir = try TemporaryDirectory()
    let old = try dir.copy(LintCommandTests.site, as: "old.json")
    let new = try dir.write("new.json", String(repeating: #"{"a": "#, count: 10_000))
    let urls = try dir.write("urls.txt", "/albums/1\n")
    let output = try await LintProcess.run(["diff", old, new, "--urls", urls, "--exit-code"])
    #expect(output.status == 1, "\(output.stderr)")
    #expect(output.stdout.contains("new.json as a whole, so it opens no URL"))
    #expect(output.stdout.contains("AASA015"))
    #expect(output.stdout.contains("1 of 1 URLs route differently"))
  }

  @Test("a 50 MB file is refused before it is read, with the limit and how to raise it")
  func hugeFileRefused() async throws {
    let dir = try TemporaryDirectory()
    let path = dir.url.appendingPathComponent("huge.json").path
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: 50_000_000)
    try handle.close()
    let output = try await LintProcess.run([path])
    #expect(output.status == 2)
    #expect(output.stderr.contains("50000000 bytes, over the 4 MiB --max-size"))
    // Only against a blow-up, on the program's own time (timings live in the benchmarks).
    #expect(output.elapsed < .seconds(300), "\(output.elapsed)")
    let raised = try await LintProcess.run([path, "--max-size", "64M"])
    #expect(raised.status == 1, "read and linted once the limit allows it")
    #expect(raised.stdout.contains("AASA007"))
  }

  @Test("standard input past --max-size is refused without reading it all")
  func hugeStandardInput() async throws {
    let output = try await LintProcess.run(
      ["-", "--max-size", "2K"], stdin: "{" + String(repeating: " ", count: 10_000) + "}")
    #expect(output.status == 2)
    #expect(output.stderr.contains("bytes, over the 2 KiB --max-size"))
  }
}
