/// At most `limit` probes at once (`--concurrency`, 8 by default, as `check --hosts` checks eight
/// hosts at a time): each holds a place from its start to the end of its check, even a check that
/// outlives its scrape, so that scrapes that time out cannot pile checks up. A probe waits for a
/// place in arrival order, until its own deadline.
actor ProbeGate {
  let limit: Int
  private var inUse = 0
  private var waiting: [(id: Int, continuation: CheckedContinuation<Bool, Never>)] = []
  private var nextID = 0

  init(limit: Int) { self.limit = max(1, limit) }

  /// Takes a place, waiting at most `patience`; false when none came free in time.
  func enter(patience: Duration) async -> Bool {
    if inUse < limit {
      inUse += 1
      return true
    }
    let id = nextID
    nextID += 1
    let timer = Task { [weak self] in
      try? await Task.sleep(for: patience)
      await self?.giveUp(id)
    }
    let entered = await withCheckedContinuation { continuation in
      waiting.append((id, continuation))
    }
    timer.cancel()
    return entered
  }

  /// Gives the place to the longest waiting probe, or frees it.
  func leave() {
    if waiting.isEmpty {
      inUse = max(0, inUse - 1)
    } else {
      waiting.removeFirst().continuation.resume(returning: true)
    }
  }

  private func giveUp(_ id: Int) {
    guard let index = waiting.firstIndex(where: { $0.id == id }) else { return }
    waiting.remove(at: index).continuation.resume(returning: false)
  }

  /// Places taken now, for the exporter's own metrics.
  var busy: Int { inUse }
}
