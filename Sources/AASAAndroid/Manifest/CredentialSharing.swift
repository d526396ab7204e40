import AASACore

/// What a manifest declares for sharing sign-in credentials with web sites (Credential Manager's
/// passkeys and passwords, formerly Smart Lock): the `asset_statements` `<meta-data>` of
/// `<application>`, whose string resource (or literal value) holds statements, usually an
/// `include` of the site's `assetlinks.json`.
///
/// Sharing needs both halves: these statements name the site (the app's half, which Android
/// lint calls `CredManMissingDal` when it is missing), and the site's `assetlinks.json` grants
/// `delegate_permission/common.get_login_creds` to the package and its certificate (the site's
/// half). This value is the app's half, read once; the live check asks each named site for the
/// other.
public struct CredentialSharing: Hashable, Sendable {
  /// A site the statements name, and how.
  public struct Site: Hashable, Sendable {
    /// `https://example.com` (with a port when one is written).
    public var origin: String
    /// The host whose `/.well-known/assetlinks.json` must grant the app.
    public var host: String
    public var port: Int?
    /// The `include` URL that names it, nil for a `web` target statement.
    public var include: String?

    init(_ origin: SiteOrigin, include: String?) {
      host = origin.host.lowercased()
      port = origin.port
      self.origin = "\(origin.scheme)://\(host)" + (origin.port.map { ":\($0)" } ?? "")
      self.include = include
    }
  }

  /// The `android:resource` or `android:value` as written (`@string/asset_statements`).
  public var written: String
  /// Where that attribute is.
  public var location: SourceLocation
  /// The statements' JSON text once resolved; nil when the resource is not resolved.
  public var text: String?
  /// The statements read from ``text``; nil when it is not a JSON array.
  public var statements: StatementList?
  /// Every site the statements name, in order, each once.
  public var sites: [Site]

  /// The bound on the statements' text: Android reads a string resource, not a file.
  static let maximumBytes = 256 << 10

  /// Reads the declaration's statements; the findings go to `diagnostics` (AMF012).
  static func read(
    _ attribute: ManifestElements.Attribute, resources: ManifestResources,
    diagnostics: inout [Diagnostic]
  ) -> CredentialSharing {
    let resolved = resources.resolve(attribute.value)
    var sharing = CredentialSharing(
      written: attribute.value, location: attribute.location, text: nil, statements: nil,
      sites: [])
    func finding(_ message: String) {
      diagnostics.append(
        Diagnostic(
          .AndroidManifest.credentialStatements, at: attribute.location, path: "asset_statements",
          message: message))
    }
    guard resolved.unresolved.isEmpty else {
      finding(
        "the asset_statements meta-data names \(attribute.value), which is not resolved: put res/values/strings.xml beside the manifest, or Credential Manager's statements cannot be read"
      )
      return sharing
    }
    let text = AAPTString.unescape(resolved.value)
    sharing.text = text
    let bytes = Array(text.utf8)
    guard bytes.count <= maximumBytes else {
      finding("the asset_statements text is \(bytes.count) bytes; Android reads at most a string")
      return sharing
    }
    let reading = JSONReader.read(bytes)
    guard let json = reading.value, let list = AssetLinksFile.parse(json).statementList else {
      finding(
        "the asset_statements text is not a JSON array of statements (write [{\"include\": \"https://example.com/.well-known/assetlinks.json\"}])"
      )
      return sharing
    }
    sharing.statements = list
    var seen: Set<String> = []
    func add(_ site: Site) {
      if seen.insert(site.origin).inserted { sharing.sites.append(site) }
    }
    for include in list.includes where include.isValid {
      if case .origin(let origin) = SiteOrigin.read(
        Self.origin(of: include.url), schemes: ["https"])
      {
        add(Site(origin, include: include.url))
      }
    }
    for statement in list.statements where statement.isValid {
      guard case .web(let site) = statement.target,
        statement.relations.contains(.getLoginCredentials),
        case .origin(let origin) = SiteOrigin.read(site)
      else { continue }
      add(Site(origin, include: nil))
    }
    if sharing.sites.isEmpty {
      finding(
        "the asset_statements name no site: Credential Manager needs an include of the site's assetlinks.json, or a web statement with delegate_permission/common.get_login_creds"
      )
    }
    return sharing
  }

  /// `https://host[:port]` of an include URL: what comes before its path.
  private static func origin(of url: String) -> String {
    guard let separator = url.firstRange(of: "://") else { return url }
    let rest = url[separator.upperBound...]
    let end = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
    return String(url[..<end])
  }
}
