import Foundation

/// A child process started with `posix_spawn` and watched by polling `waitpid` on its own pid.
///
/// Not Foundation's `Process`: on Linux its monitor thread can sit in a blocking `wait4` on one
/// running child while others that exited stay zombies, so `waitUntilExit()` never returns and
/// `isRunning` or `terminationStatus` can describe the wrong child. Here nothing ever waits on
/// any pid but this one, and never blocks: the status is polled every 10 ms. The pid cannot be
/// reused by another process before this value reaps it, so signalling it is always safe.
///
/// The child gets only standard input, output and error: every descriptor the runner opens here
/// is close-on-exec, and the rest are closed in the child. It starts with no blocked signals and
/// every signal at its default action, whatever the spawning thread had (a server once ignored
/// SIGTERM because of an inherited mask). A value that goes away kills and reaps its child.
public final class SpawnedProcess: @unchecked Sendable {
  /// Where one of the child's standard streams goes.
  public enum Redirection: Sendable {
    /// `/dev/null`: nothing to read, output thrown away.
    case nullDevice
    /// The runner's own stream. A child that outlives the runner would keep its pipes open.
    case inherit
    /// A file: read for standard input; created or truncated for output.
    case file(String)
    /// A new pipe whose other end is ``SpawnedProcess/standardInput``,
    /// ``SpawnedProcess/standardOutput`` or ``SpawnedProcess/standardError``.
    case pipe
  }

  /// Why a program could not be started.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// The child's process id.
  public let pid: pid_t
  /// The command line, for messages.
  public let commandLine: String
  /// The writing end of the child's standard input when it is a ``Redirection/pipe``.
  public let standardInput: FileHandle?
  /// The reading end of the child's standard output when it is a ``Redirection/pipe``.
  public let standardOutput: FileHandle?
  /// The reading end of the child's standard error when it is a ``Redirection/pipe``.
  public let standardError: FileHandle?

  private let lock = NSLock()
  /// The raw `waitpid` status once reaped; -1 if it vanished (someone else reaped it).
  private var reapedStatus: Int32?

  /// Starts `executable` (a path; `PATH` is not searched) with `arguments`, in `directory`, with
  /// `environment` changes on top of the current environment (nil values remove a variable).
  public init(
    _ executable: String, _ arguments: [String], stdin: Redirection = .nullDevice,
    stdout: Redirection = .nullDevice, stderr: Redirection = .nullDevice,
    environment: [String: String?] = [:], in directory: URL? = nil
  ) throws {
    commandLine = ([executable] + arguments).joined(separator: " ")
    // Every descriptor opened here, closed on the way out; the parent's pipe ends are kept.
    var opened: [Int32] = []
    var kept: Set<Int32> = []
    defer { for descriptor in opened where !kept.contains(descriptor) { System.close(descriptor) } }

    let actions = System.SpawnFileActions()
    var parentEnds: [Int32: Int32] = [:]
    for (target, redirection) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
      let childEnd: Int32
      switch redirection {
      case .inherit: continue
      case .nullDevice:
        childEnd = try Self.open("/dev/null", .readWrite)
      case .file(let path):
        childEnd = try Self.open(path, target == 0 ? .readOnly : .writeTruncating)
      case .pipe:
        let ends: (read: Int32, write: Int32)
        do {
          ends = try System.makePipe()
        } catch {
          throw Self.failure(error, "cannot make a pipe")
        }
        opened += [ends.read, ends.write]
        childEnd = target == 0 ? ends.read : ends.write
        parentEnds[target] = target == 0 ? ends.write : ends.read
      }
      opened.append(childEnd)
      // dup2 onto 0, 1 or 2 clears close-on-exec on the copy only.
      actions.duplicate(childEnd, to: target)
    }
    // Descriptors other threads opened without close-on-exec must not leak either.
    actions.closeDescriptors(from: 3)

    var spawnedExecutable = executable
    var spawnedArguments = arguments
    if let directory {
      let changed: Bool
      do {
        changed = try actions.changeDirectory(to: directory.path)
      } catch {
        throw Self.failure(error, "cannot change to \(directory.path)")
      }
      if !changed {
        // Older C libraries: the shell changes directory, then becomes the program.
        spawnedExecutable = "/bin/sh"
        spawnedArguments =
          [
            "-c", #"cd "$0" && exec "$@""#, directory.path, executable,
          ] + arguments
      }
    }

    var variables = ProcessInfo.processInfo.environment
    for (key, value) in environment { variables[key] = value }
    do {
      pid = try System.spawn(
        spawnedExecutable, spawnedArguments, environment: variables, actions: actions)
    } catch {
      throw Self.failure(error, "cannot run \(commandLine)")
    }
    func handle(_ target: Int32) -> FileHandle? {
      guard let descriptor = parentEnds[target] else { return nil }
      kept.insert(descriptor)
      return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }
    standardInput = handle(0)
    standardOutput = handle(1)
    standardError = handle(2)
  }

  deinit {
    if isRunning {
      kill()
      // deinit cannot await, and must not hold the thread it runs on (one of the cooperative
      // pool's, often): a task reaps the killed child, sleeping between looks.
      let pid = pid
      Task.detached { await Self.reapAfterKill(pid) }
    }
  }

  /// Whether the child still runs. Once it has exited, it is reaped and its status kept.
  public var isRunning: Bool { lock.withLock { poll() == nil } }

  /// The exit code, or 128 + the signal that ended it (as a shell reports it); nil while it runs.
  public var exitStatus: Int32? {
    lock.withLock {
      poll().map { status in
        let signal = status & 0x7f
        return status < 0 ? -1 : signal == 0 ? (status >> 8) & 0xff : 128 + signal
      }
    }
  }

  /// The signal that ended the child, if one did; nil while it runs or after a normal exit.
  public var terminatingSignal: Int32? {
    lock.withLock {
      poll().flatMap { status in
        let signal = status & 0x7f
        return status < 0 || signal == 0 ? nil : signal
      }
    }
  }

  /// Sends `number` to the child, unless it has already exited.
  public func signal(_ number: Int32) {
    lock.withLock {
      if poll() == nil { System.send(signal: number, to: pid) }
    }
  }

  /// Asks the child to stop (SIGTERM).
  public func terminate() { signal(SIGTERM) }

  /// Stops the child at once (SIGKILL).
  public func kill() { signal(SIGKILL) }

  /// Waits for the child to exit, without blocking a thread; returns ``exitStatus``, or nil if it
  /// still runs at the end (or the task is cancelled).
  @discardableResult
  public func wait(timeout: Duration) async -> Int32? {
    let deadline = ContinuousClock.now + timeout
    while isRunning && ContinuousClock.now < deadline {
      // A cancelled task stops waiting (nil: a caller stops the child) instead of spinning.
      do { try await Task.sleep(for: .milliseconds(10)) } catch { break }
    }
    return exitStatus
  }

  /// SIGTERM, then SIGKILL if the child still runs after `grace`, then waits for it to be reaped,
  /// without blocking a thread. Returns ``exitStatus``, nil only if even SIGKILL did not end it in
  /// time.
  @discardableResult
  public func stop(grace: Duration = .seconds(2)) async -> Int32? {
    terminate()
    if let status = await wait(timeout: grace) { return status }
    kill()
    return await wait(timeout: Self.reapLimit)
  }

  /// The first line the child writes to its standard output (a ``Redirection/pipe``), without
  /// the line break; nil if the output ends first. The pipe is read on a thread of its own, so
  /// that no task thread waits on it: a server that prints its port, for one.
  public func firstLineOfOutput() async -> String? {
    guard let output = standardOutput else { return nil }
    return await withCheckedContinuation { continuation in
      Thread {
        var line = Data()
        while true {
          let chunk = output.readData(ofLength: 1)
          if chunk.isEmpty {
            continuation.resume(
              returning: line.isEmpty ? nil : String(decoding: line, as: UTF8.self))
            return
          }
          if chunk.first == UInt8(ascii: "\n") { break }
          line.append(chunk)
        }
        continuation.resume(returning: String(decoding: line, as: UTF8.self))
      }.start()
    }
  }

  /// How long a killed child may take to disappear: only a process stuck in the kernel needs
  /// more, and waiting for ever would hang the suite this type is here to keep from hanging.
  private static let reapLimit = Duration.seconds(10)

  /// Reaps a killed child whose value is gone, without blocking a thread: for `deinit` only.
  /// A killed child goes in milliseconds; one stuck in the kernel is given up after
  /// ``reapLimit`` (a zombie until the test process ends).
  private static func reapAfterKill(_ pid: pid_t) async {
    let deadline = ContinuousClock.now + reapLimit
    while ContinuousClock.now < deadline {
      if case .running = System.reap(pid) {
        do { try await Task.sleep(for: .milliseconds(10)) } catch { return }
      } else {
        return
      }
    }
  }

  /// The raw status once reaped. Call with the lock held.
  private func poll() -> Int32? {
    if let reapedStatus { return reapedStatus }
    switch System.reap(pid) {
    case .running:
      return nil
    case .exited(let status):
      reapedStatus = status
      return status
    case .notAChild:
      // Another waiter took it. Nothing in the tests should; say so in the status.
      reapedStatus = -1
      return -1
    }
  }

  private static func open(_ path: String, _ mode: System.OpenMode) throws -> Int32 {
    do {
      return try System.openFile(path, mode)
    } catch {
      throw failure(error, "cannot open \(path)")
    }
  }

  private static func failure(_ error: SystemError, _ what: String) -> Failure {
    Failure(description: "\(what): \(error.reason)")
  }
}
