import AASA

/// Whether a site's association file lists the app for a service other than universal links
/// (`webcredentials:`, `appclips:`, `activitycontinuation:`), and if not, the near miss: the same
/// bundle under another Team ID, the full app where the clip belongs, the app under `applinks`
/// only. Each answer is a line named after the service, so every output format carries it with
/// the site's file.
enum ServiceJudge {
  /// The ID a service's section must list: the app's, or for `appclips` the clip's, which is the
  /// app's with the `.Clip` suffix unless the entitlements are the clip's own.
  static func expectedID(
    _ service: AssociatedDomain.Service, app: String, applicationIdentifier: String?
  ) -> String {
    guard service == .appclips else { return app }
    if let identifier = applicationIdentifier, identifier.hasSuffix(".Clip") { return identifier }
    return app.hasSuffix(".Clip") ? app : app + ".Clip"
  }

  /// What a device cannot do when the service's association does not hold, in the words iOS
  /// and its users see.
  static func consequence(_ service: AssociatedDomain.Service, host: String) -> String {
    switch service {
    case .webcredentials:
      "iOS says \"Unable to verify webcredentials association\" (error 1004): passkeys, password autofill and ASWebAuthenticationSession's HTTPS callbacks for \(host) fail"
    case .appclips:
      "iOS does not open the App Clip for \(host)'s URLs (its App Clip card and Safari banner)"
    case .activitycontinuation:
      "Handoff between \(host)'s pages and the app does not happen"
    case .applinks:
      "no link of \(host) opens the app"
    }
  }

  static func section(_ service: AssociatedDomain.Service, of association: SiteAssociation)
    -> ServiceApps?
  {
    switch service {
    case .webcredentials: association.webCredentials
    case .appclips: association.appClips
    case .activitycontinuation: association.activityContinuation
    case .applinks: nil
    }
  }

  /// The app IDs a service's section lists: `applinks`' every `appIDs` (and `apps`), the
  /// others' `apps`.
  static func listedApps(_ service: AssociatedDomain.Service, of association: SiteAssociation)
    -> [String]
  {
    service == .applinks
      ? association.appLinks?.appIDs ?? [] : section(service, of: association)?.apps ?? []
  }

  /// The line of one service of `site`: pass when the site's file lists `expected` in the
  /// service's section; otherwise a failure saying what the file has instead.
  static func judge(
    _ service: AssociatedDomain.Service, site: LiveCheckReport, expected: String, app: String
  ) -> Requirement {
    let name = service.rawValue
    let host = site.site.host
    let because = consequence(service, host: host)
    guard let check = site.check(of: .association) else {
      return Requirement(
        name, .fail, "\(host) could not be reached, so its association is not verified: \(because)")
    }
    guard let association = check.lint?.association else {
      return Requirement(
        name, .fail,
        "\(host) serves no association file Apple can read (see the lines above): \(because)")
    }
    let apps = section(service, of: association)?.apps ?? []
    if apps.contains(expected) {
      return Requirement(name, .pass, "\(host)'s file lists \(expected) under \(name).apps")
    }
    if let dot = expected.firstIndex(of: ".") {
      let bundle = expected[expected.index(after: dot)...]
      let others = apps.filter { $0.hasSuffix("." + bundle) && $0 != expected }
      if !others.isEmpty {
        return Requirement(
          name, .fail,
          "\(host)'s file lists \(others.joined(separator: ", ")) under \(name).apps, but this build is \(expected): another Team ID prefix (an Enterprise or another team's build, or a wrong prefix in the file); \(because)"
        )
      }
    }
    if service == .appclips, expected.hasSuffix(".Clip") {
      let fullApp = String(expected.dropLast(".Clip".count))
      if apps.contains(fullApp) {
        return Requirement(
          name, .fail,
          "\(host)'s file lists \(fullApp) under appclips.apps, the full app: appclips names the clip, \(expected) (the app's ID with .Clip); \(because)"
        )
      }
    }
    let linked = association.appLinks?.appIDs ?? []
    if let listed = [expected, app].first(where: linked.contains) {
      return Requirement(
        name, .fail,
        "\(host)'s file lists \(listed) under applinks only: \(name) needs \(expected) in \(name).apps; \(because)"
      )
    }
    guard section(service, of: association) != nil else {
      return Requirement(
        name, .fail,
        "\(host)'s file has no \(name) section, so it lists no app for \(name): add \"\(name)\": {\"apps\": [\"\(expected)\"]}; \(because)"
      )
    }
    let known = apps.isEmpty ? "none" : apps.joined(separator: ", ")
    return Requirement(
      name, .fail,
      "\(host)'s file does not list \(expected) under \(name).apps (apps: \(known)); \(because)")
  }
}
