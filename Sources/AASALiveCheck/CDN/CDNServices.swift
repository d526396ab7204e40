import AASA

/// Apple's CDN copy asked per service, as the origin's file is: devices read the CDN's copy, not
/// the site, so a `webcredentials` entry the origin has and the CDN's copy lacks is one devices
/// do not have yet (passkeys still fail with error 1004), and an entry only the CDN's copy still
/// has is one devices lose at its next refresh.
///
/// The comparison is of the one app ID the service must list, not of the whole file (the `cdn`
/// line compares the files): a copy that differs elsewhere can agree on this app, and the line
/// says so.
extension LiveCheckReport {
  /// Adds the `cdn-SERVICE` line for `expected` (the app's ID, or the clip's for `appclips`) to
  /// the CDN check, when the CDN sent a copy that can be read; without one the `cdn` line
  /// already says why devices have nothing.
  mutating func compareCDN(_ service: AssociatedDomain.Service, expected: String) {
    guard let cdn, let copy = cdn.copy else { return }
    let origin = check(of: .association)?.lint?.association
    self.cdn?.services.append(
      CDNServices.line(service, expected: expected, copy: copy, origin: origin, host: site.host))
  }
}

enum CDNServices {
  /// How long devices keep the CDN's copy, in the words every line uses.
  static let refresh =
    "devices read the CDN's copy until Apple refreshes it (about weekly, and at install or update; a development build with ?mode=developer reads the site)"

  static func line(
    _ service: AssociatedDomain.Service, expected: String, copy: SiteAssociation,
    origin: SiteAssociation?, host: String
  ) -> Requirement {
    let name = "cdn-" + service.rawValue
    let section = service == .applinks ? "applinks" : "\(service.rawValue).apps"
    let inCopy = ServiceJudge.listedApps(service, of: copy).contains(expected)
    guard let origin else {
      return Requirement(
        name, inCopy ? .info : .warn,
        "Apple's CDN's copy \(inCopy ? "lists" : "does not list") \(expected) under \(section); the origin's file could not be read to compare"
      )
    }
    let inOrigin = ServiceJudge.listedApps(service, of: origin).contains(expected)
    switch (inCopy, inOrigin) {
    case (true, true):
      return Requirement(
        name, .pass, "Apple's CDN's copy lists \(expected) under \(section), as the origin's does")
    case (false, true):
      return Requirement(
        name, .warn,
        "the origin lists \(expected) under \(section), Apple's CDN's copy does not yet: devices do not have it yet (\(ServiceJudge.consequence(service, host: host)) until then); \(refresh)"
      )
    case (true, false):
      return Requirement(
        name, .warn,
        "Apple's CDN's copy still lists \(expected) under \(section), the origin's file no longer does: devices lose it at the CDN's next refresh; \(refresh)"
      )
    case (false, false):
      return Requirement(
        name, .info,
        "neither Apple's CDN's copy nor the origin's file lists \(expected) under \(section)")
    }
  }

  /// The services other than links whose apps differ between the CDN's copy and the origin's
  /// file (`webcredentials`, `appclips`, `activitycontinuation`), in that order.
  static func sectionsThatDiffer(_ copy: SiteAssociation, _ origin: SiteAssociation) -> [String] {
    let services: [AssociatedDomain.Service] = [.webcredentials, .appclips, .activitycontinuation]
    return services.filter {
      ServiceJudge.listedApps($0, of: copy) != ServiceJudge.listedApps($0, of: origin)
    }.map(\.rawValue)
  }
}
