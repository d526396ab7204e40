/// Token buckets by key: `burst` events at once, then one more every `refill`. The one rate
/// limit of the package: the validator's per-client and per-host rates, the on-demand guard's
/// per-network share and global minute, and the ACME manager's orders per hour all count this way.
///
/// A token bucket rather than a sliding window of times: a bucket is two numbers whatever the
/// rate, so the validator's 10,000 clients cost 10,000 buckets, where a window would keep a time
/// per request; and "N per hour" keeps its meaning as a sustained rate (a full bucket of N, then
/// one back every hour / N), which is what a CA's limits and an endpoint's capacity are about.
///
/// At most ``maximumKeys`` buckets are kept; when a new key comes and the table is full, buckets
/// that have refilled are dropped first (a full bucket is what a missing one means), then the
/// least recently used, so a flood of addresses costs bounded memory.
///
/// A value: its owner keeps it under the lock it already has (a `NIOLockedValueBox`, an actor's
/// isolation, a guard's state lock), so a decision over two limits (a network's share, then the
/// global one) is taken at once. Instants are the caller's: a monotonic clock's reading for a
/// rate, a wall-clock time's distance from any fixed origin for a budget tested with dates; the
/// limit only subtracts them, so tests pass instants and never sleep.
package struct RateLimit: Sendable {
  private struct Bucket: Sendable {
    var tokens: Double
    var updated: Duration
  }

  /// The events a key may have at once.
  package let burst: Int
  /// The time one event's token takes to come back.
  package let refill: Duration
  /// The most buckets kept.
  package let maximumKeys: Int
  private var buckets: [String: Bucket] = [:]

  /// - Parameters:
  ///   - burst: At least 1.
  ///   - refill: At least a millisecond.
  ///   - maximumKeys: At least 1.
  package init(burst: Int, refill: Duration, maximumKeys: Int = 10_000) {
    self.burst = max(1, burst)
    self.refill = max(.milliseconds(1), refill)
    self.maximumKeys = max(1, maximumKeys)
  }

  /// `count` events per `window`: a full bucket of `count`, one back every `window / count`.
  package init(_ count: Int, per window: Duration, maximumKeys: Int = 10_000) {
    self.init(burst: count, refill: window / max(1, count), maximumKeys: maximumKeys)
  }

  /// The buckets kept now.
  package var keyCount: Int { buckets.count }

  /// Nil when `key` has a token at `now`, else the time until it has one. Takes nothing.
  package func wait(for key: String, at now: Duration) -> Duration? {
    let tokens = tokens(of: key, at: now)
    guard tokens < 1 else { return nil }
    return refill * (1 - tokens)
  }

  /// Takes a token for `key`: nil when one was there, else the time until one is (and nothing
  /// is taken).
  package mutating func take(_ key: String, at now: Duration) -> Duration? {
    if let wait = wait(for: key, at: now) {
      // Refused: the bucket is not made or moved, so refused keys cost nothing.
      return wait
    }
    spend(key, at: now)
    return nil
  }

  /// Takes a token for `key` whether or not one is there (the bucket goes into debt, paid back
  /// before the next event): for an event decided on already, such as an order chosen when the
  /// budget had room and begun later.
  package mutating func spend(_ key: String, at now: Duration) {
    let tokens = tokens(of: key, at: now) - 1
    if buckets[key] == nil, buckets.count >= maximumKeys { evict(at: now) }
    buckets[key] = Bucket(tokens: tokens, updated: now)
  }

  /// The tokens `key` has at `now`; a key without a bucket has a full one. An instant before the
  /// bucket's last (a clock that went back) refills nothing.
  private func tokens(of key: String, at now: Duration) -> Double {
    guard let bucket = buckets[key] else { return Double(burst) }
    let elapsed = max(.zero, now - bucket.updated)
    return min(Double(burst), bucket.tokens + elapsed / refill)
  }

  private mutating func evict(at now: Duration) {
    let full = buckets.keys.filter { tokens(of: $0, at: now) >= Double(burst) }
    if !full.isEmpty {
      for key in full { buckets.removeValue(forKey: key) }
      return
    }
    if let oldest = buckets.min(by: { $0.value.updated < $1.value.updated })?.key {
      buckets.removeValue(forKey: oldest)
    }
  }
}
