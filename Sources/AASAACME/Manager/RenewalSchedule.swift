import Foundation

/// When a certificate is renewed, and how long a name that failed waits: pure functions of
/// dates, so that they are tested without waiting. See docs/acme.md.
public enum RenewalSchedule {
  /// When a certificate valid from `notBefore` to `notAfter` is renewed without ARI: once a
  /// third of its lifetime is left (Let's Encrypt's advice, whatever the lifetime).
  public static func renewalTime(notBefore: Date, notAfter: Date) -> Date {
    let lifetime = max(.zero, notAfter.duration(since: notBefore))
    return notAfter - lifetime / 3
  }

  /// The latest renewal, whatever ARI says: a twentieth of the lifetime left.
  public static func emergencyTime(notBefore: Date, notAfter: Date) -> Date {
    let lifetime = max(.zero, notAfter.duration(since: notBefore))
    return notAfter - lifetime / 20
  }

  /// When to renew by an ARI window (RFC 9773 §4.2): a uniformly random time in it, now when it
  /// has passed; never later than the emergency time.
  public static func renewalTime(
    windowStart: Date, windowEnd: Date, emergency: Date, now: Date,
    random: Double = Double.random(in: 0..<1)
  ) -> Date {
    guard windowEnd > windowStart else { return min(max(windowStart, now), emergency) }
    if windowEnd <= now { return now }
    let span = windowEnd.duration(since: windowStart)
    let chosen = windowStart + span * min(max(random, 0), 1)
    return min(max(chosen, now), emergency)
  }

  /// The earliest time ARI alone may have a certificate replaced that itself replaced another
  /// at `replacedAt`: an hour later, or a tenth of its lifetime when that is shorter (a 6-day
  /// certificate: 14.4 h; a 1-hour one: 6 min). A CA that answers every certificate with a
  /// window in the past would otherwise have each new certificate replaced at once, an order
  /// every few seconds; this way a mass revocation still replaces each certificate once, then
  /// its replacement's window is followed once it is that old.
  public static func earliestARIReplacement(
    replacedAt: Date, notBefore: Date, notAfter: Date
  ) -> Date {
    let lifetime = max(.zero, notAfter.duration(since: notBefore))
    return replacedAt + min(shortestARIAge, lifetime / 10)
  }

  /// The hour of ``earliestARIReplacement(replacedAt:notBefore:notAfter:)``.
  public static let shortestARIAge: Duration = .seconds(3600)

  /// The waits after the first, second, … failure of one name: 2 min, 10 min, 30 min, 1 h, 2 h,
  /// 4 h, 8 h, then a day. At most 3 attempts in the first hour, far under Let's Encrypt's 5
  /// failed validations per name and hour, and a day apart long before its pause.
  public static let backoff: [Duration] = [
    120, 600, 1800, 3600, 7200, 14_400, 28_800, 86_400,
  ].map { .seconds($0) }

  /// The wait after `failures` failures in a row (1 or more).
  public static func backoff(afterFailures failures: Int) -> Duration {
    backoff[min(max(failures, 1), backoff.count) - 1]
  }
}
