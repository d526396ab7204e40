import AASA
import NIOCore
import X509

/// What to check and how: the site, the paths to route on the live file, the app that must be
/// named, where trust comes from, and how long to wait.
public struct LiveCheckOptions: Sendable {
  public var site: SiteAddress
  /// Paths (or URLs) to route with the live file, e.g. `/albums/1?ref=mail`.
  public var paths: [String]
  /// `--app`: the live file must name it, and routes show only its verdict.
  public var app: String?
  public var trust: TrustRoots
  /// For connecting, the TLS handshake, and each response.
  public var timeout: TimeAmount
  /// `--expect`: the table's name and its lines, routed on the live file.
  public var expectations: (file: String, lines: [RoutingExpectation])?
  /// Fetch the CDN copy from this base (the host is appended) and compare it; nil: do not.
  public var cdnBase: String?
  /// Ask the CDN only about hosts it can reach: not loopback or private addresses, not sites
  /// trusted through their own roots (those get a note instead). Apple's CDN, asked by default,
  /// sets it; a base given for a mirror or a test is asked whatever the host.
  public var cdnOnlyForPublicHosts = false
  /// The User-Agent of the fetches: Apple's CDN crawler's unless told otherwise. The association
  /// file is also fetched as a browser, to find rules that treat Apple's fetcher differently.
  public var userAgent = ResourceFetcher.appleUserAgent
  /// `--connect-to`: connect elsewhere, still judging TLS for the site's host.
  public var connectTo: ConnectTo?
  /// The address the site's name was resolved to and vetted at (``FetchPolicy/vet(host:port:)``):
  /// every connection to the site goes there, with no second resolution. Unlike ``connectTo`` it
  /// changes nothing the report says.
  public var pinnedAddress: String?
  /// For fetches made for someone else (the validator page, docs/validator.md): resolves and
  /// judges a host other than the site's that the check reaches (an `include` statement's, Apple's
  /// CDN, Google's API), returning the address to connect to, or throwing why not (its
  /// description is reported). Nil: an `include`'s host is judged by ``AddressPolicy`` alone and
  /// the CDN and Google's API are resolved as usual, as the command line does.
  public var vetOtherHost: (@Sendable (_ host: String, _ port: Int) async throws -> String)?
  /// `--google`: also ask Google's Digital Asset Links API at this base what it reads from the
  /// site's assetlinks.json, and compare.
  public var googleBase: String?
  /// Where the answers of Apple's CDN and Google's API come from: nil asks them at every check;
  /// the exporter keeps each for as long as its caching headers allow (``ThirdPartyAnswers``).
  public var thirdPartyAnswers: (any ThirdPartyAnswers)?

  /// Apple's CDN, which devices ask instead of the site: `BASE/HOST`.
  public static let appleCDNBase = "https://app-site-association.cdn-apple.com/a/v1"
  /// Google's Digital Asset Links API.
  public static let googleBase = "https://digitalassetlinks.googleapis.com"

  public init(
    site: SiteAddress, paths: [String] = [], app: String? = nil, trust: TrustRoots = .system,
    timeout: TimeAmount = .seconds(10)
  ) {
    self.site = site
    self.paths = paths
    self.app = app
    self.trust = trust
    self.timeout = timeout
  }

  /// The same, with the timeout in (fractional) seconds, as `--timeout` gives it.
  public init(
    site: SiteAddress, paths: [String] = [], app: String? = nil, trust: TrustRoots = .system,
    timeoutSeconds: Double
  ) {
    self.init(
      site: site, paths: paths, app: app, trust: trust,
      timeout: .clampedSeconds(timeoutSeconds))
  }
}

extension TimeAmount {
  /// The longest timeout a library caller gets: a day (the command line allows 600 s).
  static let longestTimeoutSeconds = 86_400.0

  /// `seconds` (a `--timeout`) as a duration, without trapping whatever the value: NaN and
  /// negative values become 0, values over ``longestTimeoutSeconds`` that; the command line
  /// checks 0 < t ≤ 600 before this.
  static func clampedSeconds(_ seconds: Double) -> TimeAmount {
    guard seconds.isFinite, seconds > 0 else { return .nanoseconds(0) }
    return .nanoseconds(Int64(min(seconds, longestTimeoutSeconds) * 1e9))
  }
}
