import AASACore

/// What the navigating app adds to a navigation: its extras, its own `al_applink_data` keys, a
/// link back to itself, and the library name it sends as `user_agent`.
public struct NavigationRequest: Sendable {
  /// `extras` of `al_applink_data` (`--extras`); `{}` when nil.
  public var extras: JSONValue?
  /// The caller's own `al_applink_data` object (`--app-link-data`), which the protocol keys join.
  public var appLinkData: JSONValue?
  /// `referer_app_link`: the navigating app's name and URL (iOS), so the receiver can link back.
  public var refererAppName: String?
  public var refererURL: String?
  /// The navigating library, as `user_agent` names it.
  public var userAgent: String

  public init(
    extras: JSONValue? = nil, appLinkData: JSONValue? = nil, refererAppName: String? = nil,
    refererURL: String? = nil, userAgent: String
  ) {
    self.extras = extras
    self.appLinkData = appLinkData
    self.refererAppName = refererAppName
    self.refererURL = refererURL
    self.userAgent = userAgent
  }
}
