/// Which device the pasted output came from.
public enum DevicePlatform: String, Sendable, Hashable {
  /// `pm get-app-links`, `pm verify-app-links`, Play services' verifier in logcat.
  case android
  /// `swcutil show`/`dl`/`verify`, a sysdiagnose's `swcutil_show.txt`, swcd and dasd log lines.
  case ios
}

/// What a device says about one domain of one app, and what it means.
public struct DeviceDomain: Sendable, Hashable {
  /// The domain as the device wrote it (`signal.group`, `(redacted)`).
  public var domain: String
  /// The state as the device wrote it: `legacy_failure`, `1024`, `approved`, `matched`, …
  public var state: String
  /// What the state means, in words.
  public var meaning: String
  /// Likely causes, most likely first; empty when nothing is wrong.
  public var causes: [String]
  /// What to run next: an aasa command, a device command.
  public var next: [String]
  /// The 1-based line of the paste the state was read from.
  public var line: Int
  /// Whether links of this domain open the app in this state.
  public var opensApp: Bool

  public init(
    domain: String, state: String, meaning: String, causes: [String], next: [String], line: Int,
    opensApp: Bool
  ) {
    self.domain = domain
    self.state = state
    self.meaning = meaning
    self.causes = causes
    self.next = next
    self.line = line
    self.opensApp = opensApp
  }
}

/// One app and its domains, in the order the paste lists them.
public struct DeviceApp: Sendable, Hashable {
  /// The package (Android) or app ID (iOS); nil when the paste does not name it.
  public var app: String?
  public var domains: [DeviceDomain]

  public init(app: String?, domains: [DeviceDomain] = []) {
    self.app = app
    self.domains = domains
  }
}

/// A line of the paste that says something about verification but not a domain's state: a
/// verifier's log line, a postponed download.
public struct DeviceNote: Sendable, Hashable {
  public var line: Int
  public var text: String

  public init(line: Int, text: String) {
    self.line = line
    self.text = text
  }
}

/// Everything read from a paste of device output.
public struct DeviceReport: Sendable, Hashable {
  public var platform: DevicePlatform
  public var apps: [DeviceApp]
  public var notes: [DeviceNote]

  public init(platform: DevicePlatform, apps: [DeviceApp] = [], notes: [DeviceNote] = []) {
    self.platform = platform
    self.apps = apps
    self.notes = notes
  }

  /// Every domain whose links do not open the app.
  public var failing: [DeviceDomain] {
    apps.flatMap(\.domains).filter { !$0.opensApp }
  }
}
