import Foundation

/// How long Apple's CDN keeps an answer, from its `Cache-Control` (`max-age=3600,public`, with no
/// space after the comma) and `Age` headers: a failure is kept 30 to 60 minutes, a copy hours; the
/// CDN asks the origin again only once the answer it holds has expired.
///
/// Both values are HTTP's delta-seconds (RFC 9111 §1.2.2): digits only. A value that is not that
/// (negative, a sign, not a number) cannot be used and is said so in ``retryText(of:)``; a value
/// over 2,147,483,648 s (68 years), however many digits it has, is read as 2,147,483,648, as RFC
/// 9111 tells caches to, and said so too. So every value kept lies in `0...2_147_483_648` and no
/// sum or difference of them can overflow.
public struct CDNCaching: Sendable, Hashable {
  /// The largest delta-seconds a cache takes (2³¹, RFC 9111 §1.2.2); larger values read as this.
  public static let largestSeconds = 2_147_483_648

  /// `max-age`, in seconds (`0...largestSeconds`); nil when absent or unusable.
  public var maxAge: Int?
  /// `Age`: how long the CDN has held this answer, in seconds (`0...largestSeconds`); nil when
  /// absent or unusable.
  public var age: Int?
  /// Each value that was sent but cannot be used as sent, in words: `max-age=-1 is negative`,
  /// `Age: 9223372036854775808 is over 2147483648 s (68 years), read as 2147483648 s`.
  public var problems: [String] = []
  /// A `max-age` was sent but cannot be used (negative, not a number).
  public var maxAgeUnusable = false

  public init(cacheControl: String?, age: String?) {
    if let cacheControl {
      for directive in cacheControl.split(separator: ",") {
        let parts = directive.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2,
          parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "max-age"
        else { continue }
        let text = parts[1].trimmingCharacters(in: .whitespaces)
        switch Self.deltaSeconds(text) {
        case .seconds(let seconds, let clamped):
          maxAge = seconds
          if clamped { problems.append("max-age=\(text) \(Self.clampedWords)") }
        case .unusable(let why):
          maxAgeUnusable = true
          problems.append("max-age=\(text) \(why)")
        }
        break
      }
    }
    if let age {
      let text = age.trimmingCharacters(in: .whitespaces)
      switch Self.deltaSeconds(text) {
      case .seconds(let seconds, let clamped):
        self.age = seconds
        if clamped { problems.append("Age: \(text) \(Self.clampedWords)") }
      case .unusable(let why):
        problems.append("Age: \(text) \(why)")
      }
    }
  }

  private static let clampedWords =
    "is over \(largestSeconds) s (68 years), read as \(largestSeconds) s"

  enum DeltaSeconds: Equatable {
    /// The value, at most ``largestSeconds``; `clamped` when the value sent was larger.
    case seconds(Int, clamped: Bool)
    /// Why it cannot be used: `is negative`, `is not a number of seconds`.
    case unusable(String)
  }

  /// Reads HTTP's delta-seconds (`1*DIGIT`), clamped to ``largestSeconds`` whatever its length.
  static func deltaSeconds(_ text: String) -> DeltaSeconds {
    let bytes = Array(text.utf8)
    if bytes.first == UInt8(ascii: "-"), bytes.count > 1,
      bytes.dropFirst().allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
    {
      return .unusable("is negative")
    }
    guard !bytes.isEmpty, bytes.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
    else {
      return .unusable("is not a number of seconds")
    }
    var value = 0
    for byte in bytes {
      // Stays within 0...largestSeconds * 10 + 9 before the check: no overflow.
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
      if value > largestSeconds { return .seconds(largestSeconds, clamped: true) }
    }
    return .seconds(value, clamped: false)
  }

  /// Seconds until the answer expires and the CDN will ask the origin again.
  public var secondsLeft: Int? {
    guard let maxAge else { return nil }
    // Both lie in 0...largestSeconds (see ``deltaSeconds(_:)``); reporting overflow regardless.
    let (left, overflow) = maxAge.subtractingReportingOverflow(age ?? 0)
    return overflow ? 0 : max(0, left)
  }

  /// "the CDN keeps this failure 30 minutes and has held it 15 minutes: it asks the origin again
  /// in about 15 minutes"; with an unusable value, what it was and what follows from it. Nil when
  /// no `max-age` was sent and nothing was unusable.
  public func retryText(of what: String) -> String? {
    let unusable =
      problems.isEmpty ? "" : " (unusable as sent: \(problems.joined(separator: "; ")))"
    guard let maxAge, let left = secondsLeft else {
      guard !problems.isEmpty else { return nil }
      let held = age.map { "; it has held \(what) \(Self.duration($0))" } ?? ""
      let when =
        maxAgeUnusable
        ? "when the CDN asks the origin again about \(what) is not known"
        : "nothing says how long the CDN keeps \(what)"
      return when + held + unusable
    }
    let held = age.map { " and has held it \(Self.duration($0))" } ?? ""
    let when = left == 0 ? "at the next request for it" : "in about \(Self.duration(left))"
    return
      "the CDN keeps \(what) \(Self.duration(maxAge))\(held): it asks the origin again \(when)\(unusable)"
  }

  /// `45 s`, `15 minutes`, `6 hours`, `12 days`, `68 years`; any value, a negative one as `0 s`.
  static func duration(_ seconds: Int) -> String {
    let seconds = max(0, seconds)
    if seconds < 90 { return "\(seconds) s" }
    // Rounded to the nearest unit without adding to `seconds`, which could overflow.
    let minutes = seconds / 60 + (seconds % 60 >= 30 ? 1 : 0)
    if minutes < 120 { return "\(minutes) minutes" }
    let hours = seconds / 3600 + (seconds % 3600 >= 1800 ? 1 : 0)
    if hours < 72 { return "\(hours) hours" }
    let days = seconds / 86_400 + (seconds % 86_400 >= 43_200 ? 1 : 0)
    if days < 730 { return "\(days) days" }
    let year = 31_557_600  // 365.25 days
    return "\(seconds / year + (seconds % year >= year / 2 ? 1 : 0)) years"
  }
}
