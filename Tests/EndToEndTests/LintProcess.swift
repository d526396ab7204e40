import Foundation
import Testing

/// What a finished `aasa-lint` process left behind.
struct ProcessOutput: Sendable {
  var status: Int32
  var stdout: String
  var stderr: String

  /// The standard output's non-empty lines.
  var lines: [String] {
    stdout.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
  }
}

/// Runs the built `aasa-lint` as a separate process, the way a person or a CI script does.
enum LintProcess {
  /// The package root, from this file's path: `Tests/EndToEndTests/LintProcess.swift`.
  static let packageRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url
  }()

  /// Where `swift build` put the products. Under `swift test` on Linux the test runner lives in
  /// the products directory, so `CommandLine.arguments[0]` leads there; the default build
  /// directory is the fallback.
  static let productsDirectory: URL = {
    let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    let candidates = [
      runner.deletingLastPathComponent(),
      // macOS: …/debug/aasaPackageTests.xctest/Contents/MacOS/aasaPackageTests
      runner.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent(),
      packageRoot.appendingPathComponent(".build/debug"),
    ]
    return candidates.first {
      FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("aasa-lint").path)
    } ?? candidates.last!
  }()

  static var executable: URL { productsDirectory.appendingPathComponent("aasa-lint") }

  /// Runs `aasa-lint arguments`, feeding `stdin`, with `NO_COLOR` and `TERM` as given on top of
  /// the current environment. Output goes through files, so a chatty process never blocks.
  static func run(
    _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
    in directory: URL? = nil
  ) throws -> ProcessOutput {
    let scratch = try TemporaryDirectory()
    let outURL = scratch.url.appendingPathComponent("stdout")
    let errURL = scratch.url.appendingPathComponent("stderr")
    let inURL = scratch.url.appendingPathComponent("stdin")
    FileManager.default.createFile(atPath: outURL.path, contents: nil)
    FileManager.default.createFile(atPath: errURL.path, contents: nil)
    FileManager.default.createFile(atPath: inURL.path, contents: Data((stdin ?? "").utf8))

    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env.removeValue(forKey: "NO_COLOR")
    for (key, value) in environment { env[key] = value }
    process.environment = env
    if let directory { process.currentDirectoryURL = directory }
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    let input = try FileHandle(forReadingFrom: inURL)
    defer {
      try? out.close()
      try? err.close()
      try? input.close()
    }
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    process.waitUntilExit()
    return ProcessOutput(
      status: process.terminationStatus,
      stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
  }

  /// Runs `aasa-lint` on a pseudo-terminal (through util-linux `script`), so that standard output
  /// is a tty. Returns nil when `script` is not available.
  static func runOnTerminal(_ arguments: [String], environment: [String: String] = [:]) throws
    -> ProcessOutput?
  {
    let script = URL(fileURLWithPath: "/usr/bin/script")
    guard FileManager.default.isExecutableFile(atPath: script.path) else { return nil }
    let command = ([executable.path] + arguments).map(shellQuoted).joined(separator: " ")
    let scratch = try TemporaryDirectory()
    let outURL = scratch.url.appendingPathComponent("stdout")
    FileManager.default.createFile(atPath: outURL.path, contents: nil)
    let process = Process()
    process.executableURL = script
    process.arguments = ["-q", "-e", "-c", command, "/dev/null"]
    var env = ProcessInfo.processInfo.environment
    env.removeValue(forKey: "NO_COLOR")
    env["TERM"] = "xterm-256color"
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let out = try FileHandle(forWritingTo: outURL)
    defer { try? out.close() }
    process.standardOutput = out
    process.standardError = out
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return ProcessOutput(
      status: process.terminationStatus,
      stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self), stderr: "")
  }

  private static func shellQuoted(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }
}

/// A fresh directory under the system's temporary directory, removed when released.
final class TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("aasa-e2e-" + UUID().uuidString, isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// Writes `text` to `name` in the directory and returns its path.
  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    let file = url.appendingPathComponent(name)
    try Data(text.utf8).write(to: file)
    return file.path
  }

  /// Copies a file of the package (by its path from the package root) into the directory.
  func copy(_ relativePath: String, as name: String) throws -> String {
    let source = LintProcess.packageRoot.appendingPathComponent(relativePath)
    let file = url.appendingPathComponent(name)
    try FileManager.default.copyItem(at: source, to: file)
    return file.path
  }

  deinit { try? FileManager.default.removeItem(at: url) }
}

/// Whether `text` holds an ANSI escape sequence.
func containsANSI(_ text: String) -> Bool { text.contains("\u{1B}[") }

/// Checks that a failed run explained itself without crashing.
func expectCleanFailure(_ output: ProcessOutput, sourceLocation: SourceLocation = #_sourceLocation)
{
  #expect(output.status == 2, "\(output.stderr)", sourceLocation: sourceLocation)
  #expect(!output.stderr.isEmpty, sourceLocation: sourceLocation)
  #expect(!output.stderr.contains("Fatal error"), sourceLocation: sourceLocation)
  #expect(!output.stderr.contains("Stack dump"), sourceLocation: sourceLocation)
  #expect(!output.stderr.contains("Current stack trace"), sourceLocation: sourceLocation)
  #expect(!output.stderr.contains("#0 0x"), sourceLocation: sourceLocation)
}
