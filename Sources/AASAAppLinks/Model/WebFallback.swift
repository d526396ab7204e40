import AASACore

/// The first `web` group of a page, and what it makes of the fallback
/// (`docs/applinks.md#how-a-page-is-read`).
public struct WebFallback: Sendable, Hashable {
  /// The first `al:web:url` of the first `web` group, if any.
  public var declaredURL: TagValue?
  /// The first `al:web:should_fallback` of the first `web` group, if any.
  public var declaredShouldFallback: TagValue?

  public init(declaredURL: TagValue? = nil, declaredShouldFallback: TagValue? = nil) {
    self.declaredURL = declaredURL
    self.declaredShouldFallback = declaredShouldFallback
  }

  /// The values that switch the fallback off, compared lower-cased.
  public static let falseValues: Set<String> = ["no", "false", "0"]

  /// False only for `no`, `false` or `0` (any case); anything else, or no tag, keeps it.
  public var shouldFallback: Bool {
    guard let value = declaredShouldFallback?.content else { return true }
    return !Self.falseValues.contains(value.lowercased())
  }

  /// The URL a navigation falls back to, as Bolts for iOS reads it: the source URL, replaced by
  /// `al:web:url` when present and valid, none when `should_fallback` is false. An `al:web:url`
  /// that is not a valid URL gives no fallback (`NSURL` returns nil).
  ///
  /// Without a source URL (a local file without `--page-url`) `al:web:url` still counts: Bolts
  /// always knows the URL it resolved.
  public func fallbackURL(sourceURL: String?) -> String? {
    guard shouldFallback else { return nil }
    guard let declaredURL else { return sourceURL }
    guard let content = declaredURL.content else { return sourceURL }
    return URLText(content).isValidAbsolute ? content : nil
  }

  /// Bolts for Android: as iOS, except that an `al:web:url` tag without `content` leaves no
  /// fallback at all.
  public func androidFallbackURL(sourceURL: String?) -> String? {
    if let declaredURL, declaredURL.content == nil { return nil }
    return fallbackURL(sourceURL: sourceURL)
  }
}
