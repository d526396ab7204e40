/// Checks an Android `assetlinks.json` statement list.
public enum AssetLinksValidator {
  /// Every finding about `json` as a statement list; the linter's entry point.
  /// - Parameter site: The site the list is served from, when known (`--domain`, `--sites`):
  ///   the checks that need it (``DiagnosticCode/assetLinksIncludesItself``) run only then.
  public static func validate(_ json: JSONValue, site: SiteDomain? = nil) -> [Diagnostic] {
    var diagnostics = AssetLinksFile.parse(json).diagnostics
    if let site, let statements = json.elements {
      diagnostics += selfIncludes(in: statements, site: site)
    }
    return diagnostics
  }

  /// Includes that name the site's own `/.well-known/assetlinks.json`: Google would fetch the
  /// list it is reading again.
  private static func selfIncludes(in statements: [JSONValue], site: SiteDomain) -> [Diagnostic] {
    statements.enumerated().compactMap { index, statement in
      guard let include = statement["include"], let url = include.string,
        AssetLinksParser.includeURLProblem(url) == nil,
        namesOwnList(url, site: site)
      else { return nil }
      return Diagnostic(
        .assetLinksIncludesItself, at: include.location, path: "[\(index)].include",
        message: "the include URL \"\(url)\" is this file: \(site.host)'s own assetlinks.json")
    }
  }

  private static func namesOwnList(_ url: String, site: SiteDomain) -> Bool {
    let afterScheme = url.dropFirst("https://".count)
    let authorityEnd = afterScheme.firstIndex { "/?#".contains($0) } ?? afterScheme.endIndex
    var host = afterScheme[..<authorityEnd]
    if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
    if host.hasSuffix(":443") { host = host.dropLast(4) }
    guard !host.contains(":") || host.hasPrefix("[") else { return false }
    let path = afterScheme[authorityEnd...].prefix { $0 != "?" && $0 != "#" }
    let sameHost = SiteDomain(host: String(host)).host == site.host && !site.coversSubdomains
    return sameHost && path == "/.well-known/assetlinks.json"
  }
}
