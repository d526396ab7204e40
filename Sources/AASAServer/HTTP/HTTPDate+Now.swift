import AASACore

extension HTTPDate {
  /// The current time as an HTTP date, reformatted at most once a second per thread: the `Date`
  /// header of every response.
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
