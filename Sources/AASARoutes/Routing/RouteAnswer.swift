import AASACore

/// Where a deep link goes on one platform, and why.
public struct RouteAnswer: Sendable {
  /// How the route was reached.
  public enum Via: String, Sendable {
    /// A route matched the link as given.
    case exact
    /// A route matched the link with its last segments trimmed (``RouteAnswer/matched``).
    case trimmed
    /// No route matched at any length, or the link has no host and no path.
    case `default` = "default"
    /// Nothing matched and the config has no `defaultRoute`: the app opens its launch screen.
    case none
  }

  /// The route nearest to matching the whole link, and the check it failed.
  public struct Closest: Sendable, Hashable {
    public var routeKey: String
    public var failure: RouteFailure
  }

  public var input: String
  public var platform: Platform
  public var via: Via
  /// The route taken, nil for `default` and `none`.
  public var route: Route?
  /// The (possibly trimmed) link that matched; nil for `default` and `none`.
  public var matched: String?
  /// The parameters handed to the handlers and the view, in capture order.
  public var parameters: [(name: String, value: String)]
  /// What the route (or `defaultRoute`) leads to, nil for `none`.
  public var target: RouteTarget?
  /// The storyboard the device family would load (iOS only).
  public var storyboard: ResolvedStoryboard?
  /// For a link that did not match exactly: the nearest route and what failed.
  public var closest: Closest?
  /// iOS only: other routes that match the same link at the same length. iOS tries routes in
  /// dictionary order, so any of them could be the one taken.
  public var alsoMatching: [String] = []

  /// The route key as reports show it: the key, `defaultRoute`, or nil.
  public var routeName: String? {
    switch via {
    case .exact, .trimmed: route?.key
    case .default: "defaultRoute"
    case .none: nil
    }
  }

  /// Whether two answers send the link to the same place with the same parameters.
  public func agrees(with other: RouteAnswer) -> Bool {
    routeName == other.routeName && via == other.via && matched == other.matched
      && parameters.map(\.name) == other.parameters.map(\.name)
      && parameters.map(\.value) == other.parameters.map(\.value)
  }
}
