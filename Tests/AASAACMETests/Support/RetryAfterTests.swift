import Foundation
import Testing

@testable import AASAACME

@Suite("ACME: Retry-After")
struct RetryAfterTests {
  @Test func deltaSecondsAreReadAndBounded() {
    #expect(RetryAfter.parse("3") == .seconds(3))
    #expect(RetryAfter.parse(" 0 ") == .zero)
    #expect(RetryAfter.parse("86401") == RetryAfter.maximum)
    #expect(RetryAfter.parse("99999999999999999999999") == RetryAfter.maximum)
    #expect(RetryAfter.parse("-5") == nil)
    #expect(RetryAfter.parse("1.5") == nil)
    #expect(RetryAfter.parse("") == nil)
  }

  @Test func httpDatesAreAWaitFromNow() {
    let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT
    #expect(RetryAfter.parse("Sun, 06 Nov 1994 08:50:07 GMT", now: now) == .seconds(30))
    #expect(RetryAfter.parse("Sun, 06 Nov 1994 08:00:00 GMT", now: now) == .zero)
    #expect(RetryAfter.parse("Fri, 31 Dec 9999 23:59:59 GMT", now: now) == RetryAfter.maximum)
    #expect(RetryAfter.parse("tomorrow", now: now) == nil)
  }

  /// Foundation's `DateFormatter` trapped on this (fuzz finding H1, `http-date`): text that is
  /// not printable ASCII is no date, and never reaches it.
  @Test func aDateWithOtherScriptsIsNoDate() {
    let now = Date(timeIntervalSince1970: 784_111_777)
    #expect(RetryAfter.parse("Sun, 06 Nov 1994 \u{735}\u{FFFD} GMT", now: now) == nil)
    #expect(RetryAfter.parse("Sun, 06 Nov 1994 08:49:37 GMT\u{7}", now: now) == nil)
    #expect(RetryAfter.parse("Sun, ٠٦ Nov 1994 08:49:37 GMT", now: now) == nil)
  }
}

extension RetryAfterTests {
  /// The package's one HTTP date reader: a CA may send the two obsolete forms too, which a
  /// recipient must accept (RFC 9110 section 5.6.7).
  @Test func theObsoleteDateFormsAreWaitsToo() {
    let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT
    #expect(RetryAfter.parse("Sunday, 06-Nov-94 08:50:07 GMT", now: now) == .seconds(30))
    #expect(RetryAfter.parse("Sun Nov  6 08:50:07 1994", now: now) == .seconds(30))
  }
}
