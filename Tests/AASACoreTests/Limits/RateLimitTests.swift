import Testing

@testable import AASACore

/// The package's one rate limit: token buckets by key, on instants the test passes (no clock is
/// read, nothing sleeps), with a bounded table.
@Suite("The rate limit: token buckets by key")
struct RateLimitTests {
  @Test func aBurstThenOneBackEachRefill() {
    var limit = RateLimit(burst: 3, refill: .seconds(10))
    for _ in 0..<3 { #expect(limit.take("client", at: .zero) == nil) }
    #expect(limit.take("client", at: .zero) == .seconds(10))
    // Part of a token back: the wait is what is left of it.
    #expect(limit.take("client", at: .seconds(4)) == .seconds(6))
    #expect(limit.take("client", at: .seconds(10)) == nil)
    #expect(limit.take("client", at: .seconds(10)) == .seconds(10))
    // Another key has its own bucket.
    #expect(limit.take("other", at: .seconds(10)) == nil)
    // Never more than the burst, however long the key was away.
    for _ in 0..<3 { #expect(limit.take("client", at: .seconds(1000)) == nil) }
    #expect(limit.take("client", at: .seconds(1000)) != nil)
  }

  @Test func countPerWindowIsABucketOfThatMany() {
    var limit = RateLimit(60, per: .seconds(3600))
    #expect(limit.burst == 60)
    #expect(limit.refill == .seconds(60))
    for _ in 0..<60 { #expect(limit.take("orders", at: .zero) == nil) }
    #expect(limit.wait(for: "orders", at: .zero) == .seconds(60))
    #expect(limit.wait(for: "orders", at: .seconds(60)) == nil)
  }

  @Test func waitLooksWithoutTaking() {
    var limit = RateLimit(burst: 1, refill: .seconds(5))
    #expect(limit.wait(for: "a", at: .zero) == nil)
    #expect(limit.wait(for: "a", at: .zero) == nil)
    #expect(limit.keyCount == 0)
    #expect(limit.take("a", at: .zero) == nil)
    #expect(limit.wait(for: "a", at: .zero) == .seconds(5))
  }

  /// An event decided on when there was room is counted when it happens, even past the burst:
  /// the debt is paid back before the next one.
  @Test func spendingPastTheBurstIsPaidBack() {
    var limit = RateLimit(burst: 1, refill: .seconds(10))
    limit.spend("orders", at: .zero)
    limit.spend("orders", at: .zero)
    #expect(limit.wait(for: "orders", at: .seconds(10)) == .seconds(10))
    #expect(limit.wait(for: "orders", at: .seconds(20)) == nil)
  }

  @Test func aClockThatGoesBackRefillsNothing() {
    var limit = RateLimit(burst: 1, refill: .seconds(10))
    #expect(limit.take("a", at: .seconds(100)) == nil)
    #expect(limit.take("a", at: .seconds(50)) == .seconds(10))
  }

  /// A flood of keys keeps at most `maximumKeys` buckets.
  @Test func theTableIsBounded() {
    var limit = RateLimit(burst: 2, refill: .seconds(1), maximumKeys: 100)
    for number in 0..<10_000 {
      _ = limit.take("address-\(number)", at: .milliseconds(Int64(number)))
      #expect(limit.keyCount <= 100)
    }
    #expect(limit.keyCount > 0)
  }

  /// When the table is full, refilled buckets go first (a full bucket is what a missing one
  /// means), else the least recently used; refused keys make no bucket.
  @Test func evictionDropsRefilledThenOldest() {
    var limit = RateLimit(burst: 1, refill: .seconds(60), maximumKeys: 3)
    for number in 0..<3 { #expect(limit.take("k\(number)", at: .seconds(Int64(number))) == nil) }
    #expect(limit.take("k0", at: .seconds(3)) != nil)
    #expect(limit.keyCount == 3)
    // None has refilled: k0, the least recently used, goes; the others keep their spent tokens.
    #expect(limit.take("k3", at: .seconds(3)) == nil)
    #expect(limit.keyCount == 3)
    #expect(limit.take("k1", at: .seconds(3)) != nil)
    #expect(limit.take("k2", at: .seconds(3)) != nil)
    #expect(limit.take("k0", at: .seconds(3)) == nil)
    // Two minutes on, every bucket has refilled: a new key drops them all.
    #expect(limit.take("k4", at: .seconds(200)) == nil)
    #expect(limit.keyCount == 1)
  }
}
