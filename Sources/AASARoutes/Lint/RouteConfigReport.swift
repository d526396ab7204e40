import AASACore

/// What linting a route config found, and the config as the libraries read it.
public struct RouteConfigReport: FormatReport {
  /// The document, when it could be read as JSON.
  public var json: JSONValue?
  /// The config, when the document is an object.
  public var config: RouteConfig?
  /// Every finding, in file order.
  public var diagnostics: [Diagnostic]
}
