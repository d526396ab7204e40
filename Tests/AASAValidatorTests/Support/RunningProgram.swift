import Foundation
import TestSupport

/// A built program run in the background for a test, its standard output and error in files;
/// stopped when the value goes away.
final class RunningProgram {
  let process: SpawnedProcess
  let stdoutFile: String
  let stderrFile: String

  init(_ name: String, _ arguments: [String], in directory: TemporaryDirectory) throws {
    stdoutFile = directory.file("\(name).stdout")
    stderrFile = directory.file("\(name).stderr")
    _ = FileManager.default.createFile(atPath: stdoutFile, contents: nil)
    _ = FileManager.default.createFile(atPath: stderrFile, contents: nil)
    process = try SpawnedProcess(
      BuiltProducts.executable(name), arguments, stdout: .file(stdoutFile),
      stderr: .file(stderrFile), in: BuiltProducts.packageRoot)
  }

  // SpawnedProcess reaps the killed child as it goes away, a matter of milliseconds.
  deinit { process.kill() }

  var output: String { (try? String(contentsOfFile: stdoutFile, encoding: .utf8)) ?? "" }
  var errors: String { (try? String(contentsOfFile: stderrFile, encoding: .utf8)) ?? "" }

  struct NotStarted: Error, CustomStringConvertible {
    var description: String
  }

  /// Waits until `find` finds something in standard output, or the time passes or it exits.
  func wait<T>(for what: String, timeout: Duration = .seconds(30), _ find: (String) -> T?)
    async throws -> T
  {
    let deadline = ContinuousClock.now + timeout
    // Looked for once more after the deadline: the sleep itself can overrun it on a loaded
    // machine, and what was written meanwhile counts.
    while true {
      if let found = find(output) { return found }
      if !process.isRunning || ContinuousClock.now >= deadline { break }
      try await Task.sleep(for: .milliseconds(50))
    }
    throw NotStarted(
      description: "\(process.commandLine): no \(what)\nstdout: \(output)\nstderr: \(errors)")
  }
}
