import NIOPosix

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    let cache: Cache
    if let existing = perThread.currentValue {
      cache = existing
    } else {
      cache = Cache()
      perThread.currentValue = cache
    }
    if cache.second != Int(time.tv_sec) {
      cache.second = Int(time.tv_sec)
      cache.prefix = formatSecond(time.tv_sec)
    }
    let millis = Int(time.tv_nsec) / 1_000_000
    let digits = String(millis)
    return cache.prefix + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
  }

  private static func formatSecond(_ seconds: time_t) -> String {
    var seconds = seconds
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func pad(_ value: Int, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return "\(pad(Int(parts.tm_year) + 1900, 4))-\(pad(Int(parts.tm_mon) + 1, 2))-"
      + "\(pad(Int(parts.tm_mday), 2))T\(pad(Int(parts.tm_hour), 2)):\(pad(Int(parts.tm_min), 2)):"
      + "\(pad(Int(parts.tm_sec), 2))."
  }
}
