import AASACore

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
  /// The URL the row is about, when the device names one (`swcutil verify`'s `Pattern "URL"`).
  public var url: String?
  /// Whether the paste names the domain; when not, ``domain`` says so and the commands in
  /// ``next`` hold `HOST` for it.
  public var domainIsKnown: Bool

  public init(
    domain: String, state: String, meaning: String, causes: [String], next: [String], line: Int,
    opensApp: Bool, url: String? = nil, domainIsKnown: Bool = true
  ) {
    self.url = url
    self.domainIsKnown = domainIsKnown
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
  public var platform: Platform
  public var apps: [DeviceApp]
  public var notes: [DeviceNote]

  public init(platform: Platform, apps: [DeviceApp] = [], notes: [DeviceNote] = []) {
    self.platform = platform
    self.apps = apps
    self.notes = notes
  }

  /// Every domain whose links do not open the app.
  public var failing: [DeviceDomain] {
    apps.flatMap(\.domains).filter { !$0.opensApp }
  }

  /// Rows and domains counted apart: `swcutil verify` gives a row per app and URL, so nine rows
  /// may be one domain.
  public struct Summary: Sendable, Hashable {
    /// Rows read (one per app and domain, or per app and URL).
    public var rows: Int
    public var failingRows: Int
    /// Distinct domains (as written, compared ignoring case), and those with a failing row.
    public var domains: Int
    public var failingDomains: Int
  }

  public var summary: Summary {
    var all: Set<String> = []
    var failingDomains: Set<String> = []
    var rows = 0
    var failingRows = 0
    for domain in apps.flatMap(\.domains) {
      rows += 1
      let key = domain.domain.lowercased()
      all.insert(key)
      if !domain.opensApp {
        failingRows += 1
        failingDomains.insert(key)
      }
    }
    return Summary(
      rows: rows, failingRows: failingRows, domains: all.count,
      failingDomains: failingDomains.count)
  }

  /// The paste holds no state of any domain (only log lines, help text, notes): nothing says
  /// whether links open the app, so this is not a pass.
  public var isInconclusive: Bool { apps.allSatisfy(\.domains.isEmpty) }
}
