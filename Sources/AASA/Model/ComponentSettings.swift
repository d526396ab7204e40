/// The keys of a component, each optional: a component, an entry's `defaults` and the domain's
/// `defaults` all have this shape, and ``merged(over:)`` layers them.
public struct ComponentSettings: Sendable, Hashable {
  /// `/`: the path pattern.
  public var path: String?
  /// `?`: the query pattern.
  public var query: QueryPattern?
  /// `#`: the fragment pattern.
  public var fragment: String?
  public var exclude: Bool?
  public var caseSensitive: Bool?
  public var percentEncoded: Bool?

  public init(
    path: String? = nil, query: QueryPattern? = nil, fragment: String? = nil, exclude: Bool? = nil,
    caseSensitive: Bool? = nil, percentEncoded: Bool? = nil
  ) {
    self.path = path
    self.query = query
    self.fragment = fragment
    self.exclude = exclude
    self.caseSensitive = caseSensitive
    self.percentEncoded = percentEncoded
  }

  /// What a key means when neither the component nor any `defaults` sets it.
  public static let builtIn = ComponentSettings(
    path: "*", query: .whole("*"), fragment: "*", exclude: false, caseSensitive: true,
    percentEncoded: true)

  /// Whether the query and fragment patterns accept every URL: unset, `*`, all-`*` items, or a
  /// query object Apple drops.
  public var acceptsAnyQueryAndFragment: Bool {
    let queryIsAny: Bool
    switch query {
    case nil, .dropped: queryIsAny = true
    case .whole(let pattern): queryIsAny = pattern == "*"
    case .items(let items): queryIsAny = items.allSatisfy { $0.pattern == "*" }
    }
    return queryIsAny && (fragment ?? "*") == "*"
  }

  /// These settings with every unset key taken from `fallback`.
  public func merged(over fallback: ComponentSettings) -> ComponentSettings {
    ComponentSettings(
      path: path ?? fallback.path,
      query: query ?? fallback.query,
      fragment: fragment ?? fallback.fragment,
      exclude: exclude ?? fallback.exclude,
      caseSensitive: caseSensitive ?? fallback.caseSensitive,
      percentEncoded: percentEncoded ?? fallback.percentEncoded)
  }
}

/// A component's `?` key.
public enum QueryPattern: Sendable, Hashable {
  /// A string: matched against the whole raw query.
  case whole(String)
  /// An object: each named item's values must match; unlisted items are ignored.
  case items([QueryItemPattern])
  /// An object with a non-string value: Apple drops the whole query constraint (matches anything).
  case dropped
}

public struct QueryItemPattern: Sendable, Hashable {
  public var name: String
  public var pattern: String

  public init(name: String, pattern: String) {
    self.name = name
    self.pattern = pattern
  }
}
