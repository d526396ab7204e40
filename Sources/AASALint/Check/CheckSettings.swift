import AASA
import AASACore
import AASALiveCheck

/// How every live check of a run fetches, whatever it checks: where trust comes from, how long
/// to wait, which CDN is compared, where the site's name was vetted and how other hosts are.
/// `aasa-lint check` (``CheckRun``), the exporter (through it), the validator's API and the
/// agents' tools (through `ReportBridge`) and a lint's `include` fetches all build their
/// ``LiveCheckOptions`` here, so that an option added once means the same in each.
package struct CheckSettings: Sendable {
  /// Which CDN copy is fetched and compared with the site's file.
  package enum CDN: Sendable, Equatable {
    /// None (`--no-cdn`).
    case none
    /// Apple's, asked only about the hosts it can reach (public names).
    case apple
    /// Another base (`--cdn-base`, a mirror or a test's stub), asked whatever the host.
    case base(String)
  }

  /// The system's roots, or a `--ca-file`'s.
  package var trust: TrustRoots
  package var timeoutSeconds: Double
  package var cdn: CDN = .none
  /// `--google-base` (or Google's own with `--google`): compare with its Digital Asset Links API.
  package var googleBase: String?
  /// `--user-agent`; nil fetches as Apple's CDN crawler.
  package var userAgent: String?
  package var connectTo: ConnectTo?
  /// For a check made for someone else: the address the site's name was vetted at, and the
  /// vetting of every other host the check reaches (``LiveCheckOptions``'s fields).
  package var pinnedAddress: String?
  package var vetOtherHost: (@Sendable (_ host: String, _ port: Int) async throws -> String)?
  package var thirdPartyAnswers: (any ThirdPartyAnswers)?

  package init(trust: TrustRoots = .system, timeoutSeconds: Double, cdn: CDN = .none) {
    self.trust = trust
    self.timeoutSeconds = timeoutSeconds
    self.cdn = cdn
  }

  /// Trusting `--ca-file`'s roots (the system's without one): an unreadable file is a usage
  /// error that names it.
  package init(caFile: String?, timeoutSeconds: Double, cdn: CDN = .none) throws {
    self.init(
      trust: try TrustRoots.fromArgument(caFile: caFile), timeoutSeconds: timeoutSeconds, cdn: cdn)
  }

  /// The CDN a request's two answers name: none unless asked, Apple's when the base is Apple's
  /// (asked only about public hosts), any other base whatever the host.
  package static func cdn(asked: Bool, base: String?) -> CDN {
    guard asked else { return .none }
    guard let base, base != LiveCheckOptions.appleCDNBase else { return .apple }
    return .base(base)
  }

  /// The options of a check of `site` (a placeholder where each domain of an entitlements file
  /// or manifest replaces it), routing `paths` and naming `app`.
  package func options(site: SiteAddress, paths: [String] = [], app: String? = nil)
    -> LiveCheckOptions
  {
    var options = LiveCheckOptions(
      site: site, paths: paths, app: app, trust: trust, timeoutSeconds: timeoutSeconds)
    switch cdn {
    case .none: options.cdnBase = nil
    case .apple:
      options.cdnBase = LiveCheckOptions.appleCDNBase
      options.cdnOnlyForPublicHosts = true
    case .base(let base): options.cdnBase = base
    }
    if let userAgent { options.userAgent = userAgent }
    options.googleBase = googleBase
    options.connectTo = connectTo
    options.pinnedAddress = pinnedAddress
    options.vetOtherHost = vetOtherHost
    options.thirdPartyAnswers = thirdPartyAnswers
    return options
  }
}
