import Foundation

/// Runs a program to completion with a time limit, capturing its output through files (no pipe
/// can fill up and stall it). A program that overstays is killed.
struct ProcessRunner {
  struct Result {
    var status: Int32
    var standardOutput: String
    var standardError: String
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  static func run(
    _ executable: String, _ arguments: [String], standardInput: String? = nil,
    timeout: Duration = .seconds(60)
  ) async throws -> Result {
    let directory = try TemporaryDirectory()
    let outPath = try directory.write("stdout", "")
    let errPath = try directory.write("stderr", "")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
    if let standardInput {
      let inPath = try directory.write("stdin", standardInput)
      process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inPath))
    } else {
      process.standardInput = FileHandle.nullDevice
    }
    try process.run()
    let deadline = ContinuousClock.now + timeout
    while process.isRunning {
      if ContinuousClock.now > deadline {
        process.terminate()
        process.waitUntilExit()
        throw Failure(description: "\(executable) \(arguments) did not finish within \(timeout)")
      }
      try await Task.sleep(for: .milliseconds(20))
    }
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      standardOutput: try String(contentsOfFile: outPath, encoding: .utf8),
      standardError: try String(contentsOfFile: errPath, encoding: .utf8))
  }

  /// Runs an `openssl` command; throws with its standard error when it fails.
  @discardableResult
  static func openssl(_ arguments: [String]) async throws -> Result {
    let result = try await run("/usr/bin/env", ["openssl"] + arguments, timeout: .seconds(60))
    guard result.status == 0 else {
      throw Failure(
        description: "openssl \(arguments.joined(separator: " ")) failed: \(result.standardError)")
    }
    return result
  }
}
