import Foundation

/// Runs a program to completion, the way a person or a CI script does, with a time limit.
///
/// Output goes through files, so a chatty program never blocks on a full pipe. The limit only
/// catches a hang (programs that can wait bound their own time, like curl's `--max-time`), so it
/// is generous enough for a machine busy with the whole suite's processes at once. A program that
/// overruns it gets SIGTERM, then SIGKILL after ``gracePeriod``, and is reaped before the error.
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
  /// Waits without blocking a thread, first for one of the ``ProcessSlots``, then for the program;
  /// `timeout` counts from the start of the program. Not `queued`, it starts at once: for a light
  /// program whose timing a test depends on, like a request to a server before one of its
  /// timeouts, or a download that lasts the whole test.
  public static func run(
    _ executable: String, _ arguments: [String], stdin: String? = nil,
    environment: [String: String?] = [:], in directory: URL? = nil,
    timeout: Duration = .seconds(60),
    queued: Bool = true
  ) async throws -> ProcessResult {
    guard queued else {
      return try await runInSlot(executable, arguments, stdin, environment, directory, timeout)
    }
    await ProcessSlots.shared.take()
    do {
      let result = try await runInSlot(
        executable, arguments, stdin, environment, directory, timeout)
      await ProcessSlots.shared.give()
      return result
    } catch {
      await ProcessSlots.shared.give()
      throw error
    }
  }

  private static func runInSlot(
    _ executable: String, _ arguments: [String], _ stdin: String?,
    _ environment: [String: String?], _ directory: URL?, _ timeout: Duration
  ) async throws -> ProcessResult {
    let launched = try Launched(executable, arguments, stdin, environment, directory)
    guard let status = await launched.process.wait(timeout: timeout) else {
      await launched.process.stop(grace: gracePeriod)
      throw launched.timedOut(after: timeout)
    }
    return try launched.result(status)
  }

  /// How long a program that overran its time has, after SIGTERM, before SIGKILL.
  public static let gracePeriod = Duration.seconds(2)

  /// A started process and the files that hold its output.
  private struct Launched {
    let process: SpawnedProcess
    let files: TemporaryDirectory
    let executable: String
    let arguments: [String]
    let started = ContinuousClock.now

    init(
      _ executable: String, _ arguments: [String], _ stdin: String?,
      _ environment: [String: String?], _ directory: URL?
    ) throws {
      let files = try TemporaryDirectory(label: "process")
      self.files = files
      self.executable = executable
      self.arguments = arguments
      let input: SpawnedProcess.Redirection =
        try stdin.map { .file(try files.write("stdin", $0)) } ?? .nullDevice
      process = try SpawnedProcess(
        executable, arguments, stdin: input, stdout: .file(files.file("stdout")),
        stderr: .file(files.file("stderr")),
        environment: environment, in: directory)
    }

    func timedOut(after timeout: Duration) -> Failure {
      Failure(description: "\(process.commandLine) did not finish within \(timeout)")
    }

    func result(_ status: Int32) throws -> ProcessResult {
      func text(_ name: String) throws -> String {
        String(
          decoding: try Data(contentsOf: files.url.appendingPathComponent(name)), as: UTF8.self)
      }
      let result = ProcessResult(
        status: status, stdout: try text("stdout"), stderr: try text("stderr"),
        elapsed: ContinuousClock.now - started)
      // The package's own programs speak to people: every test that runs one checks its words.
      InternalWordsCheck.check(executable: executable, arguments: arguments, result: result)
      return result
    }
  }
}
