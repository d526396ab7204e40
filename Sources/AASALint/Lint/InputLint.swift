import AASA
import AASAAndroid
import AASAAppLinks
import AASACore
import AASALiveCheck
import AASARoutes

/// The lint of one ``InputDocument`` by its kind: the one place that picks the format's run
/// (``LintRun``, ``RouteConfigRun``, ``LinksRun``, ``AppLinksRun``, ``ManifestRun``) and hands it
/// the document already read, for `aasa-lint FILE`, `aasa-lint files`, the validator's API and
/// the agents' tools alike.
///
/// Its fields are the questions asked beside the file, already read and parsed by the front end
/// (URLs, a table, grant questions): each front end first refuses the options its own words say
/// do not fit the kind (the command line names its flags, the API its fields), then every run
/// is made here the same way, so that the same file with the same questions gets the same report.
package struct InputLint {
  /// The URLs (or deep links) to route, for the kinds that route.
  package var urls: URLSource = .none
  /// `--domain`: an association file's site; a links.json's host.
  package var domain: SiteDomain?
  /// `--app`, for an association file.
  package var app: String?
  /// `--expect`, read once, for an association file or a route config.
  package var expectations: ExpectationTable?
  /// `--grants` questions and what they ask about, for an assetlinks.json.
  package var grantQueries: [GrantQuery] = []
  package var grantRelation: Relation = .handleAllURLs
  /// The lists a fetched assetlinks.json's `include` statements name (``LintRun/included``).
  package var included: IncludedStatements?
  /// `--platform`, for a route config.
  package var routePlatform: Platform?
  /// For an App Links page: the URL it is navigated from, the device (nil: only lint and show),
  /// the apps installed and what the navigation sends (nil: what a browser sends).
  package var pageURL: String?
  package var device: Device?
  package var installed: [String] = []
  package var navigation: NavigationRequest?
  /// `--site`: for a links.json, the site folder whose association files it is checked against.
  package var linksSite: String?
  /// For a source manifest: the `--placeholder`s and `--gradle` file, with the `res/values`
  /// and build file found beside the file's path. Nil reads nothing beside it (pasted text).
  package var manifestResources: (placeholders: [String], gradle: String?)?
  package var strict = false
  package var verbose = false

  package init() {}

  /// The report of `input`, by its kind.
  package func report(for input: InputDocument) throws -> any Report {
    let name = input.name
    switch input.kind {
    case .applinks:
      let run = AppLinksRun(
        fileName: name, source: input.bytes, sourceURL: pageURL, device: device,
        installed: installed, request: navigation, strict: strict)
      return run.run()
    case .routes:
      var run = RouteConfigRun(
        fileName: name, source: input.bytes, platform: routePlatform, strict: strict)
      run.document = input.document
      run.expectations = expectations
      return run.run(urls: urls)
    case .links:
      var run = LinksRun(fileName: name, document: input.document, site: linksSite)
      run.domain = domain?.host
      run.strict = strict
      return try run.run()
    case .manifest:
      var run = ManifestRun(fileName: name, source: input.bytes, strict: strict)
      run.verbose = verbose
      if let compiled = input.builtApp {
        run.resources = compiled.resources
      } else if let (placeholders, gradle) = manifestResources {
        try run.loadResources(
          manifestPath: input.argument, placeholders: placeholders, gradle: gradle)
      }
      return try run.run(urls: urls)
    case .aasa, .assetlinks:
      var run = LintRun(
        fileName: name, source: input.bytes,
        kind: input.kindGiven ? input.kind.fileKind : nil, domain: domain, app: app,
        strict: strict, verbose: verbose)
      run.document = input.document
      run.signed = input.signed
      run.included = included
      run.grantRelation = grantRelation
      run.grantQueries = grantQueries
      run.expectations = expectations
      return try run.run(urls: urls)
    }
  }
}
