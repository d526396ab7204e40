import NIOCore
import NIOPosix

/// `aasa-lint check --entitlements App.entitlements --app APP`: checks that every domain the app
/// claims (`applinks:`, `webcredentials:`, `appclips:`, `activitycontinuation:`) serves a file
/// that lists the app for that service, each host once and as `check URL` would.
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
    if entitlements.domains.isEmpty, entitlements.entitlements == nil,
      entitlements.profile?.entitlements.associatedDomains == .any
    {
      // A profile alone that grants any domain: its lines say what to give instead.
      return report
    }
    if entitlements.domains.isEmpty {
      report.requirements.append(
        Requirement(
          "applinks", .fail,
          "\(entitlements.path) names no applinks: domain in \(EntitlementsFile.associatedDomainsKey); universal links need one (and passkeys a webcredentials: one)"
        ))
      return report
    }
    if entitlements.applinks.isEmpty {
      report.requirements.append(
        Requirement(
          "applinks", .info,
          "\(entitlements.path) names no applinks: domain, so no universal link opens the app; its other services are checked"
        ))
    }
    let (planned, lines) = plan()
    report.requirements += lines
    report.services = planned.map(\.services)
    let linkSites = Set(planned.filter { $0.services.contains(.applinks) }.map(\.site))
    report.sites = await Self.check(
      planned.map(\.site), options: options, pinnedAddresses: pinnedAddresses,
      unresolved: unresolved, withoutApp: Set(planned.map(\.site)).subtracting(linkSites),
      group: group)
    for (index, site) in planned.enumerated() {
      if site.services.contains(.applinks),
        let line = BuildFindings.judgeSite(report.sites[index], app: options.app)
      {
        report.requirements.append(line)
      }
      guard let app = options.app else { continue }
      if site.services.contains(.applinks) {
        // What devices have: the CDN's copy, asked for each service as the file is.
        report.sites[index].compareCDN(.applinks, expected: app)
      }
      for service in site.services where service != .applinks {
        let expected = ServiceJudge.expectedID(
          service, app: app, applicationIdentifier: entitlements.applicationIdentifier)
        let line = ServiceJudge.judge(
          service, site: report.sites[index], expected: expected, app: app)
        report.sites[index].append(serviceLine: line)
        report.sites[index].compareCDN(service, expected: expected)
      }
    }
    return report
  }
}

extension EntitlementsCheck {
  /// The concrete sites a run fetches, in order: each host an entry names, and the
  /// ``concreteHosts`` under a wildcard entry. A caller that vets addresses vets these.
  public var sites: [SiteAddress] { plan().sites.map(\.site) }

  /// A site to fetch and the services the entitlements name it for, in the order first named.
  struct PlannedSite {
    var site: SiteAddress
    var services: [AssociatedDomain.Service]
  }

  /// The sites to fetch, each once whatever the services naming it, and the lines about the
  /// entries that are not fetched.
  private func plan() -> (sites: [PlannedSite], lines: [Requirement]) {
    var sites: [PlannedSite] = []
    var lines: [Requirement] = []
    func add(_ site: SiteAddress, for service: AssociatedDomain.Service) {
      if let index = sites.firstIndex(where: { $0.site == site }) {
        if !sites[index].services.contains(service) { sites[index].services.append(service) }
      } else {
        sites.append(PlannedSite(site: site, services: [service]))
      }
    }
    for domain in entitlements.domains {
      let name = domain.service.rawValue
      if domain.isWildcard {
        let below = concreteHosts.filter { $0.host.hasSuffix("." + domain.host) }
        if !below.isEmpty {
          for site in below { add(site, for: domain.service) }
          lines.append(
            Requirement(
              name, .pass,
              "\(domain.entry): checks the \(below.count) host\(below.count == 1 ? "" : "s") given under it"
            ))
          continue
        }
        lines.append(
          Requirement(
            name, .info,
            "\(domain.entry): a wildcard domain is checked by Apple per subdomain and cannot be checked without a concrete host (run check https://SUBDOMAIN.\(domain.host))"
          ))
      } else if let site = try? SiteAddress(parsing: domain.host) {
        add(site, for: domain.service)
      } else {
        lines.append(Requirement(name, .fail, "\(domain.entry): \(domain.host) is not a host name"))
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
    withoutApp: Set<SiteAddress> = [], group: any EventLoopGroup
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
          if withoutApp.contains(site) {
            // Named for passkeys, App Clips or Handoff only: its file need not route links or
            // name the app under applinks; the services' own lines say whether it lists the app.
            siteOptions.app = nil
            siteOptions.paths = []
            siteOptions.expectations = nil
          }
          return (index, await LiveCheck(options: siteOptions).run(group: group))
        }
      }
      for await result in tasks { reports.append(result) }
      return reports.sorted { $0.0 < $1.0 }.map(\.1)
    }
  }
}

/// The outcome of an entitlements check: lines about the entitlements themselves (wildcards, no
/// `applinks:` at all), and one live check per concrete domain, which carries a line per service
/// other than `applinks` the domain is named for.
public struct EntitlementsCheckReport: Sendable {
  public var path: String
  public var app: String?
  public var requirements: [Requirement] = []
  public var sites: [LiveCheckReport] = []
  /// Per site of ``sites``, the services the entitlements name it for, in the order first named.
  public var services: [[AssociatedDomain.Service]] = []

  public init(path: String, app: String?) {
    self.path = path
    self.app = app
  }

  /// The worst status of every line, of the entitlements and of each site.
  public var status: Requirement.Status {
    (requirements.map(\.status) + sites.map(\.status)).max() ?? .pass
  }
}

extension LiveCheckReport {
  /// Adds a service's line with the association file's lines, which it is about; with the
  /// site's own lines when the file was never fetched (the connection failed).
  mutating func append(serviceLine line: Requirement) {
    if let index = resources.firstIndex(where: { $0.resource == .association }) {
      resources[index].requirements.append(line)
    } else {
      siteRequirements.append(line)
    }
  }
}
