/// A `MobileDeepLinkingConfig.json`, as both libraries read it: routes in file order, the
/// `defaultRoute`, the top-level storyboard (iOS) and `logging`.
public struct RouteConfig: Hashable, Sendable {
  public var logging: LoggingSetting
  public var storyboard: Storyboard?
  public var defaultRoute: RouteTarget?
  /// File order (a duplicated key keeps its first place and its last value, as Android's
  /// `LinkedHashMap`-backed `JSONObject` does).
  public var routes: [Route]

  public init(
    logging: LoggingSetting = .absent, storyboard: Storyboard? = nil,
    defaultRoute: RouteTarget? = nil, routes: [Route] = []
  ) {
    self.logging = logging
    self.storyboard = storyboard
    self.defaultRoute = defaultRoute
    self.routes = routes
  }
}
