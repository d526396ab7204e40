import Foundation
import TestSupport
import Testing

/// `--urls`, `--paths` and `--hosts` lists refuse a line over 64 KiB with its file and line, as an
/// input error (exit 2), without keeping more of it: a newline-free stream ends the run at once.
@Suite("A list with a line over 64 KiB")
struct LongLineCommandTests {
  static let site = BuiltProducts.packageRoot.appendingPathComponent(
    "examples/site/.well-known/apple-app-site-association"
  ).path

  @Test("a newline-free 1 MiB --urls - is refused at line 1 of <stdin>")
  func aNewlineFreeStandardInputIsRefused() async throws {
    let stream = String(repeating: "a", count: 1 << 20)
    let result = try await LintProcess.run(
      [Self.site, "--urls", "-", "--format", "tsv"], stdin: stream)
    #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
    #expect(
      result.stderr.contains("<stdin>:1: a line over 64 KiB (65536 bytes)"), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test("a line over 64 KiB at line 3 of a --urls file is named, after lines 1 and 2 are answered")
  func aLongLineInAFileIsNamedByItsNumber() async throws {
    let directory = try TemporaryDirectory(label: "long-line")
    let list = try directory.write(
      "urls.txt",
      "/albums/1\n# a comment\n/" + String(repeating: "b", count: 70_000) + "\n/albums/2\n")
    let result = try await LintProcess.run([Self.site, "--urls", list, "--format", "tsv"])
    #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
    #expect(
      result.stderr.contains("\(list):3: a line over 64 KiB (65536 bytes)"), "\(result.stderr)")
    #expect(!result.stdout.contains("/albums/2"))
  }

  @Test("a line of exactly 64 KiB is read")
  func aLineOfExactly64KiBIsRead() async throws {
    let directory = try TemporaryDirectory(label: "long-line")
    let list = try directory.write(
      "urls.txt", "/" + String(repeating: "c", count: 65_535) + "\n/albums/1\n")
    let result = try await LintProcess.run([Self.site, "--urls", list, "--format", "tsv"])
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    #expect(result.stdout.contains("/albums/1"))
    #expect(result.stdout.split(separator: "\n").count == 2)
  }

  /// An endless stream without a newline: a reader that kept the line would run until killed.
  @Test("an endless newline-free stream on standard input ends the run within seconds")
  func anEndlessStreamEndsTheRun() async throws {
    let shell = "yes x | tr -d '\\n' | \"$0\" \"$1\" --urls - --format tsv"
    let result = try await ChildProcess.run(
      "/bin/sh", ["-c", shell, LintProcess.executable, Self.site], timeout: .seconds(30))
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stderr.contains("<stdin>:1: a line over 64 KiB"), "\(result.stderr)")
  }

  @Test("check --paths and --hosts name the file and line too")
  func checkListsAreCapped() async throws {
    let directory = try TemporaryDirectory(label: "long-line")
    let long = String(repeating: "d", count: 66_000)
    let paths = try directory.write("paths.txt", "/a\n/b\n/\(long)\n")
    let checked = try await LintProcess.run(["check", "https://127.0.0.1:1", "--paths", paths])
    #expect(checked.status == 2, "\(checked.stdout)\(checked.stderr)")
    #expect(checked.stderr.contains("\(paths):3: a line over 64 KiB"), "\(checked.stderr)")
    let hosts = try directory.write("hosts.txt", "example.com\n\(long).example.com\n")
    let listed = try await LintProcess.run(["check", "--hosts", hosts])
    #expect(listed.status == 2, "\(listed.stdout)\(listed.stderr)")
    #expect(listed.stderr.contains("\(hosts):2: a line over 64 KiB"), "\(listed.stderr)")
  }
}
