/// HTTP dates (`Sun, 06 Nov 1994 08:49:37 GMT`), as whole seconds since the Unix epoch. Written
/// by hand because the `Date` header goes out on every response and Foundation's formatters are
/// far too slow and allocation-heavy for that.
public enum HTTPDate {
  private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// The IMF-fixdate form, the only one a server may send.
  public static func format(_ seconds: Int) -> String {
    let date = System.utcCalendarFields(secondsSince1970: seconds)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return
      "\(weekdays[date.weekday]), \(two(date.day)) \(months[date.month - 1]) "
      + "\(date.year) \(two(date.hour)):\(two(date.minute)):\(two(date.second)) GMT"
  }

  /// Parses the three forms RFC 9110 says recipients must accept: IMF-fixdate
  /// (`Sun, 06 Nov 1994 08:49:37 GMT`), RFC 850 (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime
  /// (`Sun Nov  6 08:49:37 1994`). Returns nil for anything else; an unparsable
  /// `If-Modified-Since` is simply ignored, as RFC 9110 section 13.1.3 says.
  ///
  /// Every number is read as the grammar writes it, digits only and of bounded length (a year
  /// has four digits, two in RFC 850), so no value a client sends can make the arithmetic below
  /// overflow: a year of twelve digits once crashed the server here.
  public static func parse(_ text: String) -> Int? {
    let words = text.trimmingSpaces().split(separator: " ", omittingEmptySubsequences: true)
    let day: Int
    let month: Int
    let year: Int
    let clock: Substring
    if words.count == 6, words[5] == "GMT", words[0].hasSuffix(",") {
      // IMF-fixdate: weekday, day, month, year, time, GMT.
      guard let d = number(words[1], digits: 1...2), let m = monthIndex(words[2]),
        let y = number(words[3], digits: 4...4)
      else { return nil }
      (day, month, year, clock) = (d, m, y, words[4])
    } else if words.count == 4, words[3] == "GMT", words[0].hasSuffix(",") {
      // RFC 850: weekday, day-month-two-digit-year, time, GMT.
      let parts = words[1].split(separator: "-", omittingEmptySubsequences: false)
      guard parts.count == 3, let d = number(parts[0], digits: 1...2),
        let m = monthIndex(parts[1]), let y = number(parts[2], digits: 2...4), parts[2].count != 3
      else { return nil }
      // Two-digit years: RFC 9110 section 5.6.7 says read them as within 50 years of now; HTTP
      // caches in practice use 1970-2069.
      (day, month, year, clock) = (d, m, y < 70 ? 2000 + y : (y < 100 ? 1900 + y : y), words[2])
    } else if words.count == 5 {
      // asctime: weekday, month, day, time, year.
      guard let m = monthIndex(words[1]), let d = number(words[2], digits: 1...2),
        let y = number(words[4], digits: 4...4)
      else { return nil }
      (day, month, year, clock) = (d, m, y, words[3])
    } else {
      return nil
    }
    let time = clock.split(separator: ":", omittingEmptySubsequences: false)
    guard time.count == 3, let hour = number(time[0], digits: 2...2),
      let minute = number(time[1], digits: 2...2), let second = number(time[2], digits: 2...2),
      (0..<24).contains(hour), (0..<60).contains(minute), (0...60).contains(second),
      (1...31).contains(day), (1970...9999).contains(year)
    else { return nil }
    return secondsSince1970(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second)
  }

  /// Seconds since the epoch of a UTC calendar time, for years 1970 to 9999 (which keeps every
  /// product below far inside `Int`).
  static func secondsSince1970(
    year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
  ) -> Int {
    let shiftedYear = year - (month <= 2 ? 1 : 0)
    // Days from civil (Howard Hinnant's algorithm): exact for the proleptic Gregorian calendar.
    let era = shiftedYear / 400
    let yearOfEra = shiftedYear - era * 400
    let shiftedMonth = (month + 9) % 12  // March = 0
    let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    let days = era * 146_097 + dayOfEra - 719_468
    return days * 86_400 + hour * 3600 + minute * 60 + second
  }

  /// A number of `digits` ASCII digits, nothing else: no sign, no spaces, no other scripts'
  /// digits, and never more digits than fit.
  private static func number(_ text: Substring, digits: ClosedRange<Int>) -> Int? {
    var value = 0
    var count = 0
    for byte in text.utf8 {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), count < digits.upperBound
      else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
      count += 1
    }
    return digits.contains(count) ? value : nil
  }

  /// January = 1.
  private static func monthIndex(_ name: Substring) -> Int? {
    months.firstIndex(of: String(name)).map { $0 + 1 }
  }

  /// The current time as an HTTP date, reformatted at most once a second per thread.
  static func now() -> String {
    let seconds = System.secondsSince1970()
    let cache = DateCache.current
    if cache.seconds != seconds {
      cache.seconds = seconds
      cache.text = format(seconds)
    }
    return cache.text
  }
}

/// One per thread, so event loops never contend for the cached `Date` value.
private final class DateCache {
  var seconds = -1
  var text = ""

  private static let perThread = PerThread { DateCache() }

  static var current: DateCache { perThread.current }
}
