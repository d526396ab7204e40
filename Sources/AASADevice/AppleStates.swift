/// What each state iOS and macOS report means, why a domain ends up in it, most likely first, and
/// what to run next: the approvals of `swcutil show` records, the answers of `swcutil verify`, and
/// what swcd's log lines say happened.
enum AppleStates {
  struct Context {
    var domain: String
    var app: String?
    var line: Int
    /// `Last Checked` / `Next Check`, when the record has them.
    var lastChecked: String?
    var nextCheck: String?
    /// `swcutil verify`'s URL.
    var url: String?
  }

  /// What a row shows for a domain the paste does not name.
  static let unknownDomain = "(not in the paste)"

  static func explain(state: String, _ context: Context) -> DeviceDomain {
    let known = context.domain != unknownDomain
    // A command never holds the "(not in the paste)" of a row: HOST stands in, and says so.
    let host = known ? context.domain : "HOST"
    let app = context.app ?? "TEAMID.bundle.id"
    let check = "aasa-lint check https://\(host) --app \(app)"
    let download = "swcutil dl -d \(host)   (macOS; on iOS: sysdiagnose, then swcutil_show.txt)"
    let developer =
      "to bypass Apple's CDN while testing: applinks:\(host)?mode=developer in a development build, and Settings > Developer > Associated Domains Development on the device"
    let when =
      [
        context.lastChecked.map { "last checked \($0)" },
        context.nextCheck.map { "next check \($0)" },
      ].compactMap { $0 }.joined(separator: ", ")
    let timing = when.isEmpty ? "" : " (\(when))"
    func answer(_ meaning: String, _ causes: [String], _ next: [String], opensApp: Bool)
      -> DeviceDomain
    {
      DeviceDomain(
        domain: context.domain, state: state, meaning: meaning, causes: causes,
        next: known
          ? next : next + ["HOST above is the site's domain, which this paste does not show"],
        line: context.line, opensApp: opensApp, url: context.url, domainIsKnown: known)
    }
    let fileCauses = [
      "the file does not list \(app): a Team ID prefix that differs in this build (TestFlight, Enterprise, another team) or a bundle ID typo",
      "Apple's CDN has no copy: the site refuses Apple's fetcher (AASA-Bot, firewall, geo or bot rules), times out, redirects, or serves the file elsewhere than /.well-known/apple-app-site-association",
      "the CDN still holds an old copy or an old failure: it refreshes about weekly, a failure after 30 to 60 minutes",
    ]
    switch state {
    case "approved":
      return answer(
        "approved: the device downloaded the file and it lists this app for this domain\(timing); universal links are on",
        [],
        [
          "tap a link in Notes or Messages: a link typed in Safari, or tapped on a page of the same domain, opens the browser by design",
          "aasa-lint FILE https://\(host)/PATH shows which rule opens a URL",
        ], opensApp: true)
    case "denied":
      return answer(
        "denied: the device's last download of the file did not grant this app\(timing); links open the browser",
        fileCauses, [check, download, "reinstall the app to make the device download again"],
        opensApp: false)
    case "unspecified":
      return answer(
        "not decided yet: the device has not finished downloading the file for this domain\(timing)",
        [
          "the download was postponed (no network at install, low power, thermal or \"thundering herd\" policies of dasd)"
        ] + fileCauses.dropFirst(), [check, download, developer], opensApp: false)
    case "user-denied":
      return answer(
        "the user turned universal links off for this domain (chose to open the link in the browser)",
        [
          "someone tapped the domain name in the top-right corner of the app or chose Open in Safari"
        ],
        [
          "long-press a link in Notes and choose Open in the app: that turns them on again"
        ], opensApp: false)
    case "matched":
      return answer(
        "swcutil verify: the pattern matched, the URL opens the app (swcutil answers for every app in the file, not only the one asked about)",
        [], ["aasa-lint FILE URL --app \(app) shows which rule decides for one app"],
        opensApp: true)
    case "blocked":
      return answer(
        "swcutil verify: an exclusion matched first, the URL opens the browser",
        ["an exclude rule (or NOT path) earlier in the list"],
        ["aasa-lint FILE URL --app \(app) names the rule that blocks it"], opensApp: false)
    case "downloading":
      return answer(
        "swcd began downloading the file for this domain", [],
        [
          "watch the next lines for its outcome: swcutil watch --verbose (macOS) or Console filtered on swcd"
        ],
        opensApp: true)
    case "added":
      return answer(
        "swcd registered the app for this domain; the download follows", [],
        ["swcutil show (macOS) or a sysdiagnose's swcutil_show.txt shows the outcome"],
        opensApp: true)
    case "redirect-denied":
      return answer(
        "swcd refused a redirect: Apple's fetcher follows none, and never to http",
        [
          "the site redirects /.well-known/apple-app-site-association (http to https, apex to www, a trailing slash)"
        ], [check], opensApp: false)
    case "trust-rejected":
      return answer(
        "the device did not trust the site's TLS certificate, so it rejected the file",
        [
          "a missing intermediate certificate, a certificate for other names, an expired or self-signed certificate"
        ], [check + "   (the tls-chain and tls-hostname lines)"], opensApp: false)
    case "cdn-refused":
      return answer(
        "Apple's CDN told the device to stop (SWCErrorDomain error 7): the CDN has no valid copy",
        fileCauses.dropFirst().map { $0 }, [check + "   (the cdn lines say why)", developer],
        opensApp: false)
    default:
      return answer(
        "the device says \(state)", fileCauses, [check, download], opensApp: false)
    }
  }
}
