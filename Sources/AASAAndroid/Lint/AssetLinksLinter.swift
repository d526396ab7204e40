import AASACore

/// Checks an Android `assetlinks.json` statement list.
public struct AssetLinksLinter: FormatLinter {
  /// The site the list is served from, when known (a domain given to the command line, a
  /// `--sites` folder): the checks that need it (``DiagnosticCode/AssetLinks/includesItself``)
  /// run only then.
  public var site: SiteDomain?

  public init(site: SiteDomain? = nil) { self.site = site }

  public func lint(_ document: SourceDocument) -> AssetLinksReport {
    let reading = document.wellKnownJSON
    var diagnostics = reading.diagnostics
    var statementList: StatementList?
    if let json = reading.value {
      let parsed = AssetLinksFile.parse(json)
      statementList = parsed.statementList
      diagnostics += parsed.diagnostics
      if let site, let includes = parsed.statementList?.includes {
        diagnostics += Self.selfIncludes(includes, in: json, site: site)
      }
    }
    // ASL026 sums up the errors ("fix the errors above"): it stands at the list's start, but is
    // shown after them.
    let sorted = diagnostics.sortedByLocation()
    let ordered =
      sorted.filter { $0.code != .AssetLinks.listIgnored }
      + sorted.filter { $0.code == .AssetLinks.listIgnored }
    return AssetLinksReport(diagnostics: ordered, statementList: statementList, json: reading.value)
  }

  /// Valid includes that name the site's own `/.well-known/assetlinks.json`: Google would fetch
  /// the list it is reading again.
  private static func selfIncludes(
    _ includes: [IncludeStatement], in json: JSONValue, site: SiteDomain
  ) -> [Diagnostic] {
    includes.compactMap { include in
      guard include.isValid, namesOwnList(include.url, site: site),
        let value = json.elements?[include.index]["include"]
      else { return nil }
      return Diagnostic(
        .AssetLinks.includesItself, at: value.location, path: "[\(include.index)].include",
        message:
          "the include URL \"\(include.url)\" is this file: \(site.host)'s own assetlinks.json")
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
