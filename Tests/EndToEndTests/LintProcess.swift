import AASACore
import Foundation
import TestSupport
import Testing

/// Runs the built `aasa-lint` as a separate process, the way a person or a CI script does.
enum LintProcess {
  static var executable: String { BuiltProducts.executable("aasa-lint") }

  /// Runs `aasa-lint arguments`, feeding `stdin`, without the runner's `NO_COLOR` and with
  /// `environment` on top of the current environment; waits without blocking a thread.
  static func run(
    _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
    in directory: URL? = nil
  ) async throws -> ProcessResult {
    try await ChildProcess.run(
      executable, arguments, stdin: stdin ?? "", environment: colorEnvironment(environment),
      in: directory)
  }

  /// Runs `aasa-lint` on a pseudo-terminal (through util-linux `script`), so that standard output
  /// is a tty. Returns nil when util-linux's `script` is not available (on macOS, say).
  static func runOnTerminal(_ arguments: [String], environment: [String: String] = [:])
    async throws -> ProcessResult?
  {
    // util-linux's `script -c`; BSD's `script` on macOS takes other arguments.
    #if os(Linux)
      guard let script = ExecutableLookup.path(of: "script") else { return nil }
      let command = ([executable] + arguments).map(shellQuoted).joined(separator: " ")
      var terminal = colorEnvironment(environment)
      if environment["TERM"] == nil { terminal["TERM"] = "xterm-256color" }
      return try await ChildProcess.run(
        script, ["-q", "-e", "-c", command, "/dev/null"], environment: terminal)
    #else
      return nil
    #endif
  }

  /// The runner's environment without `NO_COLOR`, then `environment`.
  private static func colorEnvironment(_ environment: [String: String]) -> [String: String?] {
    var changes: [String: String?] = ["NO_COLOR": nil]
    for (key, value) in environment { changes[key] = value }
    return changes
  }

  private static func shellQuoted(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }
}

extension TemporaryDirectory {
  /// Copies a file of the package (by its path from the package root) into the directory.
  func copy(_ relativePath: String, as name: String) throws -> String {
    try copy(BuiltProducts.packageRoot.appendingPathComponent(relativePath), as: name)
  }
}

/// Whether `text` holds an ANSI escape sequence.
func containsANSI(_ text: String) -> Bool { text.contains("\u{1B}[") }

/// Checks that a failed run explained itself without crashing.
func expectCleanFailure(
  _ output: ProcessResult, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
  #expect(output.status == 2, "\(output.stderr)", sourceLocation: sourceLocation)
  #expect(!output.stderr.isEmpty, sourceLocation: sourceLocation)
  #expect(!output.stderr.contains("Fatal error"), sourceLocation: sourceLocation)
  #expect(!output.stderr.contains("Stack dump"), sourceLocation: sourceLocation)
  #expect(!output.stderr.contains("Current stack trace"), sourceLocation: sourceLocation)
  #expect(!output.stderr.contains("#0 0x"), sourceLocation: sourceLocation)
}
