import Foundation
import NIOCore
import Testing

@testable import AASAACME

/// The target's conversions between its spans (`Duration`) and the spellings Foundation and NIO
/// take: exact for the whole and fractional seconds ACME's waits are made of, and no trap for a
/// date read from a file.
@Suite("ACME: spans of time")
struct TimeSpanTests {
  @Test func spansConvertExactly() {
    #expect(Duration.seconds(20).timeAmount == .seconds(20))
    #expect(Duration.milliseconds(1500).timeAmount == .milliseconds(1500))
    // Below a nanosecond is dropped: NIO counts nanoseconds.
    #expect((Duration.nanoseconds(3) + .nanoseconds(1) / 2).timeAmount == .nanoseconds(3))
    #expect(Duration.milliseconds(250).timeInterval == 0.25)
    #expect(Duration.seconds(-5).timeInterval == -5)
    // Past what a TimeAmount holds (about 292 years): the longest one, not a trap.
    #expect(Duration.seconds(Date.longestSpan).timeAmount == .nanoseconds(.max))
    #expect(Duration.seconds(-Date.longestSpan).timeAmount == .nanoseconds(.min))
  }

  @Test func datesMoveBySpans() {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    #expect(now + .seconds(90) == Date(timeIntervalSince1970: 1_800_000_090))
    #expect(now - .seconds(3600) == Date(timeIntervalSince1970: 1_799_996_400))
    #expect((now + .milliseconds(500)).duration(since: now) == .milliseconds(500))
    #expect(now.duration(since: now + .seconds(7)) == .seconds(-7))
  }

  /// `Duration.seconds(_:)` traps past what it holds; two dates no clock reads give the longest
  /// span instead.
  @Test func farApartDatesGiveTheLongestSpan() {
    let far = Date(timeIntervalSince1970: 1e300)
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    #expect(far.duration(since: now) == .seconds(Date.longestSpan))
    #expect(now.duration(since: far) == .seconds(-Date.longestSpan))
    #expect(Date.distantFuture.duration(since: .distantPast) < .seconds(Date.longestSpan))
  }

  /// The budgets' instant: two dates a minute apart are a minute apart.
  @Test func theBudgetsInstantKeepsDistances() {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let later = now + .seconds(60)
    #expect(later.durationSinceReferenceDate - now.durationSinceReferenceDate == .seconds(60))
  }
}
