import NIOCore
import NIOPosix

/// `aasa-lint check --entitlements App.entitlements --app APP`: checks that every `applinks:`
/// domain the app claims serves a file that names the app, each domain as `check URL` would.
///
/// A wildcard entry (`applinks:*.example.com`) is reported, not fetched: Apple fetches the file of
/// each subdomain separately, and there is no concrete host to ask.
public struct EntitlementsCheck: Sendable {
  public var entitlements: EntitlementsFile
  /// The options every domain is checked with; `site` is replaced by each domain, and `app`
  /// must be set.
  public var options: LiveCheckOptions

  /// `--hosts`: concrete hosts, checked for the wildcard entries they fall under.
  public var concreteHosts: [SiteAddress]

  /// Per site, the address its name was resolved to and vetted at (the validator page's
  /// ``FetchPolicy``): its connections go there, with no second resolution.
  public var pinnedAddresses: [SiteAddress: String] = [:]

  /// Per site, why its name did not resolve when the caller vetted it (the validator page's
  /// ``FetchPolicy``, in ``ConnectionProblem``'s words): reported as a failing connection, as a
  /// check that cannot resolve it says, and not fetched, so that its name is never resolved a
  /// second time; the other sites are checked.
  public var unresolved: [SiteAddress: String] = [:]

  public init(
    entitlements: EntitlementsFile, options: LiveCheckOptions, concreteHosts: [SiteAddress] = []
  ) {
    self.entitlements = entitlements
    self.options = options
    self.concreteHosts = concreteHosts
  }

  public func run(group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) async
    -> EntitlementsCheckReport
  {
    var report = EntitlementsCheckReport(path: entitlements.path, app: options.app)
    report.requirements = BuildFindings.judge(entitlements)
    if entitlements.applinks.isEmpty, entitlements.entitlements == nil,
      entitlements.profile?.entitlements.associatedDomains == .any
    {
      // A profile alone that grants any domain: its lines say what to give instead.
      return report
    }
    if entitlements.applinks.isEmpty {
      report.requirements.append(
        Requirement(
          "applinks", .fail,
          "\(entitlements.path) names no applinks: domain in \(EntitlementsFile.associatedDomainsKey); universal links need one"
        ))
      return report
    }
    let (sites, lines) = plan()
    report.requirements += lines
    report.sites = await Self.check(
      sites, options: options, pinnedAddresses: pinnedAddresses, unresolved: unresolved,
      group: group)
    report.requirements += report.sites.compactMap {
      BuildFindings.judgeSite($0, app: options.app)
    }
    return report
  }
}

extension EntitlementsCheck {
  /// The concrete sites a run fetches, in order: each `applinks:` host, and the ``concreteHosts``
  /// under a wildcard entry. A caller that vets addresses vets these.
  public var sites: [SiteAddress] { plan().sites }

  /// The sites to fetch, and the lines about the entries that are not fetched.
  private func plan() -> (sites: [SiteAddress], lines: [Requirement]) {
    var sites: [SiteAddress] = []
    var lines: [Requirement] = []
    for domain in entitlements.applinks {
      if domain.isWildcard {
        let below = concreteHosts.filter { $0.host.hasSuffix("." + domain.host) }
        if !below.isEmpty {
          for site in below where !sites.contains(site) { sites.append(site) }
          lines.append(
            Requirement(
              "applinks", .pass,
              "\(domain.entry): checks the \(below.count) host\(below.count == 1 ? "" : "s") given under it"
            ))
          continue
        }
        lines.append(
          Requirement(
            "applinks", .info,
            "\(domain.entry): a wildcard domain is checked by Apple per subdomain and cannot be checked without a concrete host (run check https://SUBDOMAIN.\(domain.host))"
          ))
      } else if let site = try? SiteAddress(parsing: domain.host) {
        if !sites.contains(site) { sites.append(site) }
      } else {
        lines.append(
          Requirement("applinks", .fail, "\(domain.entry): \(domain.host) is not a host name"))
      }
    }
    return (sites, lines)
  }

  /// How many sites are checked at once.
  static let concurrentSites = 8

  /// Each site checked with `options` (its `site` replaced), at most ``concurrentSites`` at a
  /// time, the reports in the order of `sites`.
  static func check(
    _ sites: [SiteAddress], options: LiveCheckOptions,
    pinnedAddresses: [SiteAddress: String] = [:], unresolved: [SiteAddress: String] = [:],
    group: any EventLoopGroup
  ) async -> [LiveCheckReport] {
    await withTaskGroup(of: (Int, LiveCheckReport).self) { tasks in
      var reports: [(Int, LiveCheckReport)] = []
      for (index, site) in sites.enumerated() {
        if index >= concurrentSites, let finished = await tasks.next() { reports.append(finished) }
        tasks.addTask {
          if let reason = unresolved[site] {
            var report = LiveCheckReport(site: site, app: options.app)
            report.siteRequirements.append(Requirement("connection", .fail, reason))
            return (index, report)
          }
          var siteOptions = options
          siteOptions.site = site
          siteOptions.pinnedAddress = pinnedAddresses[site] ?? options.pinnedAddress
          return (index, await LiveCheck(options: siteOptions).run(group: group))
        }
      }
      for await result in tasks { reports.append(result) }
      return reports.sorted { $0.0 < $1.0 }.map(\.1)
    }
  }
}

/// The outcome of an entitlements check: lines about the entitlements themselves (wildcards, no
/// `applinks:` at all), and one live check per concrete domain.
public struct EntitlementsCheckReport: Sendable {
  public var path: String
  public var app: String?
  public var requirements: [Requirement] = []
  public var sites: [LiveCheckReport] = []

  public init(path: String, app: String?) {
    self.path = path
    self.app = app
  }

  /// The worst status of every line, of the entitlements and of each site.
  public var status: Requirement.Status {
    (requirements.map(\.status) + sites.map(\.status)).max() ?? .pass
  }
}
