import AASACore
import Foundation
import NIOCore

// The target's one vocabulary of time: an instant on the wall clock (a certificate's validity,
// an ARI window, a Retry-After date, a stored backoff, a lock's age) is a Foundation `Date`,
// because that is what certificates, files and the CA speak of and what survives a restart; a
// span of time (a timeout, a wait, a margin, a poll interval, a lease) is a Swift `Duration`,
// because that is what `Task.sleep` and AASACore's `RateLimit` take, and it cannot be mistaken
// for an instant. The two other spellings exist only at the edges that demand them, and are
// reached through this file alone (and AASACore's `Duration.timeInterval`), so that no other
// file converts by hand.

extension Duration {
  /// The span as NIO's `TimeAmount`, for AsyncHTTPClient's timeouts and `NetworkFailure`'s
  /// words, which take nothing else; whole nanoseconds, the rest dropped, and held within what
  /// a `TimeAmount` holds (some 292 years) rather than trapping on a span past it.
  var timeAmount: TimeAmount {
    let (seconds, attoseconds) = components
    let (nanoseconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    guard !overflow else { return .nanoseconds(seconds < 0 ? .min : .max) }
    let (total, overflowAgain) = nanoseconds.addingReportingOverflow(attoseconds / 1_000_000_000)
    guard !overflowAgain else { return .nanoseconds(seconds < 0 ? .min : .max) }
    return .nanoseconds(total)
  }
}

extension Date {
  /// The instant `span` after `date`: Foundation has `Date + TimeInterval` only.
  static func + (date: Date, span: Duration) -> Date {
    date.addingTimeInterval(span.timeInterval)
  }

  /// The instant `span` before `date`.
  static func - (date: Date, span: Duration) -> Date {
    date.addingTimeInterval(-span.timeInterval)
  }

  /// The span from `earlier` to this instant; negative when `earlier` is later. Held within
  /// ±``longestSpan``: `Duration.seconds(_:)` traps on a value it cannot hold, and a date read
  /// from a file (a lock's `updated`, written by hand as `1e300`) must not stop the server.
  func duration(since earlier: Date) -> Duration {
    let seconds = timeIntervalSince(earlier)
    guard !seconds.isNaN else { return .zero }
    return .seconds(min(max(seconds, -Self.longestSpan), Self.longestSpan))
  }

  /// The longest span ``duration(since:)`` gives, in seconds: some 30 million years, far past
  /// any two dates a certificate or a CA can name, far within what a `Duration` holds.
  static let longestSpan = 1e15

  /// This instant as its distance from Foundation's reference date: the instant AASACore's
  /// ``RateLimit`` takes for a budget kept in wall-clock time (the limit only subtracts two of
  /// them, so any fixed origin does), so that tests pass dates and never sleep.
  var durationSinceReferenceDate: Duration {
    duration(since: Date(timeIntervalSinceReferenceDate: 0))
  }
}
