import AASA
import AASAAndroid
import AASACore

/// Which paths the site's own association files give to an app: what every rule of `links.json`
/// is checked against. A fallback for a path no app claims would also answer the people who
/// have the app (the phone never hands such a URL to it), so such a rule is refused.
///
/// Apple's side is the site's `apple-app-site-association` routed by the `AASA` ``Matcher``;
/// Android's is `assetlinks.json`'s `handle_all_urls` grants through ``AndroidRouter``: an app
/// granted without dynamic rules claims every path (its manifest decides, which the site cannot
/// see), and with rules, the paths they do not exclude.
public struct SiteClaims: Sendable {
  let matcher: Matcher?
  let android: AndroidRouter?
  let host: String

  public init(association: SiteAssociation?, statements: StatementList?, domain: String?) {
    self.matcher = association.map { Matcher($0) }
    self.android = statements.map { AndroidRouter($0) }
    self.host = domain ?? "link.invalid"
  }

  /// Reads the site's files (either may be missing). Files with errors claim nothing: a server
  /// does not serve them, so no phone reads them.
  public static func read(
    appleAppSiteAssociation: [UInt8]?, assetLinks: [UInt8]?, domain: String?
  ) -> SiteClaims {
    let association = appleAppSiteAssociation.flatMap { bytes in
      let report = SiteAssociationLinter().lint(bytes, source: "apple-app-site-association")
      return report.hasErrors ? nil : report.association
    }
    let statements = assetLinks.flatMap { bytes in
      let report = AssetLinksLinter().lint(bytes, source: "assetlinks.json")
      return report.hasErrors ? nil : report.statementList
    }
    return SiteClaims(association: association, statements: statements, domain: domain)
  }

  /// Whether the site has an association file to check against at all.
  public var hasFiles: Bool { matcher != nil || android != nil }

  /// The platforms whose app opens `path`: `iOS`, `Android`, both or neither.
  public func claimants(of path: String) -> [String] {
    var platforms: [String] = []
    if let matcher, matcher.firstMatch(URLInput(path)).kind == .match { platforms.append("iOS") }
    if let android,
      android.route("https://\(host)\(path)", explain: false).verdicts.contains(where: {
        $0.kind != .excluded
      })
    {
      platforms.append("Android")
    }
    return platforms
  }
}
