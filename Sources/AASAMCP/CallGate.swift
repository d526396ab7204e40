/// How many tool calls run at once, and how many may wait. The SDK starts a task for every
/// request it reads, so a client that writes a thousand calls without waiting for answers would
/// otherwise run a thousand at once; here 4 run (the validator's concurrent fetches), 64 wait in
/// order, and a call beyond that is answered at once as busy. Each waiting call holds at most its
/// arguments, which the transport caps at ``LineTransport/maximumMessage``, so memory stays
/// bounded whatever the client sends. ``drain()`` lets the answers of the calls in flight go
/// out after standard input closes.
actor CallGate {
  static let running = 4
  static let waiting = 64

  struct Busy: Error {}

  private var active = 0
  private var queue: [CheckedContinuation<Void, Never>] = []
  private var drained: [CheckedContinuation<Void, Never>] = []

  /// Runs `body` when a place is free; throws ``Busy`` without running it when the queue is full.
  func run<T: Sendable>(_ body: @Sendable () async -> T) async throws(Busy) -> T {
    if active >= Self.running {
      guard queue.count < Self.waiting else { throw Busy() }
      await withCheckedContinuation { queue.append($0) }
    } else {
      active += 1
    }
    defer { release() }
    return await body()
  }

  /// Hands the place to the next waiting call, or frees it.
  private func release() {
    if queue.isEmpty {
      active -= 1
      if active == 0 {
        for continuation in drained { continuation.resume() }
        drained = []
      }
    } else {
      queue.removeFirst().resume()
    }
  }

  /// Returns when no call runs or waits.
  func drain() async {
    guard active > 0 else { return }
    await withCheckedContinuation { drained.append($0) }
  }
}
