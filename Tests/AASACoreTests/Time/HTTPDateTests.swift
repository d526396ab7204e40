import AASACore
import Foundation
import Testing

/// The package's one HTTP date reader and writer (the server's `Date`, `Last-Modified` and
/// `If-Modified-Since`, an ACME server's `Retry-After`).
@Suite struct HTTPDateTests {
  let modified = 784_111_777  // Sun, 06 Nov 1994 08:49:37 GMT

  @Test func datesRoundTripInAllThreeForms() {
    #expect(HTTPDate.format(modified) == "Sun, 06 Nov 1994 08:49:37 GMT")
    #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == modified)
    #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == modified)
    #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994") == modified)
    #expect(HTTPDate.parse("  Sun, 06 Nov 1994 08:49:37 GMT\t") == modified)
    #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT trailing") == nil)
  }

  /// Dates a client may send to crash a server that multiplies without checking: a year of
  /// twelve or nineteen digits, signs, other scripts' digits, out-of-range fields. Each is read as
  /// no date.
  static let hostileDates = [
    "Sun, 06 Nov 292277026596 08:49:37 GMT",
    "Sun, 06 Nov 9223372036854775807 08:49:37 GMT",
    "Sun, 06 Nov 99999999999999999999999 08:49:37 GMT",
    "Sunday, 06-Nov-9223372036854775807 08:49:37 GMT",
    "Sun Nov  6 08:49:37 9223372036854775807",
    "Sun, 06 Nov +2025 08:49:37 GMT",
    "Sun, -6 Nov 2025 08:49:37 GMT",
    "Sun, 06 Nov 2025 08:49:9223372036854775807 GMT",
    "Sun, 06 Nov ٢٠٢٥ 08:49:37 GMT",
    "Sun, 06 Nov 1994 \u{735}\u{FFFD} GMT",
    "Sun, 06 Nov 10000 08:49:37 GMT",
    "Sun, 06 Nov 1969 23:59:59 GMT",
    "Sun, 00 Nov 2025 08:49:37 GMT",
    "Sun, 06 Nov 2025 24:00:00 GMT",
    "Sunday, 06-Nov-994 08:49:37 GMT",
    "Sun, 06 Nov 2025 08::37 GMT",
    "",
  ]

  @Test(arguments: hostileDates)
  func hostileDatesAreNoDates(_ text: String) {
    #expect(HTTPDate.parse(text) == nil)
  }

  @Test func datesAtTheEdgesOfTheirRange() {
    #expect(HTTPDate.parse("Thu, 01 Jan 1970 00:00:00 GMT") == 0)
    #expect(HTTPDate.parse("Fri, 31 Dec 9999 23:59:59 GMT") == 253_402_300_799)
    #expect(HTTPDate.parse("Fri Dec 31 23:59:59 9999") == 253_402_300_799)
    #expect(HTTPDate.parse("Thursday, 01-Jan-70 00:00:00 GMT") == 0)
    #expect(HTTPDate.parse("Wednesday, 31-Dec-69 23:59:59 GMT") == 3_155_759_999)
    #expect(HTTPDate.format(-1) == "Thu, 01 Jan 1970 00:00:00 GMT")
    #expect(HTTPDate.format(Int.max) == "Fri, 31 Dec 9999 23:59:59 GMT")
  }

  /// The arithmetic against Foundation's Gregorian calendar, the reference, on 20,000 moments
  /// spread over the whole range and the leap days and year ends where such code goes wrong.
  @Test func calendarFieldsAgreeWithFoundation() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: "GMT"))
    var generator = SystemRandomNumberGenerator()
    let edges = [
      0, 951_782_400, 951_868_799, 951_868_800, 4_107_456_000, 4_107_542_399,
      UTCCalendar.supportedSeconds.upperBound,
    ]
    let moments =
      edges
      + (0..<20_000).map { _ in Int.random(in: UTCCalendar.supportedSeconds, using: &generator) }
    for seconds in moments {
      let fields = UTCCalendar.fields(secondsSince1970: seconds)
      let reference = calendar.dateComponents(
        [.year, .month, .day, .hour, .minute, .second, .weekday],
        from: Date(timeIntervalSince1970: TimeInterval(seconds)))
      let read = [
        fields.year, fields.month, fields.day, fields.hour, fields.minute, fields.second,
        fields.weekday + 1,
      ]
      let expected = [
        reference.year, reference.month, reference.day, reference.hour, reference.minute,
        reference.second, reference.weekday,
      ]
      #expect(read == expected.map { $0 ?? -1 }, "\(seconds)")
      #expect(
        UTCCalendar.secondsSince1970(
          year: fields.year, month: fields.month, day: fields.day, hour: fields.hour,
          minute: fields.minute, second: fields.second) == seconds)
      #expect(HTTPDate.parse(HTTPDate.format(seconds)) == seconds)
    }
  }
}
