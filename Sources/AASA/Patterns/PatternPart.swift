/// The part of a URL a pattern is written for. It decides whether path normalization applies.
///
/// Only paths are normalized (`docs/matching.md#path-normalization`): the URL path and every path
/// pattern get a leading and a trailing `/` and lose runs of `//`. Queries, query-item values and
/// fragments are compared exactly as they are.
public enum PatternPart: String, Sendable, Hashable, CaseIterable {
  /// The URL path, the `/` key of a component (or a legacy `paths` entry).
  case path
  /// The whole query string, for a string-valued `?` key.
  case query
  /// The value of one query item, for an object-valued `?` key.
  case queryItemValue
  /// The fragment, the `#` key.
  case fragment

  /// Whether both the pattern and the text are normalized as paths before matching.
  public var normalizesAsPath: Bool { self == .path }
}
