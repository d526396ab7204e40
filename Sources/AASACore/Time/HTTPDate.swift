/// HTTP dates (`Sun, 06 Nov 1994 08:49:37 GMT`), as whole seconds since the Unix epoch: the one
/// reader and writer of them in the package (the server's `Date`, `Last-Modified` and
/// `If-Modified-Since`, an ACME server's `Retry-After`). Written by hand because the `Date` header
/// goes out on every response and Foundation's formatters are far too slow and allocation-heavy
/// for that, and because swift-corelibs-foundation's `DateFormatter` traps on some text (`Incorrect
/// range CFRange`, found by the `http-date` fuzz target).
public enum HTTPDate {
  private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// The IMF-fixdate form, the only one a server may send. Seconds outside 1970 to 9999 are
  /// clamped to them.
  public static func format(_ seconds: Int) -> String {
    let date = UTCCalendar.fields(secondsSince1970: seconds)
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
    let words = text.trimming(while: { $0 == " " || $0 == "\t" }).split(
      separator: " ", omittingEmptySubsequences: true)
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
    return UTCCalendar.secondsSince1970(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second)
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
}
