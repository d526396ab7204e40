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

  public init(entitlements: EntitlementsFile, options: LiveCheckOptions) {
    self.entitlements = entitlements
    self.options = options
  }

  public func run(group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) async
    -> EntitlementsCheckReport
  {
    var report = EntitlementsCheckReport(path: entitlements.path, app: options.app)
    if entitlements.applinks.isEmpty {
      report.requirements.append(
        Requirement(
          "applinks", .fail,
          "\(entitlements.path) names no applinks: domain in \(EntitlementsFile.associatedDomainsKey); universal links need one"
        ))
      return report
    }
    var sites: [SiteAddress] = []
    for domain in entitlements.applinks {
      if domain.isWildcard {
        report.requirements.append(
          Requirement(
            "applinks", .info,
            "\(domain.entry): a wildcard domain is checked by Apple per subdomain and cannot be checked without a concrete host (run check https://SUBDOMAIN.\(domain.host))"
          ))
      } else if let site = try? SiteAddress(parsing: domain.host) {
        if !sites.contains(site) { sites.append(site) }
      } else {
        report.requirements.append(
          Requirement("applinks", .fail, "\(domain.entry): \(domain.host) is not a host name"))
      }
    }
    let options = self.options
    report.sites = await withTaskGroup(of: (Int, LiveCheckReport).self) { tasks in
      for (index, site) in sites.enumerated() {
        tasks.addTask {
          var siteOptions = options
          siteOptions.site = site
          return (index, await LiveCheck(options: siteOptions).run(group: group))
        }
      }
      var reports: [(Int, LiveCheckReport)] = []
      for await result in tasks { reports.append(result) }
      return reports.sorted { $0.0 < $1.0 }.map(\.1)
    }
    return report
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
