import NIOConcurrencyHelpers
import NIOCore

/// Token buckets by key (a client address, a target host): `burst` requests at once, then one
/// more every `refillSeconds`. At most ``maximumKeys`` buckets are kept; when full, buckets that
/// have refilled are dropped first, then the oldest, so a flood of addresses costs bounded memory.
final class RateLimiter: Sendable {
  private struct Bucket {
    var tokens: Double
    var updated: UInt64
  }

  static let maximumKeys = 10_000

  private let burst: Double
  private let refillNanoseconds: Double
  private let buckets = NIOLockedValueBox([String: Bucket]())

  init(burst: Int, refillSeconds: Double) {
    self.burst = Double(max(1, burst))
    self.refillNanoseconds = max(1e6, refillSeconds * 1e9)
  }

  /// Takes a token for `key`; nil when one was there, else the seconds until one is.
  func take(_ key: String, now: UInt64 = NIODeadline.now().uptimeNanoseconds) -> Int? {
    buckets.withLockedValue { buckets in
      var bucket = buckets[key] ?? Bucket(tokens: burst, updated: now)
      let elapsed = Double(now >= bucket.updated ? now - bucket.updated : 0)
      bucket.tokens = min(burst, bucket.tokens + elapsed / refillNanoseconds)
      bucket.updated = now
      guard bucket.tokens >= 1 else {
        buckets[key] = bucket
        return max(1, Int(((1 - bucket.tokens) * refillNanoseconds / 1e9).rounded(.up)))
      }
      bucket.tokens -= 1
      if buckets[key] == nil, buckets.count >= Self.maximumKeys {
        Self.evict(&buckets, now: now, refill: refillNanoseconds, burst: burst)
      }
      buckets[key] = bucket
      return nil
    }
  }

  private static func evict(
    _ buckets: inout [String: Bucket], now: UInt64, refill: Double, burst: Double
  ) {
    let full = buckets.filter { _, bucket in
      bucket.tokens + Double(now >= bucket.updated ? now - bucket.updated : 0) / refill >= burst
    }
    if !full.isEmpty {
      for key in full.keys { buckets.removeValue(forKey: key) }
      return
    }
    if let oldest = buckets.min(by: { $0.value.updated < $1.value.updated })?.key {
      buckets.removeValue(forKey: oldest)
    }
  }
}
