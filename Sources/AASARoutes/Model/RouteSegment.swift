import AASACore

/// One `/`-separated part of a route key.
public enum RouteSegment: Hashable, Sendable, CustomStringConvertible {
  /// Must equal the link's segment exactly (case-sensitive).
  case literal(String)
  /// `:name`: captures the link's segment as parameter `name`.
  case parameter(String)
  /// An empty part (`/data`, `a//b`, iOS's `data/`): a link's segments are never empty, so it
  /// never matches.
  case empty

  public var description: String {
    switch self {
    case .literal(let text): text
    case .parameter(let name): ":" + name
    case .empty: ""
    }
  }

  /// Splits a key as `platform`'s library does. Both keep an empty first segment (a key starting
  /// with `/` never matches); iOS keeps every empty segment, Android (`String.split`) drops the
  /// trailing ones.
  public static func split(_ key: String, on platform: Platform) -> [RouteSegment] {
    var parts = key.split(separator: "/", omittingEmptySubsequences: false).map { part in
      if part.isEmpty { return RouteSegment.empty }
      if part.first == ":" { return .parameter(String(part.dropFirst())) }
      return .literal(String(part))
    }
    if platform == .android {
      while parts.count > 0, parts.last == .empty { parts.removeLast() }
    }
    return parts
  }
}
