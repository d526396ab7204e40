import Foundation
import TestSupport
import Testing

/// The tests' own process launcher: statuses, signals, reaping, and what the child is given.
@Suite("Spawned processes")
struct SpawnedProcessTests {
  /// Whether `pid` is gone for good: not our child any more (reaped) and no process at all.
  static func isGone(_ pid: pid_t) -> Bool {
    System.reap(pid) == .notAChild && !System.processExists(pid)
  }

  /// Whether `pid` goes within 10 s without this test reaping it: a killed child's value reaps
  /// it from a task (its deinit must not hold a thread), so it is looked at until then. A zombie
  /// still exists, so a child nobody reaps never passes.
  static func becomesGone(_ pid: pid_t) async -> Bool {
    for _ in 0..<500 {
      if !System.processExists(pid) { return System.reap(pid) == .notAChild }
      try? await Task.sleep(for: .milliseconds(20))
    }
    return false
  }

  @Test func exitCodesAreReportedAsTheProgramGaveThem() async throws {
    for code: Int32 in [0, 3, 255] {
      let process = try SpawnedProcess("/bin/sh", ["-c", "exit \(code)"])
      #expect(await process.wait(timeout: BlowUpBound.limit) == code)
      #expect(process.terminatingSignal == nil)
    }
  }

  @Test func aSignalledChildReports128PlusTheSignal() async throws {
    let terminated = try SpawnedProcess("/bin/sleep", ["30"])
    terminated.terminate()
    #expect(await terminated.wait(timeout: BlowUpBound.limit) == 128 + SIGTERM)
    #expect(terminated.terminatingSignal == SIGTERM)
    let killed = try SpawnedProcess("/bin/sleep", ["30"])
    killed.kill()
    #expect(await killed.wait(timeout: BlowUpBound.limit) == 128 + SIGKILL)
  }

  /// Foundation's `Process` could miss the second child's exit while it waited on the first.
  @Test func aChildThatExitsIsSeenPromptlyWhileAnotherRuns() async throws {
    // An hour: beside a release build, a 30 s child once ended before the quick one was seen.
    let longRunning = try SpawnedProcess("/bin/sleep", ["3600"])
    let quick = try SpawnedProcess(ExecutableLookup.require("true"), [])
    // Seen while the other still runs, however long a loaded machine takes to start both.
    #expect(await quick.wait(timeout: BlowUpBound.limit) == 0)
    #expect(longRunning.isRunning)
    longRunning.kill()
    #expect(await longRunning.wait(timeout: BlowUpBound.limit) == 128 + SIGKILL)
  }

  @Test func noChildOutlivesItsValue() async throws {
    var running: SpawnedProcess? = try SpawnedProcess("/bin/sleep", ["30"])
    let runningPID = try #require(running?.pid)
    // Exited but never asked about: a zombie until something reaps it.
    var exited: SpawnedProcess? = try SpawnedProcess(ExecutableLookup.require("true"), [])
    let exitedPID = try #require(exited?.pid)
    try await Task.sleep(for: .seconds(0.2))
    running = nil
    exited = nil
    #expect(await Self.becomesGone(runningPID))
    #expect(await Self.becomesGone(exitedPID))
  }

  @Test func aTimedOutChildIsKilledEvenIfItIgnoresSIGTERM() async throws {
    let directory = try TemporaryDirectory(label: "spawn")
    let pidFile = directory.file("pid")
    // `exec` so that the child itself, not a grandchild, is the one that ignores SIGTERM.
    await #expect(throws: ChildProcess.Failure.self) {
      try await ChildProcess.run(
        "/bin/sh", ["-c", #"echo $$ > "$0"; trap "" TERM; exec sleep 30"#, pidFile],
        timeout: .milliseconds(500))
    }
    // Gone as soon as the run gives up: SIGTERM was ignored, so SIGKILL ended it (the child's
    // 30 s sleep outlasts the time limit, the grace period and the reaping).
    let pid = try #require(
      pid_t(
        try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(
          in: .whitespacesAndNewlines)))
    #expect(Self.isGone(pid))
  }

  /// No bound on the time taken: sync tests that block the cooperative pool's few threads can
  /// keep this task from resuming for many seconds; hence a child that would outlast any of that.
  @Test func aTimeoutStopsASleepingChildInAsyncCode() async throws {
    await #expect(throws: ChildProcess.Failure.self) {
      try await ChildProcess.run("/bin/sleep", ["600"], timeout: .milliseconds(300))
    }
  }

  @Test(.enabled(if: System.hasProcFileSystem, "reads the child's /proc/self/status"))
  func childrenStartWithNoBlockedOrIgnoredSignals() async throws {
    // Block SIGTERM on this thread: a spawned child must not inherit the mask.
    // The mask is the spawning thread's: the child starts inside the closure, and is waited for
    // outside it, without holding a thread.
    let directory = try TemporaryDirectory(label: "spawn")
    let output = directory.file("status")
    let process = try System.withSignalBlocked(SIGTERM) {
      try SpawnedProcess("/bin/cat", ["/proc/self/status"], stdout: .file(output))
    }
    #expect(await process.wait(timeout: .seconds(60)) == 0)
    let result = ProcessResult(
      status: 0, stdout: try String(contentsOfFile: output, encoding: .utf8), stderr: "")
    // Signals 1 to 31 only: glibc's posix_spawn leaves its two internal ones (32, 33) ignored.
    func mask(_ name: String) -> UInt64? {
      result.lines.first { $0.hasPrefix(name + ":") }
        .flatMap {
          UInt64($0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces), radix: 16)
        }
        .map { $0 & 0x7fff_ffff }
    }
    #expect(mask("SigBlk") == 0, "\(result.stdout)")
    #expect(mask("SigIgn") == 0, "\(result.stdout)")
  }

  @Test(.enabled(if: System.hasProcFileSystem, "lists the child's /proc/self/fd"))
  func onlyTheStandardStreamsAreInherited() async throws {
    let result = try await ChildProcess.run("/bin/ls", ["/proc/self/fd"])
    // ls opens one descriptor of its own, for the directory it lists.
    #expect(Set(result.lines).isSubset(of: ["0", "1", "2", "3"]), "\(result.lines)")
  }

  @Test func standardInputIsFedAndOutputsAreKeptApart() async throws {
    let result = try await ChildProcess.run(
      "/bin/sh", ["-c", "cat; echo oops >&2; exit 4"], stdin: "fed in\n")
    #expect(result.status == 4)
    #expect(result.stdout == "fed in\n")
    #expect(result.stderr == "oops\n")
  }

  @Test func pipesCarryInputAndOutput() async throws {
    let process = try SpawnedProcess("/bin/cat", [], stdin: .pipe, stdout: .pipe)
    try process.standardInput!.write(contentsOf: Data("through a pipe".utf8))
    try process.standardInput!.close()
    let output = try process.standardOutput!.readToEnd() ?? Data()
    #expect(String(decoding: output, as: UTF8.self) == "through a pipe")
    #expect(await process.wait(timeout: BlowUpBound.limit) == 0)
  }

  @Test func environmentChangesOverrideAddAndRemove() async throws {
    try #require(ProcessInfo.processInfo.environment["PATH"] != nil)
    let result = try await ChildProcess.run(
      "/usr/bin/env", [], environment: ["AASA_SPAWN_TEST": "set", "PATH": nil])
    #expect(result.lines.contains("AASA_SPAWN_TEST=set"))
    #expect(!result.lines.contains { $0.hasPrefix("PATH=") })
    // The rest of the runner's environment is kept.
    #expect(result.lines.count >= ProcessInfo.processInfo.environment.count)
  }

  @Test func theChildRunsInTheDirectoryGiven() async throws {
    let directory = try TemporaryDirectory(label: "spawn")
    let result = try await ChildProcess.run("/bin/pwd", ["-P"], in: directory.url)
    let expected = directory.url.resolvingSymlinksInPath().path
    #expect(result.stdout == expected + "\n")
  }

  @Test func aMissingProgramIsAnErrorNotAChild() {
    #expect(throws: SpawnedProcess.Failure.self) {
      try SpawnedProcess("/nonexistent/program", [])
    }
  }
}
