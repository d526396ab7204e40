import AASA
import AASAAndroid
import AASACore
import AASALiveCheck
import Foundation

/// `aasa-lint route --site DIR|https://HOST URL…`: what iOS and Android each do with every URL for
/// one app, from the site's two files (a folder laid out as aasa-serve's `--root`, or the live
/// site fetched as `check` fetches it, `include` statements followed), the Android manifest and
/// the iOS entitlements when given, into a ``PlatformRoutingReport``.
package struct RouteRun: FormatDeclaring {
  package static let formats: [OutputFormat] = [.text, .json, .tsv, .sarif, .github]

  /// A folder holding `.well-known/`, or `https://host[:port]`.
  package var site: String
  /// The site's host, for a folder (else the first absolute URL's host).
  package var domain: String?
  package var appleApp: String?
  package var androidPackage: String?
  /// `PACKAGE`'s signing certificate, for a definite grant answer.
  package var androidFingerprint: String?
  package var manifest: String?
  package var gradle: String?
  package var placeholders: [String] = []
  package var entitlements: String?
  package var caFile: String?
  /// `--expect`: a table with a column per platform (or two fields: iOS's), read by
  /// ``ExpectationTableFile``.
  package var expect: String?
  package var timeoutSeconds: Double = 10

  package init(site: String) { self.site = site }

  package func run(urls: URLSource) async throws -> PlatformRoutingReport {
    let urls = try urls.collect()
    // The table is read (and its form checked) before the site is: a bad table ends the run
    // before anything is fetched or written.
    let table = try expect.map { try ExpectationTableFile.readPlatformTable($0) }
    let expectations = try table.map(ExpectationTableFile.platformExpectations(of:)) ?? []
    let tableInputs = table?.rows.map(\.input) ?? []
    guard !urls.isEmpty || table != nil else {
      throw UsageError("route needs URLs to answer for, e.g. https://example.com/products/1")
    }
    let files: SiteFiles
    if PageFetcher.isRemote(site) {
      let address: SiteAddress
      do {
        address = try SiteAddress(parsing: site)
      } catch {
        throw UsageError("--site \(error.description)")
      }
      let options = try CheckSettings(caFile: caFile, timeoutSeconds: timeoutSeconds).options(
        site: address)
      files = await SiteFiles.fetch(options).files
    } else {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: site, isDirectory: &isDirectory),
        isDirectory.boolValue
      else {
        throw UsageError(
          "--site \(site) is neither a folder (holding .well-known/) nor an https:// URL")
      }
      let host =
        domain
        ?? (urls + tableInputs).lazy.compactMap { URLComponents(string: $0)?.host }.first
      guard let host else {
        throw UsageError("give --domain HOST: the URLs are paths, and a folder names no host")
      }
      files = SiteFiles.load(folder: site, host: host.lowercased())
    }
    let fingerprint = try androidFingerprint.map { text in
      guard let fingerprint = RouteSubject.sha256Fingerprint(text) else {
        throw UsageError("--fingerprint \(text) \(RouteSubject.fingerprintForm)")
      }
      return fingerprint
    }
    let manifestRouter = try manifest.map { path in
      if let app = try ManifestRun.builtApp(path: path) {
        let router = ManifestRouter(manifest: app.source, resources: app.resources)
        try Self.requireDeclared(androidPackage, manifest: path, router: router, app.resources)
        return router
      }
      let bytes = try FileInput.read(path)
      // Any other file would route as a manifest without filters: every URL "no activity".
      guard AndroidManifestFile.looksLikeManifest(bytes) else {
        throw UsageError(
          "--manifest \(path) is not an AndroidManifest.xml (no <manifest> element); give the app's src/main/AndroidManifest.xml"
        )
      }
      var run = ManifestRun(fileName: path, source: bytes)
      try run.loadResources(manifestPath: path, placeholders: placeholders, gradle: gradle)
      let router = ManifestRouter(manifest: run.source, resources: run.resources)
      try Self.requireDeclared(androidPackage, manifest: path, router: router, run.resources)
      return router
    }
    let entitlementsFile = try entitlements.map { path in
      do {
        return try EntitlementsFile.load(path: path)
      } catch let error as EntitlementsFile.Unreadable {
        // The library speaks of the file; the command line names its option.
        throw UsageError("cannot use --entitlements \(error.path): \(error.reason)")
      }
    }
    let subject = RouteSubject(
      files: files, appleApp: appleApp, androidPackage: androidPackage,
      androidFingerprint: fingerprint, manifest: manifestRouter, entitlements: entitlementsFile)
    let router = subject.router
    var report = subject.report(urls: urls)
    if let table {
      if let unknown = ExpectationTableFile.unknownApp(
        in: expectations, file: table.file, appleApp: router.appleApp,
        association: files.association, androidPackage: router.androidPackage)
      {
        throw unknown
      }
      // Each row's URL is routed once, for every platform's cell of it.
      let tableRoutes = table.rows.map { router.route(subject.fullURL($0.input)) }
      var routeOfLine: [Int: PlatformRoute] = [:]
      for (row, route) in zip(table.rows, tableRoutes) { routeOfLine[row.line] = route }
      let namespace = subject.manifestPackage
      report.expectations = CheckedExpectations(
        file: table.file,
        results: expectations.compactMap { expectation in
          routeOfLine[expectation.line].map {
            PlatformExpectationResult(expectation, route: $0, namespace: namespace)
          }
        })
      report.tableRoutes = tableRoutes
    }
    return report
  }

  /// `--package` beside `--manifest` must be the app the manifest is for: its `package`, or the
  /// `applicationId` of its build file (which may add a suffix such as `.debug`). Another package
  /// would be answered with this manifest's activities, for an app it does not describe. A
  /// manifest that names no package (its namespace is in the build file, not given) is taken at
  /// its word.
  static func requireDeclared(
    _ package: String?, manifest path: String, router: ManifestRouter,
    _ resources: ManifestResources
  ) throws {
    guard let package else { return }
    let declared = [router.report.package, resources.placeholders["applicationId"]]
      .compactMap { $0 }
    guard !declared.isEmpty, !declared.contains(package) else { return }
    let names = declared.joined(separator: " or ")
    throw UsageError(
      "--package \(package) is not the app of --manifest \(path), which declares \(names); give --package \(declared[0]) or the app's own manifest"
    )
  }
}
