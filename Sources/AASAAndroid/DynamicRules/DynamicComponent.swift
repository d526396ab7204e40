import AASACore

/// One entry of `dynamic_app_link_components`, Android's `UriRelativeFilterGroup`: a path, query
/// and fragment filter that must **all** match, and whether a match opens the app or excludes
/// the URL. Parts the component does not name are free.
public struct DynamicComponent: Hashable, Sendable {
  /// One `?` entry: `name: pattern` becomes the single pattern `name=pattern`, which must match
  /// one whole parameter (*inferred*: Google does not publish the conversion).
  public struct QueryFilter: Hashable, Sendable {
    public var name: String
    public var pattern: AndroidPattern
  }

  /// Which part of a URL a filter looks at.
  public enum Part: Hashable, Sendable {
    case path
    case query(name: String)
    case fragment

    /// How the part is named in explanations.
    public var description: String {
      switch self {
      case .path: "path"
      case .query(let name): "query parameter \(name)"
      case .fragment: "fragment"
      }
    }
  }

  /// Its index in the statement's `dynamic_app_link_components`.
  public var index: Int
  public var location: SourceLocation
  /// The component as written, compact: how an explanation quotes it.
  public var written: String
  public var path: AndroidPattern?
  public var query: [QueryFilter]
  public var fragment: AndroidPattern?
  /// `"exclude": true`: a match excludes the URL instead of opening the app.
  public var excludes: Bool

  public init(
    index: Int, location: SourceLocation, written: String, path: AndroidPattern?,
    query: [QueryFilter], fragment: AndroidPattern?, excludes: Bool
  ) {
    self.index = index
    self.location = location
    self.written = written
    self.path = path
    self.query = query
    self.fragment = fragment
    self.excludes = excludes
  }

  /// Whether it has any filter. Without one, `UriRelativeFilterGroup` never matches, not even as
  /// an exclude.
  public var hasFilter: Bool { path != nil || !query.isEmpty || fragment != nil }

  /// The parts it constrains that `url` fails, in path, query, fragment order; empty when it
  /// matches. A component with no filter fails on nothing but still never matches: use
  /// ``matches(_:)``.
  public func failedParts(_ url: AndroidURLParts) -> [Part] {
    var failed: [Part] = []
    if let path, !path.matches(utf16: url.path) { failed.append(.path) }
    for filter in query
    where url.query == nil || !url.parameters.contains(where: filter.pattern.matches(utf16:)) {
      failed.append(.query(name: filter.name))
    }
    if let fragment {
      if let text = url.fragment, fragment.matches(utf16: text) {
      } else {
        failed.append(.fragment)
      }
    }
    return failed
  }

  /// Whether every filter matches `url`.
  public func matches(_ url: AndroidURLParts) -> Bool {
    guard hasFilter else { return false }
    if let path, !path.matches(utf16: url.path) { return false }
    for filter in query {
      guard url.query != nil, url.parameters.contains(where: filter.pattern.matches(utf16:))
      else { return false }
    }
    if let fragment {
      guard let text = url.fragment, fragment.matches(utf16: text) else { return false }
    }
    return true
  }

  /// How many filters it has: the measure of "closest".
  var filterCount: Int { (path == nil ? 0 : 1) + query.count + (fragment == nil ? 0 : 1) }
}
