import AASACore

/// What Android makes of a source `AndroidManifest.xml` for App Links: the hosts Android 12+
/// verifies (`DomainVerificationCollector`), every intent filter it does not verify and why, and
/// the wider set Android 11 and lower verify all-or-nothing.
public struct ManifestReport: FormatReport {
  /// A host Android 12+ verifies: `*.example.com` is `example.com` with `wildcard`.
  public struct Host: Hashable, Sendable {
    /// The domain whose `/.well-known/assetlinks.json` is fetched.
    public var host: String
    public var wildcard: Bool
    /// Where it is first declared.
    public var line: Int
    /// The paths the manifest declares for it; nil when some filter admits every path.
    public var paths: [ManifestPath]?
    /// `*.example.com` or `example.com`.
    public var declared: String { wildcard ? "*." + host : host }
  }

  /// A filter (or one host of one) that Android 12+ does not verify.
  public struct Dropped: Hashable, Sendable {
    public var line: Int
    public var reason: String
  }

  public var package: String?
  public var hosts: [Host]
  public var dropped: [Dropped]
  /// Hosts that Android 11 and lower also require to verify (every http/https host of a VIEW and
  /// BROWSABLE filter, once any filter has autoVerify), beyond ``hosts``.
  public var legacyOnlyHosts: [String]
  public var diagnostics: [Diagnostic]
  /// The statements Credential Manager reads to share sign-in with sites (`asset_statements`);
  /// nil when the manifest declares none.
  public var credentialSharing: CredentialSharing? = nil
}

/// Reads a source manifest.
public enum AndroidManifestFile {
  static let view = "android.intent.action.VIEW"
  static let browsable = "android.intent.category.BROWSABLE"
  static let defaultCategory = "android.intent.category.DEFAULT"

  /// Whether `bytes` look like a manifest: XML whose root is `<manifest`.
  public static func looksLikeManifest(_ bytes: [UInt8]) -> Bool {
    let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
    return head.contains("<manifest")
  }

  public static func read(_ bytes: [UInt8], resources: ManifestResources = .init())
    -> ManifestReport
  {
    readWithElements(bytes, resources: resources).report
  }

  /// The report, and the elements read (nil when the file is not a readable manifest), from
  /// one parse.
  static func readWithElements(_ bytes: [UInt8], resources: ManifestResources)
    -> (report: ManifestReport, elements: ManifestElements?)
  {
    let reader = ManifestXMLReader()
    var diagnostics: [Diagnostic] = []
    if let error = reader.read(bytes) {
      diagnostics.append(
        Diagnostic(
          .AndroidManifest.notWellFormed,
          at: SourceLocation(line: error.line, column: error.column, offset: 0), path: "",
          message: error.message))
      return (
        ManifestReport(
          package: nil, hosts: [], dropped: [], legacyOnlyHosts: [], diagnostics: diagnostics),
        nil
      )
    }
    let elements = reader.elements
    guard elements.rootName == "manifest" else {
      diagnostics.append(
        Diagnostic(
          .AndroidManifest.notAManifest, at: .start, path: "",
          message:
            "the root element is <\(elements.rootName ?? "none")>, not <manifest>"))
      return (
        ManifestReport(
          package: nil, hosts: [], dropped: [], legacyOnlyHosts: [], diagnostics: diagnostics),
        nil
      )
    }
    var analysis = ManifestAnalysis(resources: resources)
    analysis.run(elements.filters)
    // Only filters that can hold a finding about groups are compiled here; the router compiles
    // every filter for itself.
    let grouped = elements.filters.enumerated().compactMap { index, filter in
      filter.groups.isEmpty && !filter.data.contains(where: RelativeFilterGroup.hasCondition)
        ? nil : ManifestIntentFilter(filter, index: index, resources: resources)
    }
    analysis.diagnostics += RelativeFilterGroupFindings.diagnostics(grouped)
    let sharing = elements.assetStatements.map {
      CredentialSharing.read($0, resources: resources, diagnostics: &analysis.diagnostics)
    }
    var report = ManifestReport(
      package: elements.package, hosts: analysis.hosts, dropped: analysis.dropped,
      legacyOnlyHosts: analysis.legacyOnlyHosts,
      diagnostics: (analysis.diagnostics).sorted {
        ($0.location.line, $0.location.column, $0.code.rawValue)
          < ($1.location.line, $1.location.column, $1.code.rawValue)
      })
    report.credentialSharing = sharing
    return (report, elements)
  }
}
