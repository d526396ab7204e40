import AASACore

/// The workers of a ``ParallelLineRouter`` between slices: each slice takes one, answers its
/// lines, and gives it back, so no two cores use one worker at once. A core that finds the pool
/// empty makes a new worker from the first one, so the pool holds about one per core.
final class WorkerPool<Worker: Sendable>: Sendable {
  private let first: Worker
  private let replicate: @Sendable (Worker) -> Worker
  /// The platform's cheapest lock (`PlatformLock`, as the matcher's scratch pool uses), taken
  /// twice per slice, not per line.
  private let idle: PlatformLock<[Worker]>

  init(first: Worker, replicate: @escaping @Sendable (Worker) -> Worker) {
    self.first = first
    self.replicate = replicate
    idle = PlatformLock([first])
  }

  /// An idle worker, or a new one when every worker is busy. The new one is made outside the lock.
  func take() -> Worker {
    idle.withLock { $0.popLast() } ?? replicate(first)
  }

  func give(back worker: Worker) {
    idle.withLock { $0.append(worker) }
  }
}
