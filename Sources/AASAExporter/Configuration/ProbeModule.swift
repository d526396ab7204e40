import AASAAndroid

/// One module of the exporter's configuration: what a probe of a target checks, chosen by
/// `/probe?module=NAME` as blackbox_exporter's modules are. Everything a query may not say is
/// here: the app, the paths, the `--expect` table (a file named at start-up, never a path from a
/// query, which would be a file-read primitive), the Android apps and their signing keys, and
/// whether Apple's CDN and Google's API are asked.
public struct ProbeModule: Sendable, Equatable {
  /// An Android app whose grant is exported: its package and the SHA-256 fingerprints of the
  /// certificates it is signed with, each of which the site's statements must grant.
  public struct AndroidApp: Sendable, Equatable {
    public var package: String
    public var fingerprints: [CertificateFingerprint]
  }

  public var name: String
  /// `--app`: the app ID the association file must name, e.g. `9JA89QQLNQ.com.example.app`.
  public var app: String?
  /// Paths routed on the live association file; each must open ``app`` (or an app).
  public var paths: [String] = []
  /// An `--expect` table, resolved against the configuration file's folder.
  public var expect: String?
  public var androidApps: [AndroidApp] = []
  /// Ask Apple's CDN for its copy (public hosts only, as `check` does; every host when the
  /// configuration names another CDN base).
  public var cdn = true
  /// Ask Google's Digital Asset Links API what it reads from assetlinks.json.
  public var google = false
  /// The longest a probe of this module takes, whatever the scrape timeout allows.
  public var timeoutSeconds: Double = ProbeModule.defaultTimeoutSeconds
  /// `--user-agent`: fetch as this instead of Apple's CDN crawler.
  public var userAgent: String?

  /// blackbox_exporter's modules default to 5 s; a check makes 5 to 8 requests, some to third
  /// parties, so 30 s, which a `scrape_timeout: 30s` leaves room for.
  public static let defaultTimeoutSeconds = 30.0

  public init(name: String) { self.name = name }
}
