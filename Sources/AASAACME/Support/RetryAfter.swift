import AASACore
import Foundation

/// `Retry-After` (RFC 9110 §10.2.3) as a CA sends it while an order or authorization is in
/// progress, or with `rateLimited`: delta-seconds or an HTTP-date, bounded so that no answer can
/// make the client wait for ever or overflow.
public enum RetryAfter {
  /// The longest wait any answer is taken to ask for: a day.
  public static let maximum = Duration.seconds(86_400)

  /// The wait `value` asks for at `now`, at most ``maximum``; a date in the past is no wait. Nil
  /// for anything that is neither delta-seconds nor an HTTP date (``HTTPDate/parse(_:)``: the
  /// three forms RFC 9110 says a recipient must accept).
  public static func parse(_ value: String, now: Date = Date()) -> Duration? {
    let text = value.trimmingCharacters(in: .whitespaces)
    if !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
      // More digits than a day's seconds has can only mean "longer than the maximum".
      guard text.utf8.count <= 6, let seconds = Int(text) else { return maximum }
      return min(.seconds(seconds), maximum)
    }
    guard text.utf8.count <= 64, let date = HTTPDate.parse(text) else { return nil }
    let wait = Date(timeIntervalSince1970: Double(date)).duration(since: now)
    guard wait > .zero else { return .zero }
    return min(wait, maximum)
  }
}
