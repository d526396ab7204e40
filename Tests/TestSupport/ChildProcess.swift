import Foundation

/// Runs a program to completion, the way a person or a CI script does, with a time limit.
///
/// Output goes through files, so a chatty program never blocks on a full pipe. The limit only
/// catches a hang (programs that can wait bound their own time, like curl's `--max-time`), so it
/// is generous enough for a machine busy with the whole suite's processes at once.
public enum ChildProcess {
  /// Why a program could not be run to completion.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String

    public init(description: String) {
      self.description = description
    }
  }

  /// Runs `executable arguments`, feeding `stdin` (none: `/dev/null`), in `directory`, with
  /// `environment` changes on top of the current environment (nil values remove a variable).
  public static func run(
    _ executable: String, _ arguments: [String], stdin: String? = nil,
    environment: [String: String?] = [:], in directory: URL? = nil, timeout: Duration = .seconds(60)
  ) throws -> ProcessResult {
    let launched = try Launched(executable, arguments, stdin, environment, directory)
    let deadline = ContinuousClock.now + timeout
    while launched.process.isRunning {
      if ContinuousClock.now > deadline { throw launched.stop(after: timeout) }
      Thread.sleep(forTimeInterval: 0.01)
    }
    return try launched.result()
  }

  /// ``run(_:_:stdin:environment:in:timeout:)`` for async tests: waits without blocking a thread.
  public static func run(
    _ executable: String, _ arguments: [String], stdin: String? = nil,
    environment: [String: String?] = [:], in directory: URL? = nil, timeout: Duration = .seconds(60)
  ) async throws -> ProcessResult {
    let launched = try Launched(executable, arguments, stdin, environment, directory)
    let deadline = ContinuousClock.now + timeout
    while launched.process.isRunning {
      if ContinuousClock.now > deadline { throw launched.stop(after: timeout) }
      try await Task.sleep(for: .milliseconds(10))
    }
    return try launched.result()
  }

  /// A started process and the files that hold its output.
  private struct Launched {
    let process = Process()
    let files: TemporaryDirectory
    let description: String

    init(
      _ executable: String, _ arguments: [String], _ stdin: String?,
      _ environment: [String: String?], _ directory: URL?
    ) throws {
      files = try TemporaryDirectory(label: "process")
      description = ([executable] + arguments).joined(separator: " ")
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = arguments
      if !environment.isEmpty {
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
      }
      if let directory { process.currentDirectoryURL = directory }
      process.standardOutput = try FileHandle(forWritingTo: files.url(of: "stdout", holding: ""))
      process.standardError = try FileHandle(forWritingTo: files.url(of: "stderr", holding: ""))
      if let stdin {
        process.standardInput = try FileHandle(
          forReadingFrom: files.url(of: "stdin", holding: stdin))
      } else {
        process.standardInput = FileHandle.nullDevice
      }
      try process.run()
    }

    func stop(after timeout: Duration) -> Failure {
      process.terminate()
      process.waitUntilExit()
      return Failure(description: "\(description) did not finish within \(timeout)")
    }

    func result() throws -> ProcessResult {
      process.waitUntilExit()
      func text(_ name: String) throws -> String {
        String(
          decoding: try Data(contentsOf: files.url.appendingPathComponent(name)), as: UTF8.self)
      }
      return ProcessResult(
        status: process.terminationStatus, stdout: try text("stdout"), stderr: try text("stderr"))
    }
  }
}

extension TemporaryDirectory {
  /// Writes `text` at `name` and returns the file's URL.
  fileprivate func url(of name: String, holding text: String) throws -> URL {
    URL(fileURLWithPath: try write(name, text))
  }
}
