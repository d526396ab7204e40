import AASACore

/// One `<uri-relative-filter-group>` of an intent filter (Android 15, API 35), compiled once and
/// matched as `UriRelativeFilterGroup` matches it.
///
/// Android's rules, which this type keeps (developer.android.com's `<uri-relative-filter-group>`
/// page and `UriRelativeFilterGroup`/`UriRelativeFilter` in the framework):
/// - the `<data>` inside a group are ANDed: every `path*`, `query*` and `fragment*` attribute of
///   every `<data>` must match; a group with none of them never matches;
/// - groups are tried in the order written and the first that matches decides: `allow="true"`
///   (the default) accepts the URL, `allow="false"` refuses it and no later group is tried;
/// - the groups sit beside the filter's own paths: a URL matches when one of the filter's paths
///   matches *or* the groups accept it, so a blocking group never overrules a sibling path;
/// - they are consulted only once a host of the filter matched, and Android 14 and lower ignore
///   them altogether;
/// - a path or fragment condition matches the whole decoded part (a URL without `#` never
///   matches a fragment condition); a query condition matches any one parameter of the decoded
///   query (split on `&`, else on `;`), in any order.
public struct RelativeFilterGroup: Hashable, Sendable {
  /// The part of the URL a condition looks at.
  public enum Part: String, Hashable, Sendable, CaseIterable {
    case path, query, fragment
  }

  /// One `path*`, `query*` or `fragment*` attribute of a `<data>` in the group.
  public struct Condition: Hashable, Sendable {
    public var part: Part
    /// The matcher: literal, prefix, suffix, simple glob or advanced glob, as for paths.
    public var pattern: IntentPathPattern
    /// The attribute as written, to show and to locate.
    public var value: ManifestValue

    /// Whether this condition holds for `url`.
    func matches(_ url: IntentURL) -> Bool {
      switch part {
      case .path: return pattern.matches(utf16: url.path)
      case .fragment: return url.fragment.map { pattern.matches(utf16: $0) } ?? false
      case .query: return url.queryParameters.contains { pattern.matches(utf16: $0) }
      }
    }
  }

  /// The position of the group in its filter, from 0.
  public var index: Int
  /// `android:allow`: true when absent.
  public var allows: Bool
  /// `android:allow` as written, when it is.
  public var allow: ManifestValue?
  /// Where `<uri-relative-filter-group` starts.
  public var location: SourceLocation
  /// Every condition of the group's `<data>`, in the order written.
  public var conditions: [Condition]
  /// Attributes of the group's `<data>` that Android does not read there (`scheme`, `host`,
  /// `port`, `mimeType`…): they belong on the filter's own `<data>`.
  public var ignored: [ManifestValue]

  /// `<uri-relative-filter-group android:allow="false">` at 12:7.
  public var description: String {
    allow.map { "<uri-relative-filter-group \($0.description)>" } ?? "<uri-relative-filter-group>"
  }

  /// Whether every condition holds for `url` (false for a group without conditions).
  public func matches(_ url: IntentURL) -> Bool {
    !conditions.isEmpty && conditions.allSatisfy { $0.matches(url) }
  }

  /// The attribute names a group's `<data>` may carry, by part, with the matcher each spells.
  static let conditionAttributes: [(name: String, part: Part, kind: IntentPathPattern.Kind)] =
    Part.allCases.flatMap { part in
      IntentPathPattern.Kind.allCases.map { kind in
        let suffix = String(kind.rawValue.dropFirst("path".count))
        return (part.rawValue + suffix, part, kind)
      }
    }

  /// Whether a `<data>` element carries a `query*` or `fragment*` attribute.
  static func hasCondition(_ data: ManifestElements.DataElement) -> Bool {
    conditionAttributes.contains { $0.part != .path && data.attributes[$0.name] != nil }
  }

  /// The groups' answer to `url`: the first group that matches, or nil when none does.
  static func deciding(_ groups: [RelativeFilterGroup], for url: IntentURL)
    -> RelativeFilterGroup?
  {
    groups.first { $0.matches(url) }
  }
}
