import AASA
import AASAAndroid
import AASAAppLinks
import AASACore
import AASALiveCheck
import AASASigned

/// Everything `aasa-lint FILE [URL ...]` was asked, as plain values: the executable parses its
/// arguments into this, and ``run(notes:)`` reads the input, tells its format apart and hands it
/// to the format's run (``LintRun``, ``RouteConfigRun``, ``AppLinksRun``).
package struct LintRequest: FormatDeclaring {
  package static let formats = OutputFormat.allCases

  /// Options that contradict what the input turned out to be: shown with the command's usage.
  package struct ArgumentError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
  }

  /// What a page's navigation sends, for an App Links page with a platform.
  package struct PageRequest: Sendable {
    package var pageURL: String?
    package var installed: [String] = []
    package var extras: String?
    package var appLinkData: String?
    package var refererAppName: String?
    package var refererURL: String?

    package init() {}

    /// The first page option given, for saying it does not apply to another kind of file.
    var givenOption: String? {
      if pageURL != nil { return "--page-url" }
      if !installed.isEmpty { return "--installed" }
      if extras != nil { return "--extras" }
      if appLinkData != nil { return "--app-link-data" }
      if refererAppName != nil { return "--referer-app-name" }
      if refererURL != nil { return "--referer-url" }
      return nil
    }
  }

  package var file: String
  package var urls: [String] = []
  /// A file of URLs, one per line, or `-`.
  package var urlList: String?
  package var domain: String?
  package var app: String?
  /// An `--expect` table.
  package var expect: String?
  package var kind: InputKind?
  package var platform: String?
  package var page = PageRequest()
  /// `PACKAGE:FINGERPRINT` questions for an assetlinks.json.
  package var grants: [String] = []
  /// `--keystore-password`: opens a PKCS#12 keystore given where a fingerprint is accepted.
  package var keystorePassword: String?
  /// `--placeholder NAME=VALUE`: the build's manifest placeholders, for an AndroidManifest.xml.
  package var placeholders: [String] = []
  /// `--gradle`: the module's build file, for an AndroidManifest.xml's `manifestPlaceholders`.
  package var gradle: String?
  package var relation = Relation.handleAllURLs.rawValue
  /// `--site`: for a links.json, the site folder whose association files it is checked against.
  package var site: String?
  package var strict = false
  package var verbose = false
  package var maximumSize = FileInput.defaultLimit
  package var caFile: String?
  package var timeoutSeconds: Double = 10

  package init(file: String) { self.file = file }

  private var fileName: String { file == "-" ? "<stdin>" : file }

  /// Runs the request into its report; notes about how an option was read (and where a fetched
  /// page came from) go to `notes` as they are learnt.
  package func run(notes: OutputSink = .standardError()) async throws -> any Report {
    let site = try siteDomain(notes: notes)
    // The network first, then everything else synchronously: kept apart so that the async part
    // returns plain values (Swift 6.3's optimizer crashed splitting this function's coroutine
    // while it also chose among the reports).
    let (input, fetchedPage) = try await read(notes: notes)
    let included = try await followIncludes(of: input)
    return try report(
      for: input, fetchedPage: fetchedPage, site: site, notes: notes, included: included)
  }

  /// For `--grants` on a fetched assetlinks.json, the lists its `include` statements name,
  /// fetched as `check` fetches them for the same site (``IncludedStatements``: https only, no
  /// internal address the site is not on, no redirect, Android's size cap, one budget of the
  /// `--timeout`), so that the answers are definite. Nil for a local file (nothing is fetched
  /// for it: its answers name the includes as not checked), a file without includes or no
  /// `--grants`.
  private func followIncludes(of input: InputDocument) async throws -> IncludedStatements? {
    guard !grants.isEmpty, PageFetcher.isRemote(file), kind == nil || kind == .assetlinks,
      let site = try? SiteAddress(parsing: file),
      let json = input.document.json.value,
      let root = AssetLinksFile.parse(json).statementList, !root.includes.isEmpty
    else { return nil }
    let options = try CheckSettings(caFile: caFile, timeoutSeconds: timeoutSeconds).options(
      site: site)
    return await IncludedStatements.fetch(includesOf: root, options: options)
  }

  /// Reads the input into the value every run takes (``InputDocument``): a page fetched with its
  /// redirects said (and whether it was: its URL is where it is navigated from), a remote file
  /// fetched as Apple's fetcher does, or a local file.
  private func read(notes: OutputSink) async throws -> (InputDocument, fetchedPage: Bool) {
    if PageFetcher.isRemote(file),
      kind == .applinks || (kind == nil && !PageFetcher.namesAssociationFile(file))
    {
      // A page, fetched as an App Links resolver fetches it; the URL asked for is its source.
      let fetched = try await PageFetcher.fetchPage(
        url: file, caFile: caFile, timeoutSeconds: timeoutSeconds)
      // Where the page came from, which a redirect may have changed: always said.
      let hops =
        fetched.redirects.isEmpty
        ? "no redirect"
        : "\(fetched.redirects.count) redirect\(fetched.redirects.count == 1 ? "" : "s")"
      notes.line(
        "aasa-lint: note: the page came from \(fetched.finalURL.escapingControlCharacters) (\(hops))"
      )
      notes.flush()
      return (
        try InputDocument(name: fileName, bytes: fetched.body, kind: .applinks, argument: file),
        true
      )
    }
    // http:// too, so that it gets the fetcher's answer (only https counts), not "no such file".
    if PageFetcher.isRemote(file) {
      let bytes = try await RemoteFile.fetch(
        url: file, trust: try TrustRoots.fromArgument(caFile: caFile),
        timeoutSeconds: timeoutSeconds)
      return (try InputDocument(name: fileName, bytes: bytes, kind: kind, argument: file), false)
    }
    return (try InputDocument.read(path: file, kind: kind, limit: maximumSize), false)
  }

  /// The report of the input, by its kind: the options this kind does not take are refused in
  /// the command line's words, the others read, and ``InputLint`` makes the run.
  private func report(
    for input: InputDocument, fetchedPage: Bool, site: SiteDomain?, notes: OutputSink,
    included: IncludedStatements?
  ) throws -> any Report {
    var lint = InputLint()
    lint.strict = strict
    lint.verbose = verbose
    // An APK: its compiled manifest, read as a source one (ManifestRun+BuiltApp), with URLs.
    if input.builtApp != nil {
      lint.urls = try urlSource()
      return try lint.report(for: input)
    }
    // `--site` is a links.json's site folder; any other kind would quietly ignore it.
    if self.site != nil, input.kind != .links {
      throw ArgumentError(
        "--site is for a links.json (the site folder its rules are checked against), not \(input.kind.describedWithArticle)"
      )
    }
    switch input.kind {
    case .applinks:
      try readPageOptions(into: &lint, sourceURL: fetchedPage ? page.pageURL ?? file : page.pageURL)
    case .routes:
      try readRouteConfigOptions(into: &lint)
    case .links:
      try readLinksOptions(into: &lint, site: site)
    case .manifest:
      if expect != nil || app != nil || !grants.isEmpty {
        throw UsageError(
          "--expect, --app and --grants are for association files, not a manifest")
      }
      try refuseNavigationOptions()
      lint.manifestResources = (placeholders, gradle)
      lint.urls = try urlSource()
    case .aasa, .assetlinks:
      try readAssociationOptions(into: &lint, site: site, notes: notes, included: included)
    }
    return try lint.report(for: input)
  }

  /// An association file's options: its site and app, the `--grants` questions, the table.
  private func readAssociationOptions(
    into lint: inout InputLint, site: SiteDomain?, notes: OutputSink,
    included: IncludedStatements?
  ) throws {
    try refuseNavigationOptions()
    lint.domain = site
    lint.app = app
    lint.included = included
    let relation = Relation(relation)
    if let problem = relation.grammarProblem {
      throw ArgumentError(
        "--relation \"\(relation)\" \(problem); write it as <kind>/<detail>, e.g. \(Relation.handleAllURLs)"
      )
    }
    lint.grantRelation = relation
    lint.grantQueries = try grants.flatMap { argument in
      try CertificateArguments.grantQueries(argument, password: keystorePassword)
    }
    if let expect {
      // Findings name the table as it was given (`-` for standard input).
      lint.expectations = try ExpectationTableFile.read(expect, limit: maximumSize, name: expect)
    }
    lint.urls = try urlSource(site: site, notes: notes)
  }

  /// `--domain`, or the host a fetched file came from.
  private func siteDomain(notes: OutputSink) throws -> SiteDomain? {
    guard let domain else {
      // A fetched file belongs to the host it came from.
      return RemoteFile.isRemote(file) ? try? SiteDomain.parse(file).domain : nil
    }
    do {
      let parsed = try SiteDomain.parse(domain)
      for note in parsed.notes {
        notes.line("aasa-lint: note: --domain: \(note.escapingControlCharacters)")
      }
      notes.flush()
      return parsed.domain
    } catch {
      throw UsageError("--domain \(error)")
    }
  }

  private func urlSource(site: SiteDomain? = nil, notes: OutputSink? = nil) throws
    -> URLSource
  {
    if let urlList { return .lines(try LineReader(path: urlList)) }
    guard !urls.isEmpty else { return .none }
    guard let notes else { return .list(urls) }
    return .list(urls.map { reading($0, site: site, notes: notes) })
  }

  /// An argument such as `example.com/albums/1`: a URL without its scheme when it starts with the
  /// `--domain`, read as `https://example.com/albums/1`; otherwise a path (Apple's matcher sees
  /// `/example.com/albums/1`), with a note when it starts like a host name, naming both readings.
  func reading(_ argument: String, site: SiteDomain?, notes: OutputSink) -> String {
    guard !argument.hasPrefix("/"), !argument.contains("://"),
      let firstSegment = argument.split(separator: "/", maxSplits: 1).first,
      firstSegment.contains("."),
      firstSegment.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == ":" })
    else { return argument }
    let asURL = "https://" + argument
    let shown = argument.escapingControlCharacters
    if let site, site.accepts(firstSegment.lowercased()) {
      notes.line("aasa-lint: note: \(shown) is read as the URL \(asURL.escapingControlCharacters)")
      notes.flush()
      return asURL
    }
    notes.line(
      "aasa-lint: note: \(shown) is routed as the path /\(shown); for the URL on that host, write "
        + "\(asURL.escapingControlCharacters)"
        + (site.map { " (it is not the --domain \($0))" } ?? ""))
    notes.flush()
    return argument
  }

  /// A links.json's options: `--site` and `--domain` only.
  private func readLinksOptions(into lint: inout InputLint, site: SiteDomain?) throws {
    if !urls.isEmpty || urlList != nil || expect != nil || app != nil || !grants.isEmpty {
      throw UsageError(
        "URLs, --urls, --expect, --app and --grants are for association files; a links.json takes --site DIR and --domain"
      )
    }
    try refuseNavigationOptions()
    lint.linksSite = self.site
    lint.domain = site
  }

  /// A MobileDeepLinking route config's options: `--platform`, the table, the deep links.
  private func readRouteConfigOptions(into lint: inout InputLint) throws {
    if domain != nil || app != nil || !grants.isEmpty {
      throw ArgumentError(
        "--domain, --app and --grants are for association files, not route configs")
    }
    try refuseNavigationOptions(platformToo: false)
    lint.routePlatform = try RouteConfigRun.platform(platform)
    if let expect {
      // Findings name the table as it was given (`-` for standard input).
      lint.expectations = try ExpectationTableFile.read(expect, limit: maximumSize, name: expect)
    }
    lint.urls = try urlSource()
  }

  /// Refuses the options of a page's navigation (`--page-url`, `--installed`, …) and, unless the
  /// kind takes it (a route config), `--platform`: given to another kind they would be ignored.
  private func refuseNavigationOptions(platformToo: Bool = true) throws {
    if platformToo, platform != nil {
      throw ArgumentError("--platform is for App Links pages and route configs")
    }
    if let option = page.givenOption {
      throw ArgumentError("\(option) is for App Links pages")
    }
  }

  /// A page's options: the device it is navigated on, what is installed, what it sends.
  private func readPageOptions(into lint: inout InputLint, sourceURL: String?) throws {
    if !urls.isEmpty || urlList != nil || expect != nil || app != nil || !grants.isEmpty {
      throw UsageError(
        "URLs, --urls, --expect, --app and --grants are for association files; a page is navigated with --platform and --installed"
      )
    }
    let device = try platform.map(AppLinksRun.parseDevice)
    if device == nil, !page.installed.isEmpty {
      throw UsageError("--installed needs --platform: say which device has them")
    }
    if (page.refererAppName == nil) != (page.refererURL == nil), device != .android {
      throw UsageError("give --referer-app-name and --referer-url together")
    }
    lint.pageURL = sourceURL
    lint.device = device
    lint.installed = page.installed
    var navigation = NavigationRequest(userAgent: "aasa \(PackageVersion.current)")
    navigation.extras = try page.extras.map { try AppLinksRun.parseObject($0, option: "--extras") }
    navigation.appLinkData = try page.appLinkData.map {
      try AppLinksRun.parseObject($0, option: "--app-link-data")
    }
    navigation.refererAppName = page.refererAppName
    navigation.refererURL = page.refererURL
    lint.navigation = navigation
  }
}
