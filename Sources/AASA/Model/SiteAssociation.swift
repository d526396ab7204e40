/// An `apple-app-site-association` file, as Apple reads it.
public struct SiteAssociation: Sendable, Hashable {
  /// Universal links: which apps open which URLs.
  public var appLinks: ApplinksService?
  public var webCredentials: ServiceApps?
  public var appClips: ServiceApps?
  public var activityContinuation: ServiceApps?

  public init(
    appLinks: ApplinksService? = nil, webCredentials: ServiceApps? = nil,
    appClips: ServiceApps? = nil,
    activityContinuation: ServiceApps? = nil
  ) {
    self.appLinks = appLinks
    self.webCredentials = webCredentials
    self.appClips = appClips
    self.activityContinuation = activityContinuation
  }
}

/// The `{"apps": [...]}` shape of `webcredentials`, `appclips` and `activitycontinuation`.
public struct ServiceApps: Sendable, Hashable {
  public var apps: [String]

  public init(apps: [String]) { self.apps = apps }
}
