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
  /// `If-Modified-Since` is simply ignored.
  public static func parse(_ text: String) -> Int? {
    let words = text.trimmingSpaces().split(separator: " ", omittingEmptySubsequences: true)
    let day: Int
    let month: Int
    var year: Int
    let clock: Substring
    if words.count == 6, words[5] == "GMT", words[0].hasSuffix(",") {
      // IMF-fixdate: weekday, day, month, year, time, GMT.
      guard let d = Int(words[1]), let m = monthIndex(words[2]), let y = Int(words[3]) else {
        return nil
      }
      (day, month, year, clock) = (d, m, y, words[4])
    } else if words.count == 4, words[3] == "GMT", words[0].hasSuffix(",") {
      // RFC 850: weekday, day-month-two-digit-year, time, GMT.
      let parts = words[1].split(separator: "-")
      guard parts.count == 3, let d = Int(parts[0]), let m = monthIndex(parts[1]),
        let y = Int(parts[2])
      else { return nil }
      // Two-digit years: RFC 9110 §5.6.7 says read them as within 50 years of now; HTTP
      // caches in practice use 1970-2069.
      (day, month, year, clock) = (d, m, y < 70 ? 2000 + y : (y < 100 ? 1900 + y : y), words[2])
    } else if words.count == 5 {
      // asctime: weekday, month, day, time, year.
      guard let m = monthIndex(words[1]), let d = Int(words[2]), let y = Int(words[4]) else {
        return nil
      }
      (day, month, year, clock) = (d, m, y, words[3])
    } else {
      return nil
    }
    let time = clock.split(separator: ":")
    guard time.count == 3, let hour = Int(time[0]), let minute = Int(time[1]),
      let second = Int(time[2]), (0..<24).contains(hour), (0..<60).contains(minute),
      (0...60).contains(second), (1...31).contains(day), year >= 1970
    else { return nil }
    year -= month <= 2 ? 1 : 0
    // Days from civil (Howard Hinnant's algorithm): exact for the proleptic Gregorian calendar.
    let era = year / 400
    let yearOfEra = year - era * 400
    let shiftedMonth = (month + 9) % 12  // March = 0
    let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    let days = era * 146_097 + dayOfEra - 719_468
    return days * 86_400 + hour * 3600 + minute * 60 + second
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
