import AASACore
import Foundation

/// A `regex` of a route parameter, compiled once when the config is loaded, for both platforms.
///
/// - iOS (`MDLDeeplinkMatcher`) counts the pattern's matches in the value and accepts exactly one:
///   the pattern is not anchored, and `[0-9]` accepts `5` and `a5b` but rejects `52` and `x`.
/// - Android (`DeeplinkMatcher`) calls `Matcher.matches()`: the whole value must match. That is
///   compiled here as `\A(?:pattern)\z`, which backtracks into alternatives as `matches()` does
///   (an anchored first match would not: `a|ab` must accept `ab`).
///
/// Both use ICU (`NSRegularExpression`); Java's engine accepts the same common syntax. A pattern
/// that does not compile makes its route fail whenever the parameter has a value, on both
/// platforms (iOS gets a nil expression and counts no match; Android throws while matching).
///
/// `NSRegularExpression` is immutable and documented as safe to share between threads, so the
/// router can be `Sendable` although Foundation on Linux does not mark the class so.
public final class ParameterRegex: @unchecked Sendable, Hashable {
  /// Patterns longer than this are not compiled (the route then fails on a value, as for a pattern
  /// that does not compile): nobody validates a path segment with a kilobyte of regex, and ICU's
  /// compile and match times grow with it.
  public static let maximumPatternLength = 1_000

  /// Values longer than this are rejected without running the pattern: ICU has no time limit
  /// Foundation exposes, and a catastrophic pattern on a long value can backtrack for minutes.
  public static let maximumValueLength = 4_096

  public let pattern: String
  /// Whether the pattern repeats a group that itself repeats (`(a+)+`): ICU, which backtracks
  /// without memory, can then take exponential time on a value of a few dozen characters, as the
  /// app would. Routing keeps the libraries' behaviour; the linter reports it (MDL203).
  public let mayBacktrackCatastrophically: Bool
  /// Why the pattern cannot be used, when it cannot: ICU's message, or the length cap.
  public let problem: String?
  private let unanchored: NSRegularExpression?
  private let whole: NSRegularExpression?

  public init(_ pattern: String) {
    self.pattern = pattern
    self.mayBacktrackCatastrophically = RegexRisk.nestedQuantifier(in: pattern) != nil
    guard pattern.utf16.count <= Self.maximumPatternLength else {
      problem =
        "the pattern is \(pattern.utf16.count) characters long (at most \(Self.maximumPatternLength) are compiled)"
      unanchored = nil
      whole = nil
      return
    }
    do {
      unanchored = try NSRegularExpression(pattern: pattern)
      problem = nil
    } catch {
      unanchored = nil
      // Foundation hands ICU's reason on as no words of its own (Linux: "The value is
      // invalid."; macOS: the pattern again), and its error's text names its domain and code:
      // the pattern's place in the file is the clue.
      problem = "ICU cannot compile it"
      whole = nil
      return
    }
    whole = try? NSRegularExpression(pattern: "\\A(?:" + pattern + ")\\z")
  }

  /// Whether `value` passes the pattern as `platform`'s library checks it.
  public func accepts(_ value: String, on platform: Platform) -> Bool {
    let length = value.utf16.count
    guard length <= Self.maximumValueLength else { return false }
    let range = NSRange(location: 0, length: length)
    switch platform {
    case .ios:
      guard let unanchored else { return false }
      return unanchored.numberOfMatches(in: value, options: [], range: range) == 1
    case .android:
      if let whole {
        return whole.firstMatch(in: value, options: [], range: range) != nil
      }
      // The wrapped pattern did not compile (an `(?x)` comment swallowing the closing group):
      // fall back to an anchored match that must cover the whole value.
      guard let unanchored,
        let match = unanchored.firstMatch(in: value, options: [.anchored], range: range)
      else { return false }
      return match.range.length == length
    }
  }

  /// Whether the platforms can disagree about a value: a pattern not written as `^…$` is
  /// searched on iOS and matched whole on Android.
  public var isAnchoredBothEnds: Bool {
    pattern.hasPrefix("^") && pattern.hasSuffix("$") && !pattern.hasSuffix("\\$")
  }

  public static func == (lhs: ParameterRegex, rhs: ParameterRegex) -> Bool {
    lhs.pattern == rhs.pattern
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(pattern) }
}
