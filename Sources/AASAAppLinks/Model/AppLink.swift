/// What a page publishes: the URL it was read from, its app targets and its web fallback.
public struct AppLink: Sendable, Hashable {
  /// The URL the resolver asked for (`--page-url`, or the URL fetched); nil for a local file.
  public var sourceURL: String?
  /// Every app target, platform by platform in ``AppLinkPlatform/appPlatforms`` order; within a
  /// platform, groups in document order and targets within a group by index.
  public var targets: [AppLinkTarget]
  public var web: WebFallback

  public init(sourceURL: String?, targets: [AppLinkTarget], web: WebFallback) {
    self.sourceURL = sourceURL
    self.targets = targets
    self.web = web
  }

  /// The targets of one platform, in order.
  public func targets(of platform: AppLinkPlatform) -> [AppLinkTarget] {
    targets.filter { $0.platform == platform }
  }

  /// The fallback URL for iOS, Windows and the web (see ``WebFallback/fallbackURL(sourceURL:)``).
  public var fallbackURL: String? { web.fallbackURL(sourceURL: sourceURL) }
}
