import AASALiveCheck

/// How a validator runs: where it listens (for the `Host` check and the token rule), what it may
/// fetch, whose certificates it trusts, and its limits. Built by `aasa-lint web` and
/// `aasa-serve --validator` from their flags; fixed for the life of the process.
public struct ValidatorConfiguration: Sendable {
  public var listenHost: String
  /// Other names `Host` may carry: a team's DNS name, a reverse proxy's.
  public var hostNames: [String]
  public var token: AccessToken?
  public var policy: FetchPolicy
  /// `--ca-file`: an internal CA's roots, trusted beside the system's.
  public var caFile: String?
  public var limits: ValidatorLimits
  /// Where Apple's CDN copy of a site is asked for a diff (`BASE/HOST`): Apple's CDN, or a stub
  /// on loopback in tests. Set at start-up only, never by a request, and its host is vetted by
  /// ``policy`` like any other.
  public var cdnBase: String
  /// Where a check asked for `google` asks Google's Digital Asset Links API: Google's, or a stub
  /// on loopback in tests. Set at start-up only, and its host is vetted by ``policy`` as Apple's
  /// CDN's is.
  public var googleBase = LiveCheckOptions.googleBase

  public init(
    listenHost: String, hostNames: [String] = [], token: AccessToken? = nil,
    policy: FetchPolicy = FetchPolicy(), caFile: String? = nil,
    limits: ValidatorLimits = ValidatorLimits(), cdnBase: String = LiveCheckOptions.appleCDNBase
  ) {
    self.cdnBase = cdnBase
    self.listenHost = listenHost
    self.hostNames = hostNames
    self.token = token
    self.policy = policy
    self.caFile = caFile
    self.limits = limits
  }

  /// Why it must not start, or nil: a bind beyond loopback needs a token.
  public var startupProblem: String? {
    guard token == nil, !Self.isLoopback(listenHost) else { return nil }
    return
      "listening on \(listenHost) (beyond loopback) needs --token-file: the page fetches URLs for whoever reaches it"
  }

  /// `127.0.0.0/8`, `::1`, `localhost`.
  public static func isLoopback(_ host: String) -> Bool {
    var host = host.lowercased()
    if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    if host == "localhost" { return true }
    return AddressPolicy().classify(host)?.kind == .loopback
  }
}
