import NIOCore
import NIOPosix

/// `aasa-lint check --hosts LIST`: many concrete hosts (the subdomains behind a wildcard
/// `applinks:*.example.com`, a fleet of client sites), each checked as `check URL` would, a few at
/// a time.
public struct HostsCheck: Sendable {
  public var hosts: [SiteAddress]
  /// The options every host is checked with; `site` is replaced by each host.
  public var options: LiveCheckOptions

  public init(hosts: [SiteAddress], options: LiveCheckOptions) {
    self.hosts = hosts
    self.options = options
  }

  public func run(group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) async
    -> HostsCheckReport
  {
    HostsCheckReport(sites: await EntitlementsCheck.check(hosts, options: options, group: group))
  }
}

/// One live check per host, in the order given.
public struct HostsCheckReport: Sendable {
  public var sites: [LiveCheckReport]

  public init(sites: [LiveCheckReport]) { self.sites = sites }

  /// The worst status of every host's lines.
  public var status: Requirement.Status { sites.map(\.status).max() ?? .pass }
}
