import AASA
import AASABuiltApp

/// What a built app and its profile say before any site is asked: the profile's associated-domains
/// grant (`"*"`, or missing), entitlements the profile does not cover, the team, developer and
/// managed modes in a distribution build, and domains with no `applinks:` service.
enum BuildFindings {
  static func judge(_ file: EntitlementsFile) -> [Requirement] {
    var lines: [Requirement] = []
    if let profile = file.profile {
      let team = profile.teamIdentifier.map { " of team \($0)" } ?? ""
      let name = profile.name.map { "\"\($0)\": " } ?? ""
      lines.append(Requirement("profile", .info, "\(name)\(profile.distribution) profile\(team)"))
      switch profile.entitlements.associatedDomains {
      case .missing:
        lines.append(
          Requirement(
            "profile-domains", .fail,
            "the profile grants no associated domains: turn on the Associated Domains capability of the App ID and make the profile again; without it the app's applinks: entries are not used"
          ))
      case .any:
        lines.append(
          Requirement(
            "profile-domains", file.entitlements == nil ? .warn : .pass,
            file.entitlements == nil
              ? "the profile grants any domain (\"*\"), so it names none: the domains are in the app's signed entitlements (give the .app, .ipa or .xcarchive, or the .entitlements file)"
              : "the profile grants any domain (\"*\"); the app's signed entitlements name them"))
      case .list(let granted):
        if let entitlements = file.entitlements,
          case .list(let claimed) = entitlements.associatedDomains
        {
          let grantedSet = Set(granted)
          let missing = claimed.filter { !grantedSet.contains($0) }
          if !missing.isEmpty {
            lines.append(
              Requirement(
                "profile-domains", .fail,
                "the app claims \(missing.joined(separator: ", ")), which the profile does not grant"
              ))
          }
        }
      }
      if let entitlements = file.entitlements {
        let uncovered = entitlements.notCovered(by: profile.entitlements)
        lines.append(
          uncovered.isEmpty
            ? Requirement(
              "profile-coverage", .pass,
              "the profile grants every entitlement the app is signed with")
            : Requirement(
              "profile-coverage", .fail,
              "the app is signed with entitlements its profile does not grant: \(uncovered.joined(separator: ", ")); iOS refuses to install or launch such a build"
            ))
      }
      if let team = profile.teamIdentifier, let app = file.applicationIdentifier,
        let prefix = app.split(separator: ".").first, String(prefix) != team
      {
        lines.append(
          Requirement(
            "team", .warn,
            "the app ID \(app) has the prefix \(prefix), the profile's team is \(team): association files must list the app as \(app)"
          ))
      }
    }
    if let distribution = file.isDistributionBuild, distribution {
      for domain in file.domains {
        let unused =
          domain.service == .applinks
          ? "never opens links of \(domain.host)"
          : "never uses \(domain.host) for \(domain.service.rawValue)"
        let others =
          domain.service == .applinks
          ? "do not open its links" : "do not use it for \(domain.service.rawValue)"
        switch domain.mode {
        case "developer", "developer+managed":
          lines.append(
            Requirement(
              "mode", .fail,
              "\(domain.entry) in a distribution build: only apps signed for development use a ?mode=developer domain, so this build \(unused); remove the mode for release"
            ))
        case "managed":
          lines.append(
            Requirement(
              "mode", .warn,
              "\(domain.entry): only apps installed as managed by an MDM use this domain; other installs of this build \(others)"
            ))
        default: break
        }
      }
    }
    let applinksHosts = Set(file.applinks.map(\.host))
    var reported: Set<String> = []
    for entry in file.allDomainEntries {
      guard let colon = entry.firstIndex(of: ":") else { continue }
      let service = entry[..<colon]
      guard service != "applinks" else { continue }
      var host = entry[entry.index(after: colon)...]
      if let question = host.firstIndex(of: "?") { host = host[..<question] }
      if host.hasPrefix("*.") { host = host.dropFirst(2) }
      let name = host.lowercased()
      guard !applinksHosts.contains(name), reported.insert(name).inserted else { continue }
      lines.append(
        Requirement(
          "applinks", .info,
          "\(name) has \(service): but no applinks: entry, so its links open the browser (fine if it is only for \(service))"
        ))
    }
    return lines
  }

  /// The line of a site whose file lists the app's bundle ID under another team, or has no
  /// applinks service at all.
  static func judgeSite(_ site: LiveCheckReport, app: String?) -> Requirement? {
    guard let association = site.check(of: .association)?.lint?.association else { return nil }
    guard let appLinks = association.appLinks else {
      return Requirement(
        "applinks", .fail,
        "\(site.site.host)'s file has no applinks section, so no link of it opens an app")
    }
    guard let app, !appLinks.appIDs.contains(app),
      let dot = app.firstIndex(of: ".")
    else { return nil }
    let bundle = app[app.index(after: dot)...]
    let others = appLinks.appIDs.filter { $0.hasSuffix("." + bundle) && $0 != app }
    guard !others.isEmpty else { return nil }
    return Requirement(
      "team", .fail,
      "\(site.site.host)'s file lists \(others.joined(separator: ", ")), but this build is \(app): another Team ID prefix (an Enterprise or another team's build, or a wrong prefix in the file)"
    )
  }
}
