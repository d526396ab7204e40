import AASACore

/// What a navigation does (`docs/applinks.md#navigating`): open an app, open the browser, or fail.
public struct Navigation: Sendable {
  public enum Outcome: String, Sendable {
    case app
    case web
    case failure
  }

  /// An Android Intent: `VIEW`, with `al_applink_data` as a nested Bundle extra.
  public struct Intent: Sendable {
    public var action = "android.intent.action.VIEW"
    public var package: String?
    public var className: String?
    /// The target's `url`, or the source URL when it has none.
    public var data: String?
    public var appLinkData: JSONValue
  }

  public var device: Device
  public var outcome: Outcome
  /// The target chosen, for an app.
  public var target: AppLinkTarget?
  /// The URL opened (an Android app target: its Intent's data); nil on failure.
  public var url: String?
  public var intent: Intent?
  /// The `al_applink_data` sent; nil on failure.
  public var appLinkData: JSONValue?
  public var events: [MeasurementEvent]
  /// Why it failed, in words.
  public var failureReason: String?
  /// Findings about this navigation (no source URL, the iOS encoding trap).
  public var diagnostics: [Diagnostic]
}
