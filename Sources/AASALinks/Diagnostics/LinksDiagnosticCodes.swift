import AASACore

// The codes of a site's `links.json` (docs/links.md): `LNK0xx` the file and its rules, `LNK1xx`
// destinations, `LNK2xx` the rules against the site's own association files. Append new codes;
// never renumber or reuse one.
extension DiagnosticCode {
  /// The link-domain fallback codes.
  public enum Links {
    // MARK: The file and its rules (LNK0xx)

    public static let notAnObject = DiagnosticCode(
      "LNK001", .error, "links.json is not an object",
      help: "write {\"defaults\": {…}, \"rules\": [{\"path\": …}]}")
    public static let noRules = DiagnosticCode(
      "LNK002", .error, "no rules",
      help: "add a \"rules\" array with one object per path, e.g. {\"path\": \"/p/*\"}")
    public static let wrongType = DiagnosticCode(
      "LNK003", .error, "value of the wrong type", help: "give the type the key takes")
    public static let unknownKey = DiagnosticCode(
      "LNK004", .warning, "unknown key",
      help:
        "use path, caseSensitive, ios, android, web, og, appName or comment (domain, defaults and rules at the top)"
    )
    public static let missingPath = DiagnosticCode(
      "LNK005", .error, "rule without a path", help: "give the rule a \"path\" pattern, e.g. /p/*")
    public static let pathNotAbsolute = DiagnosticCode(
      "LNK006", .error, "path does not start with /",
      help: "write the path as the URL's path, starting with / (e.g. /invite/*)")
    public static let wellKnownPath = DiagnosticCode(
      "LNK007", .error, "rule under /.well-known",
      help:
        "remove the rule: /.well-known is for Apple's and Google's fetchers, which must get the files, never a redirect"
    )
    public static let overlappingRules = DiagnosticCode(
      "LNK008", .error, "overlapping rules",
      help:
        "make the paths disjoint (a path must have one answer): narrow one pattern, or merge the rules"
    )
    public static let patternProblem = DiagnosticCode(
      "LNK009", .error, "pattern that cannot match as written",
      help: "fix the pattern: * and ? are wildcards, \\ escapes the next character")
    public static let tooManyRules = DiagnosticCode(
      "LNK010", .error, "too many rules",
      help: "merge rules with wildcards: a link domain needs a few patterns, not one per link")
    public static let noDomain = DiagnosticCode(
      "LNK011", .info, "no domain",
      help:
        "give \"domain\" (the link domain's host), or serve the file from a --sites folder: preview pages then carry al:ios:url and og:url"
    )

    // MARK: Destinations (LNK1xx)

    public static let missingWeb = DiagnosticCode(
      "LNK101", .error, "rule without a web destination",
      help: "give \"web\" (the page desktops get) in the rule or in \"defaults\"")
    public static let invalidURL = DiagnosticCode(
      "LNK102", .error, "invalid destination URL",
      help:
        "write an absolute URL of printable ASCII: https://host/path, with non-ASCII percent-encoded and no user name or password"
    )
    public static let schemeNotAllowed = DiagnosticCode(
      "LNK103", .error, "destination scheme not allowed",
      help: "use https (or itms-apps: for the App Store, market: for Google Play)")
    public static let notAStore = DiagnosticCode(
      "LNK104", .warning, "store destination that is no store",
      help:
        "ios is usually https://apps.apple.com/app/id…, android https://play.google.com/store/apps/details?id=…"
    )
    public static let webLoops = DiagnosticCode(
      "LNK105", .error, "web destination answered by a rule",
      help:
        "point web at a page no rule of this file answers: desktops would be sent round in a loop"
    )
    public static let imageNotHTTPS = DiagnosticCode(
      "LNK106", .error, "og image is not https",
      help: "give the preview image as an https URL: chat apps fetch it, and only over https")

    // MARK: Against the site (LNK2xx)

    public static let unclaimedPath = DiagnosticCode(
      "LNK201", .error, "rule for a path no app claims",
      help:
        "claim the path in apple-app-site-association or assetlinks.json, or remove the rule: people who have the app would get the fallback too"
    )
    public static let notCheckedAgainstSite = DiagnosticCode(
      "LNK202", .info, "not checked against a site",
      help:
        "pass --site DIR (the folder with .well-known/) to check each rule against the apps the site's files claim"
    )
  }

  /// The `links.json` codes, in number order.
  public static let linksCatalog: [DiagnosticCode] = [
    Links.notAnObject, Links.noRules, Links.wrongType, Links.unknownKey, Links.missingPath,
    Links.pathNotAbsolute, Links.wellKnownPath, Links.overlappingRules, Links.patternProblem,
    Links.tooManyRules, Links.noDomain,
    Links.missingWeb, Links.invalidURL, Links.schemeNotAllowed, Links.notAStore, Links.webLoops,
    Links.imageNotHTTPS,
    Links.unclaimedPath, Links.notCheckedAgainstSite,
  ]
}
