import AASA
import AASACore

/// One rule of `links.json`, with the defaults applied: the paths it answers (an AASA path
/// pattern, matched by the `AASA` library's own ``Pattern``, so a rule reads exactly as the
/// component it falls back for) and where each kind of client goes.
public struct LinkRule: Sendable {
  /// Its place in `rules`, from 0.
  public let index: Int
  /// Where the rule's object starts, and where its `path` is written.
  public let location: SourceLocation
  public let pathLocation: SourceLocation
  /// The pattern as written.
  public let path: String
  public let caseSensitive: Bool
  /// The App Store (or custom product page) URL; nil sends iPhones and iPads to `web`.
  public let ios: String?
  /// The Google Play URL; nil sends Android phones to `web`.
  public let android: String?
  /// The page for desktops, and for every platform without a store destination.
  public let web: String
  public let preview: PreviewCard
  /// The app's name, for the page's text and `al:*:app_name`.
  public let appName: String?
  let pattern: Pattern

  public init(
    index: Int, location: SourceLocation = .start, pathLocation: SourceLocation = .start,
    path: String, caseSensitive: Bool = true, ios: String?, android: String?, web: String,
    preview: PreviewCard = PreviewCard(), appName: String? = nil
  ) {
    self.index = index
    self.location = location
    self.pathLocation = pathLocation
    self.path = path
    self.caseSensitive = caseSensitive
    self.ios = ios
    self.android = android
    self.web = web
    self.preview = preview
    self.appName = appName
    self.pattern = Pattern(path, part: .path, caseSensitive: caseSensitive)
  }

  /// Whether the rule answers `path`, the request's path as sent (percent-encoded, no query).
  public func matches(path: String) -> Bool {
    pattern.matches(path, percentEncoded: true)
  }

  /// What compiling the pattern noticed (an undefined variable, a trailing `\`).
  public var patternIssues: [PatternIssue] { pattern.issues }

  /// Whether the pattern can match nothing at all.
  public var neverMatches: Bool { pattern.neverMatches }

  /// Every URL this rule may send a client to or link to, as written in the file.
  public var destinations: [String] {
    [ios, android, web, preview.image].compactMap { $0 }
  }
}
