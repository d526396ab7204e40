import NIOPosix

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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
    var time = time_t(seconds)
    var parts = tm()
    gmtime_r(&time, &parts)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return
      "\(weekdays[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) "
      + "\(parts.tm_year + 1900) \(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
  }

  /// Parses the three forms RFC 9110 says recipients must accept (IMF-fixdate, RFC 850 and
  /// asctime). Returns nil for anything else; an unparsable `If-Modified-Since` is ignored.
  public static func parse(_ text: String) -> Int? {
    let formats = ["%a, %d %b %Y %H:%M:%S GMT", "%A, %d-%b-%y %H:%M:%S GMT", "%a %b %e %H:%M:%S %Y"]
    let trimmed = text.trimmingSpaces()
    for format in formats {
      var parts = tm()
      let parsedAll = trimmed.withCString { input -> Bool in
        guard let end = strptime(input, format, &parts) else { return false }
        return end.pointee == 0
      }
      if parsedAll { return Int(timegm(&parts)) }
    }
    return nil
  }

  /// The current time as an HTTP date, reformatted at most once a second per thread.
  static func now() -> String {
    let seconds = time(nil)
    let cache = DateCache.current
    if cache.seconds != seconds {
      cache.seconds = seconds
      cache.text = format(Int(seconds))
    }
    return cache.text
  }
}

/// One per thread, so event loops never contend for the cached `Date` value.
private final class DateCache {
  var seconds: time_t = -1
  var text = ""

  // Safe: each thread only ever sees its own value.
  nonisolated(unsafe) private static let perThread = ThreadSpecificVariable<DateCache>()

  static var current: DateCache {
    if let existing = perThread.currentValue { return existing }
    let cache = DateCache()
    perThread.currentValue = cache
    return cache
  }
}

extension String {
  func trimmingSpaces() -> String {
    var view = Substring(self)
    while view.first == " " || view.first == "\t" { view.removeFirst() }
    while view.last == " " || view.last == "\t" { view.removeLast() }
    return String(view)
  }
}
