import AASACore

/// Lints a `links.json` (the format of docs/links.md) and compiles its rules: each destination
/// checked, no two rules able to answer one path, no rule under `/.well-known`, and, given the
/// site's own association files (``SiteClaims``), every rule on a path some app claims.
/// `aasa-lint links.json [--site DIR]` and `aasa-serve` both lint through it, so a file the
/// command line passes is a file the server takes.
public struct LinksLinter: FormatLinter {
  /// The most rules a file may have: overlaps are looked for between every two.
  public static let maximumRules = 1_000

  /// What the site's association files claim; nil when there is no site to check against.
  public var claims: SiteClaims?
  /// The host the file is served for (a `--sites` folder), which wins over the file's `domain`.
  public var domain: String?

  public init(claims: SiteClaims? = nil, domain: String? = nil) {
    self.claims = claims
    self.domain = domain
  }

  public func lint(_ document: SourceDocument) -> LinksReport {
    let reading = document.json
    var diagnostics = reading.diagnostics
    guard let json = reading.value else {
      return LinksReport(diagnostics: diagnostics.sortedByLocation(), rules: nil)
    }
    var parser = LinksParser()
    let parsed = parser.parse(json)
    var checks = RuleChecks()
    let rules = parsed.map { checks.compile($0, domain: domain ?? $0.domain, claims: claims) }
    if rules != nil, (domain ?? parsed?.domain) == nil {
      checks.report(
        .Links.noDomain, at: .start, "domain",
        "the file names no domain: preview pages carry no al:ios:url and link to the app by path")
    }
    if rules != nil, !(claims?.hasFiles ?? false) {
      checks.report(
        .Links.notCheckedAgainstSite, at: .start, "",
        claims == nil
          ? "the rules were not checked against the site's apple-app-site-association and assetlinks.json"
          : "the site has no association file to check the rules against")
    }
    diagnostics += parser.allDiagnostics + checks.allDiagnostics
    return LinksReport(diagnostics: diagnostics.sortedByLocation(), rules: rules)
  }
}

/// The checks that look at a rule with the defaults applied, at several rules at once, or at the
/// site.
struct RuleChecks: DiagnosticReporting {
  var diagnostics: [Diagnostic] = []
  var tally = FindingTally()

  mutating func compile(_ parsed: LinksParser.Parsed, domain: String?, claims: SiteClaims?)
    -> LinkRuleSet
  {
    var rules: [LinkRule] = []
    var globs: [PathGlob] = []
    for read in parsed.rules {
      let name = "rules[\(read.index)]"
      guard let path = read.path else { continue }
      guard path.hasPrefix("/") else {
        report(
          .Links.pathNotAbsolute, at: read.pathLocation, name + ".path",
          "the path \"\(path)\" does not start with /")
        continue
      }
      let glob = PathGlob(path, folded: true)
      let literalPrefix = String(
        glob.tokens.prefix {
          if case .literal = $0 { return true }
          return false
        }.map {
          if case .literal(let character) = $0 { return character }
          return " "
        })
      if literalPrefix.hasPrefix("/.well-known") {
        report(
          .Links.wellKnownPath, at: read.pathLocation, name + ".path",
          "the path \"\(path)\" is under /.well-known")
        continue
      }
      let fields = read.fields
      let defaults = parsed.defaults
      guard let web = fields.web ?? defaults.web else {
        report(
          .Links.missingWeb, at: read.location, name,
          "the rule for \(path) has no web destination, and defaults gives none")
        continue
      }
      let rule = LinkRule(
        index: read.index, location: read.location, pathLocation: read.pathLocation, path: path,
        caseSensitive: read.caseSensitive, ios: fields.ios ?? defaults.ios,
        android: fields.android ?? defaults.android, web: web,
        preview: fields.og.merged(over: defaults.og), appName: fields.appName ?? defaults.appName)
      if rule.neverMatches {
        report(
          .Links.patternProblem, at: read.pathLocation, name + ".path",
          "the path \"\(path)\" can never match: it uses a variable that has no values")
        continue
      }
      let exact = PathGlob(path, folded: false)
      for (other, otherGlob) in zip(rules, globs) {
        // Folded when either rule ignores case: a path that differs only in case reaches both.
        let bothExact = other.caseSensitive && read.caseSensitive
        let overlaps =
          bothExact
          ? otherGlob.intersects(exact) : PathGlob(other.path, folded: true).intersects(glob)
        if overlaps {
          report(
            .Links.overlappingRules, at: read.pathLocation, name + ".path",
            "the rule for \(path) and the rule for \(other.path) at \(other.pathLocation) can both answer one path"
          )
        }
      }
      if let claims, claims.hasFiles {
        let examples = exact.examples
        if !examples.contains(where: { !claims.claimants(of: $0).isEmpty }) {
          report(
            .Links.unclaimedPath, at: read.pathLocation, name + ".path",
            "no app opens \(examples.joined(separator: " or ")): neither the site's apple-app-site-association nor its assetlinks.json claims the paths of \(path)"
          )
        }
      }
      rules.append(rule)
      globs.append(exact)
    }
    let set = LinkRuleSet(rules: rules, domain: domain)
    if let domain {
      for rule in rules where LinkDestination.host(of: rule.web) == domain {
        if let webPath = LinkDestination.path(of: rule.web),
          let answering = set.rule(forPath: webPath)
        {
          report(
            .Links.webLoops, at: rule.location, "rules[\(rule.index)].web",
            "the web destination \(rule.web) is on \(domain) itself, and the rule for \(answering.path) answers it"
          )
        }
      }
    }
    return set
  }
}
