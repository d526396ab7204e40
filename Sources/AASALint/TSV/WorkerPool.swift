#if canImport(os)
  import os
#else
  import Synchronization
#endif

/// The workers of a ``ParallelLineRouter`` between slices: each slice takes one, answers its
/// lines, and gives it back, so no two cores use one worker at once. A core that finds the pool
/// empty makes a new worker from the first one, so the pool holds about one per core.
final class WorkerPool<Worker: Sendable>: Sendable {
  private let first: Worker
  private let replicate: @Sendable (Worker) -> Worker

  /// The platform's cheapest lock, as in `AutomatonScratchPool`: the standard library's `Mutex`
  /// on Linux; `OSAllocatedUnfairLock` on Apple's systems, where `Mutex` needs macOS 15. It is
  /// taken twice per slice, not per line.
  #if canImport(os)
    private let idle: OSAllocatedUnfairLock<[Worker]>
  #else
    private let idle: Mutex<[Worker]>
  #endif

  init(first: Worker, replicate: @escaping @Sendable (Worker) -> Worker) {
    self.first = first
    self.replicate = replicate
    #if canImport(os)
      idle = OSAllocatedUnfairLock(uncheckedState: [first])
    #else
      idle = Mutex([first])
    #endif
  }

  /// An idle worker, or a new one when every worker is busy. The new one is made outside the lock.
  func take() -> Worker {
    #if canImport(os)
      let taken = idle.withLockUnchecked { $0.popLast() }
    #else
      let taken = idle.withLock { $0.popLast() }
    #endif
    return taken ?? replicate(first)
  }

  func give(back worker: Worker) {
    #if canImport(os)
      idle.withLockUnchecked { $0.append(worker) }
    #else
      idle.withLock { $0.append(worker) }
    #endif
  }
}
