import AASACore

/// Scratch memory for ``PatternAutomaton`` simulations, kept between runs: one pool per
/// ``Matcher`` (so that each core's replica reuses memory in its own cache), and ``shared`` for
/// patterns compiled on their own.
///
/// A simulation needs four arrays of one slot per state, and marks states with a generation
/// number. Allocating and clearing them per run cost more than the run itself for patterns with
/// large variables (`$(lang)` has hundreds of states). Reused memory keeps its marks, and a run
/// starts at a generation above every mark left in it, so nothing needs clearing; the marks
/// always sit in the first quarter, so a run of a smaller pattern never reads another array's
/// values as marks. Threads take buffers under a lock held only to pop or push one, so the pool
/// holds about one buffer per thread, as large as the largest pattern run.
final class AutomatonScratchPool: Sendable {
  static let shared = AutomatonScratchPool()

  /// One buffer of `4 × capacity` slots: marks, stack, current and next set, each `capacity`
  /// long. Whoever holds a `Scratch` owns its memory alone: it is in the pool or with one run.
  struct Scratch: @unchecked Sendable {
    let memory: UnsafeMutablePointer<Int32>
    let capacity: Int
    /// The first generation the marks have not used.
    var generation: Int32

    var marks: UnsafeMutablePointer<Int32> { memory }
    var stack: UnsafeMutablePointer<Int32> { memory + capacity }
    var current: UnsafeMutablePointer<Int32> { memory + 2 * capacity }
    var next: UnsafeMutablePointer<Int32> { memory + 3 * capacity }
  }

  /// The platform's cheapest lock (`PlatformLock`): one is taken per pattern run, so a heavier
  /// lock would show in routing.
  private let free = PlatformLock<[Scratch]>([])

  /// A buffer for at least `stateCount` states: a pooled one, or a new one with cleared marks.
  func take(stateCount: Int) -> Scratch {
    if var scratch = withFree({ $0.popLast() }) {
      if scratch.capacity >= stateCount {
        // Generations grow by one per scalar: restart before they could wrap.
        if scratch.generation > Int32.max / 2 {
          scratch.marks.update(repeating: 0, count: scratch.capacity)
          scratch.generation = 1
        }
        return scratch
      }
      release(scratch)
    }
    let memory = UnsafeMutablePointer<Int32>.allocate(capacity: 4 * stateCount)
    memory.initialize(repeating: 0, count: 4 * stateCount)
    return Scratch(memory: memory, capacity: stateCount, generation: 1)
  }

  private func release(_ scratch: Scratch) {
    scratch.memory.deinitialize(count: 4 * scratch.capacity)
    scratch.memory.deallocate()
  }

  private func withFree<Result: Sendable>(_ body: (inout [Scratch]) -> Result) -> Result {
    free.withLock(body)
  }

  func give(back scratch: Scratch) {
    withFree { $0.append(scratch) }
  }

  deinit {
    for scratch in withFree({ $0 }) { release(scratch) }
  }
}
