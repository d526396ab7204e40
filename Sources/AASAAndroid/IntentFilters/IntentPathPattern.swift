/// One path constraint of an intent filter (`android:path`, `pathPrefix`, `pathPattern`,
/// `pathAdvancedPattern`, `pathSuffix`), compiled once and matched as `PatternMatcher` matches
/// it against `Uri.getPath()`: the decoded path, case-sensitive, in UTF-16 code units.
///
/// `pathPattern` is `PatternMatcher`'s simple glob as written (not the dynamic rules' rewrite):
/// `.` is any character, `x*` a run of `x`, `.*` lazy up to the first occurrence of the next
/// character, `\` an escape for the character before a `*`. See docs/assetlinks.md.
public struct IntentPathPattern: Hashable, Sendable {
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    case path
    case pathPrefix
    case pathPattern
    case pathAdvancedPattern
    case pathSuffix
  }

  public let kind: Kind
  /// The pattern as Android holds it: the attribute after the XML's and aapt's escapes.
  public let pattern: String
  private let units: [UInt16]
  private let advanced: AndroidAdvancedPattern?
  /// Why Android refuses a `pathAdvancedPattern` (it then matches nothing here).
  public let problem: String?

  public init(_ kind: Kind, _ pattern: String) {
    self.kind = kind
    self.pattern = pattern
    units = Array(pattern.utf16)
    if kind == .pathAdvancedPattern {
      do {
        advanced = try AndroidAdvancedPattern(pattern)
        problem = nil
      } catch {
        advanced = nil
        problem = error.message
      }
    } else {
      advanced = nil
      problem = nil
    }
  }

  /// Whether the decoded path `path` matches.
  public func matches(utf16 path: [UInt16]) -> Bool {
    switch kind {
    case .path: path == units
    case .pathPrefix: path.starts(with: units)
    case .pathSuffix: path.count >= units.count && path.suffix(units.count).elementsEqual(units)
    case .pathPattern: AndroidPattern.matchGlob(units, path)
    case .pathAdvancedPattern: advanced?.matches(utf16: path) ?? false
    }
  }

  public func matches(_ path: String) -> Bool { matches(utf16: Array(path.utf16)) }

  /// `android:pathPrefix="/shop"`.
  public var description: String { "android:\(kind.rawValue)=\"\(pattern)\"" }
}
