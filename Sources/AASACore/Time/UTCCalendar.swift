/// Conversions between seconds since the Unix epoch and UTC calendar fields, by arithmetic alone.
///
/// Written by hand so that every front end formats and reads dates the same way without a C
/// library call or a Foundation formatter: the server stamps every response and log line with
/// them (where `DateFormatter` is far too slow), and an ACME server's `Retry-After` is read by
/// the same code as a client's `If-Modified-Since`. The algorithms are Howard Hinnant's
/// "days from civil" and "civil from days", exact for the proleptic Gregorian calendar.
public enum UTCCalendar {
  /// A moment in UTC as a calendar gives it.
  public struct Fields: Equatable, Sendable {
    public var year: Int
    /// January is 1.
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
    /// Sunday is 0.
    public var weekday: Int
  }

  /// The earliest and latest seconds ``fields(secondsSince1970:)`` is defined for: the years
  /// 1970 to 9999, which keeps every product far inside `Int` and covers every date HTTP sends.
  public static let supportedSeconds = 0...253_402_300_799

  /// The UTC calendar fields of `seconds` since 1970, clamped to ``supportedSeconds``.
  public static func fields(secondsSince1970 seconds: Int) -> Fields {
    let clamped = min(max(seconds, supportedSeconds.lowerBound), supportedSeconds.upperBound)
    let days = clamped / 86_400
    let secondOfDay = clamped % 86_400
    // Civil from days, with days counted from 0000-03-01.
    let shifted = days + 719_468
    let era = shifted / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153  // March = 0
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return Fields(
      year: year, month: month, day: day, hour: secondOfDay / 3600,
      minute: secondOfDay % 3600 / 60, second: secondOfDay % 60,
      // 1970-01-01 was a Thursday.
      weekday: (days + 4) % 7)
  }

  /// Seconds since the epoch of a UTC calendar time. The caller keeps each field in its range
  /// and the year in 1970 to 9999, so no product can overflow.
  public static func secondsSince1970(
    year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
  ) -> Int {
    let shiftedYear = year - (month <= 2 ? 1 : 0)
    let era = shiftedYear / 400
    let yearOfEra = shiftedYear - era * 400
    let shiftedMonth = (month + 9) % 12  // March = 0
    let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    let days = era * 146_097 + dayOfEra - 719_468
    return days * 86_400 + hour * 3600 + minute * 60 + second
  }
}
