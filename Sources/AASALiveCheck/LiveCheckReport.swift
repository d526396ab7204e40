import AASA
import Foundation

/// The outcome of a live check: the site-wide lines (connection, TLS), one ``ResourceCheck`` per
/// well-known file, and the routes of the requested paths on the live file.
public struct LiveCheckReport: Sendable {
  public var site: SiteAddress
  public var app: String?
  /// `connection`, `tls-chain`, `tls-hostname`, `tls-expiry`, `tls-key` when the key is refused (or
  /// `tls` when the handshake failed).
  public var siteRequirements: [Requirement] = []
  /// Empty when the site could not be reached.
  public var resources: [ResourceCheck] = []
  public var routings: [Routing] = []
  /// `--expect`: the table's name and each expectation's result.
  public var expectations: (file: String, results: [ExpectationResult])?
  /// The `route` and `expect` lines: paths that do not open the app, expectations not met.
  public var routeRequirements: [Requirement] = []
  /// Apple's CDN: its answer, and how its copy compares with the origin's file.
  public var cdn: CDNCheck?
  /// When the site's leaf certificate expires (what the `tls-expiry` line judges); nil when no
  /// chain was read.
  public var certificateNotAfter: Date?

  public init(site: SiteAddress, app: String? = nil) {
    self.site = site
    self.app = app
  }

  /// Every line, each with the URL it is about (the site's origin for site-wide lines).
  public var allRequirements: [(resource: String, requirement: Requirement)] {
    siteRequirements.map { (site.origin, $0) }
      + resources.flatMap { check in check.requirements.map { (check.url, $0) } }
      + (cdn.map { check in check.requirements.map { (resource: check.url, requirement: $0) } }
        ?? [])
      + routeRequirements.map { (routesResource, $0) }
  }

  /// What the `route` and `expect` lines are about: the live association file.
  public var routesResource: String { site.url(WellKnownResource.association.path) }

  /// The worst status of all lines.
  public var status: Requirement.Status {
    allRequirements.map(\.requirement.status).max() ?? .pass
  }

  /// The line of the check with this name about `resource`, for tests and scripts.
  public func requirement(_ name: String, of resource: WellKnownResource? = nil) -> Requirement? {
    if name == "route" || name == "expect" || name.hasPrefix("cdn") {
      return requirements(name).first
    }
    if let resource {
      return resources.first { $0.resource == resource }?.requirements.first { $0.name == name }
    }
    return siteRequirements.first { $0.name == name }
  }

  /// Every line with this name, wherever it is: several `route` or `expect` lines, for example.
  public func requirements(_ name: String) -> [Requirement] {
    allRequirements.map(\.requirement).filter { $0.name == name }
  }

  /// The check of one well-known file.
  public func check(of resource: WellKnownResource) -> ResourceCheck? {
    resources.first { $0.resource == resource }
  }
}
