import AASACore

/// An app opened by a URL, as `BFURL` sees it (`docs/applinks.md#receiving-a-link`): the input URL
/// and its parameters, and, when the URL carries valid `al_applink_data`, the target URL, the data,
/// its extras and the app to offer a way back to.
public struct InboundLink: Sendable {
  public struct Referer: Sendable, Hashable {
    public var url: String
    public var appName: String

    public init(url: String, appName: String) {
      self.url = url
      self.appName = appName
    }
  }

  public var inputURL: String
  public var inputQueryParameters: QueryParameters
  public var targetURL: String
  public var targetQueryParameters: QueryParameters
  /// The whole `al_applink_data` object, custom keys kept; nil unless valid.
  public var appLinkData: JSONValue?
  public var extras: JSONValue?
  public var referer: Referer?
  public var events: [MeasurementEvent]
  public var diagnostics: [Diagnostic]
}
