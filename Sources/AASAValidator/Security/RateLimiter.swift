import AASACore
import NIOConcurrencyHelpers
import NIOCore

/// The validator's rates (per client, per target host): AASACore's ``RateLimit`` token buckets
/// (at most 10,000 keys, refilled ones dropped first) under a lock, read on NIO's monotonic clock,
/// answering in the whole seconds a `Retry-After` header carries.
final class RateLimiter: Sendable {
  static let maximumKeys = 10_000

  private let limit: NIOLockedValueBox<RateLimit>

  init(burst: Int, refillSeconds: Double) {
    limit = NIOLockedValueBox(
      RateLimit(
        burst: burst, refill: .seconds(max(0.001, refillSeconds)), maximumKeys: Self.maximumKeys))
  }

  /// Takes a token for `key`; nil when one was there, else the seconds until one is (at least
  /// one).
  ///
  /// - Parameter now: NIO's monotonic clock, in nanoseconds (``NIODeadline/uptimeNanoseconds``).
  func take(_ key: String, now: UInt64 = NIODeadline.now().uptimeNanoseconds) -> Int? {
    let instant = Duration.nanoseconds(Int64(clamping: now))
    guard let wait = limit.withLockedValue({ $0.take(key, at: instant) }) else { return nil }
    let (seconds, attoseconds) = wait.components
    return max(1, Int(seconds) + (attoseconds > 0 ? 1 : 0))
  }
}
