import AASACore
import NIOPosix

/// RFC 3339 timestamps in UTC with milliseconds. The part up to the second is formatted once a
/// second per thread; only the milliseconds change between lines.
enum Timestamp {
  private final class Cache {
    var second = -1
    var prefix = ""
  }
  // Safe: each thread only ever sees its own value.
  nonisolated(unsafe) private static let perThread = ThreadSpecificVariable<Cache>()

  static func now() -> String {
    let time = System.wallClock()
    let cache: Cache
    if let existing = perThread.currentValue {
      cache = existing
    } else {
      cache = Cache()
      perThread.currentValue = cache
    }
    if cache.second != time.seconds {
      cache.second = time.seconds
      cache.prefix = formatSecond(time.seconds)
    }
    let millis = time.nanoseconds / 1_000_000
    let digits = String(millis)
    return cache.prefix + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
  }

  private static func formatSecond(_ seconds: Int) -> String {
    let date = UTCCalendar.fields(secondsSince1970: seconds)
    func pad(_ value: Int, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return "\(pad(date.year, 4))-\(pad(date.month, 2))-"
      + "\(pad(date.day, 2))T\(pad(date.hour, 2)):\(pad(date.minute, 2)):"
      + "\(pad(date.second, 2))."
  }
}
