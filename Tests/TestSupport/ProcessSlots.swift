import Foundation

/// How many programs ``ChildProcess`` runs at once for the whole test process: twice the cores.
///
/// Async tests hold no thread while their programs run, so Swift Testing starts every test at
/// once; unbounded, a full run starts hundreds of `aasa-lint`, `curl` and `openssl` processes
/// together and each takes tens of seconds of a 2-core machine, past the servers' timeouts the
/// tests rely on. A run waits here for a slot (suspended, holding no thread); the program's own
/// timeout starts once it has one, but a test's Swift Testing time limit counts the wait too
/// (``Testing/Trait/programsTimeLimit``). First come, first served. A test that starts a server of its own can
/// hold a slot for the server's start-up, the part that loads the machine.
public actor ProcessSlots {
  public static let shared = ProcessSlots(
    count: max(2, 2 * ProcessInfo.processInfo.activeProcessorCount))

  private var free: Int
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(count: Int) { free = count }

  /// Takes a slot, waiting for one if none is free.
  public func take() async {
    if free > 0 {
      free -= 1
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  /// Gives a slot back, to the longest waiter if there is one.
  public func give() {
    if waiting.isEmpty {
      free += 1
    } else {
      waiting.removeFirst().resume()
    }
  }
}
