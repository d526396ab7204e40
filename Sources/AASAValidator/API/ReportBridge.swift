import AASA
import AASAAndroid
import AASACore
import AASALint
import AASALiveCheck
import Foundation

/// The one file that turns the API's inputs into the documents `aasa-lint … --format json`
/// writes: the same runs the command line uses return their reports, and the same renderer
/// writes them (docs/architecture.md, "The report seam"). Every other file of the validator
/// speaks only of ``BridgeDocument`` values.
enum ReportBridge {
  /// A refusal of the inputs themselves, as `aasa-lint` would give a usage error.
  struct Unusable: Error {
    var message: String
  }

  /// `aasa-lint NAME [URL ...] [--kind K] [--domain D] [--app A] [--expect TABLE] --format json`,
  /// on text; a kind given is linted as that kind, as `--kind` forces it, whatever the text reads
  /// as.
  static func lint(_ input: LintInput) throws(Unusable) -> BridgeDocument {
    do {
      // Read as the command line reads a file: a signed one unwrapped, entitlements refused.
      let file = try InputDocument(
        name: input.name, bytes: Array(input.text.utf8), kind: input.kind)
      var lint = InputLint()
      lint.urls = .list(input.urls)
      lint.expectations = try input.expect.map {
        try ExpectationTableFile.parse($0, name: input.expectName)
      }
      switch file.kind {
      case .routes, .applinks:
        break
      case .links:
        // As `aasa-lint links.json --domain D`: no site folder to check the rules against.
        lint.domain = try domain(input.domain)
      case .manifest:
        // As `aasa-lint AndroidManifest.xml [URL ...]` reads a manifest with no resource files
        // or build file beside it: `@string/` values and placeholders stay unresolved, and the
        // report says so where a host needs one.
        guard input.expect == nil, input.app == nil, input.grants.isEmpty else {
          throw Unusable(
            message: "expect, app and grants are for association files, not a manifest")
        }
      case .aasa, .assetlinks:
        lint.domain = try domain(input.domain)
        lint.app = input.app
        lint.grantQueries = try input.grants.map { argument in
          do {
            return try GrantQuery.parse(argument)
          } catch {
            throw Unusable(message: "grants: \(words(error))")
          }
        }
      }
      return try document(try lint.report(for: file))
    } catch let error as Unusable {
      throw error
    } catch {
      throw Unusable(message: words(error))
    }
  }

  /// `domain` as `--domain` reads it.
  private static func domain(_ text: String?) throws(Unusable) -> SiteDomain? {
    guard let text else { return nil }
    do {
      return try SiteDomain.parse(text).domain
    } catch {
      throw Unusable(message: "domain: \(words(error))")
    }
  }

  /// What an error says, in its own words: every error the runs throw describes itself as the
  /// command line shows it; any other is said without its type's name.
  static func words(_ error: any Error) -> String {
    if let described = error as? any CustomStringConvertible { return described.description }
    return "the input cannot be used"
  }

  /// The settings a check for the API fetches with, as ``CheckRun`` builds them from its flags:
  /// the CA file's roots, Apple's CDN when asked (public hosts only, unless another base), the
  /// address the site was vetted at and the vetting of every other host.
  private static func checkSettings(
    caFile: String?, timeoutSeconds: Double, cdn: CheckSettings.CDN,
    pinnedAddress: String? = nil,
    vetOtherHost: (@Sendable (_ host: String, _ port: Int) async throws -> String)?
  ) throws(Unusable) -> CheckSettings {
    var settings: CheckSettings
    do {
      settings = CheckSettings(
        trust: try .validator(caFile: caFile), timeoutSeconds: timeoutSeconds, cdn: cdn)
    } catch {
      throw Unusable(message: words(error))
    }
    settings.pinnedAddress = pinnedAddress
    settings.vetOtherHost = vetOtherHost
    return settings
  }

  /// `aasa-lint check SITE [--path P ...] [--app A] [--no-cdn] [--google] [--ca-file F] --format
  /// json`, connecting to the address the fetch policy vetted (and Google's API, when asked, at
  /// the address vetted for its host: ``LiveCheckOptions/vetOtherHost``).
  static func check(_ input: CheckInput) async throws(Unusable) -> BridgeDocument {
    var settings = try checkSettings(
      caFile: input.caFile, timeoutSeconds: input.timeoutSeconds,
      cdn: input.cdn ? .apple : .none, pinnedAddress: input.pinnedAddress,
      vetOtherHost: input.vetOtherHost)
    settings.googleBase = input.googleBase
    let options = settings.options(site: input.site, paths: input.paths, app: input.app)
    var report = CheckReport(
      checked: .site(await LiveCheck(options: options).run()), verbose: false)
    report.showsFiles = input.showFiles
    do {
      return try document(report)
    } catch {
      throw Unusable(message: words(error))
    }
  }

  /// `aasa-lint check --entitlements NAME [--app A] [--path P ...] [--no-cdn] --format json`:
  /// every `applinks:` domain the file names, each connecting to the address vetted for it.
  /// A domain in `unresolved` (with why) failed to resolve when vetted: reported so, not fetched.
  static func checkEntitlements(
    _ input: EntitlementsCheckInput, pinnedAddresses: [SiteAddress: String],
    unresolved: [SiteAddress: String] = [:]
  ) async throws(Unusable) -> BridgeDocument {
    let file = try entitlements(name: input.name, bytes: input.bytes)
    var check = try entitlementsCheck(file, input)
    check.pinnedAddresses = pinnedAddresses
    check.unresolved = unresolved
    let report = CheckReport(checked: .entitlements(await check.run()), verbose: false)
    do {
      return try document(report)
    } catch {
      throw Unusable(message: words(error))
    }
  }

  /// The sites `check --entitlements` fetches for this file, so that each is vetted first.
  static func entitlementsSites(_ input: EntitlementsCheckInput) throws(Unusable) -> [SiteAddress] {
    try entitlementsCheck(try entitlements(name: input.name, bytes: input.bytes), input).sites
  }

  private static func entitlements(name: String, bytes: [UInt8]) throws(Unusable)
    -> EntitlementsFile
  {
    do {
      return try EntitlementsFile.read(name: name, bytes: bytes)
    } catch {
      // As the command line says it of --entitlements, naming the file.
      throw Unusable(message: "cannot use entitlements \(error.path): \(error.reason)")
    }
  }

  /// As `CheckRun` builds it: the app given, else the file's own; Apple's CDN only for public
  /// hosts.
  private static func entitlementsCheck(_ file: EntitlementsFile, _ input: EntitlementsCheckInput)
    throws(Unusable) -> EntitlementsCheck
  {
    // Each domain replaces the placeholder site.
    let options = try checkSettings(
      caFile: input.caFile, timeoutSeconds: input.timeoutSeconds,
      cdn: input.cdn ? .apple : .none, vetOtherHost: input.vetOtherHost
    ).options(
      site: SiteAddress(host: "localhost"), paths: input.paths,
      app: input.app ?? file.applicationIdentifier)
    guard options.app != nil else {
      throw Unusable(
        message:
          "entitlements needs app: the app whose ID each domain's file must list (a .entitlements file does not name it; a profile does)"
      )
    }
    return EntitlementsCheck(entitlements: file, options: options)
  }

  /// `aasa-lint route --site DIR|https://HOST URL… [--domain] [--app] [--package]
  /// [--fingerprint] [--manifest] [--placeholder] [--entitlements] --format json`, built as
  /// `RouteRun` builds it from the same values (a folder's files are given as bytes; a live site
  /// is fetched at its vetted address, its includes vetted too).
  static func route(_ input: RouteInput) async throws(Unusable) -> BridgeDocument {
    guard !input.urls.isEmpty else {
      throw Unusable(message: "route needs URLs to answer for, e.g. https://example.com/products/1")
    }
    let files: SiteFiles
    switch input.site {
    case .live(let site, let pinnedAddress, let vetOtherHost):
      let options = try checkSettings(
        caFile: input.caFile, timeoutSeconds: input.timeoutSeconds, cdn: .none,
        pinnedAddress: pinnedAddress, vetOtherHost: vetOtherHost
      ).options(site: site)
      files = await SiteFiles.fetch(options).files
    case .given(let association, let assetLinks):
      let host =
        input.domain ?? input.urls.lazy.compactMap { URLComponents(string: $0)?.host }.first
      guard let host else {
        throw Unusable(message: "give domain: the URLs are paths, and the files name no host")
      }
      // Named as `route --site site` names a folder called site holding .well-known/.
      files = SiteFiles.read(
        association: association, assetLinks: assetLinks, host: host.lowercased(),
        source: "site")
    }
    let fingerprint = try input.fingerprint.map { text throws(Unusable) in
      guard let fingerprint = RouteSubject.sha256Fingerprint(text) else {
        throw Unusable(message: "fingerprint \(text) \(RouteSubject.fingerprintForm)")
      }
      return fingerprint
    }
    var resources = ManifestResources()
    for argument in input.placeholders {
      guard let (name, value) = ManifestRun.placeholder(argument) else {
        throw Unusable(message: "placeholders: \(argument): \(ManifestRun.placeholderForm)")
      }
      resources.placeholders[name] = value
    }
    let entitlementsFile = try input.entitlements.map { file throws(Unusable) in
      try entitlements(name: file.name, bytes: file.bytes)
    }
    let subject = RouteSubject(
      files: files, appleApp: input.app, androidPackage: input.package,
      androidFingerprint: fingerprint,
      manifest: input.manifest.map { ManifestRouter(manifest: $0, resources: resources) },
      entitlements: entitlementsFile)
    do {
      return try document(subject.report(urls: input.urls))
    } catch {
      throw Unusable(message: words(error))
    }
  }

  /// The manifest check of `check --manifest NAME [--grants F …]` for these bytes, its `@string/`
  /// values from the strings given beside it; its `sites` are what must be vetted.
  static func manifestCheck(_ input: ManifestCheckInput) throws(Unusable) -> ManifestCheck {
    // Each host the manifest verifies replaces the placeholder site.
    let options = try checkSettings(
      caFile: input.caFile, timeoutSeconds: input.timeoutSeconds,
      cdn: input.cdn ? .apple : .none, vetOtherHost: input.vetOtherHost
    ).options(site: SiteAddress(host: "localhost"))
    let fingerprints = try input.grants.map { text throws(Unusable) in
      guard let fingerprint = RouteSubject.sha256Fingerprint(text) else {
        throw Unusable(message: "grants: \(text) \(RouteSubject.fingerprintForm)")
      }
      return fingerprint
    }
    var resources = ManifestResources()
    if let strings = input.strings { resources.addValues(fromXML: strings) }
    do {
      let manifest = try PasskeysRun.manifest(
        named: input.name, source: input.bytes, resources: resources)
      return ManifestCheck(manifest: manifest, fingerprints: fingerprints, options: options)
    } catch {
      throw Unusable(message: words(error))
    }
  }

  /// `aasa-lint check --manifest NAME [--grants F …] --format json`: the hosts it verifies and
  /// the sites it shares sign-in with, each connecting to the address vetted for it.
  static func checkManifest(_ input: ManifestCheckInput, pinnedAddresses: [SiteAddress: String])
    async throws(Unusable) -> BridgeDocument
  {
    var check = try manifestCheck(input)
    check.pinnedAddresses = pinnedAddresses
    do {
      return try document(await ManifestCheckReport.run(check, path: input.name))
    } catch {
      throw Unusable(message: words(error))
    }
  }

  /// The RP ID as `aasa-lint passkeys` reads it.
  static func relyingParty(_ text: String) throws(Unusable) -> SiteAddress {
    do {
      return try PasskeysRun.relyingParty(text)
    } catch {
      throw Unusable(message: words(error))
    }
  }

  /// `aasa-lint passkeys RP-ID [--entitlements NAME] [--app A] [--manifest NAME] [--package P]
  /// [--fingerprint F ...] [--no-cdn] --format json`, the files as bytes (a manifest's strings
  /// given beside it, as `res/values/strings.xml`), connecting to the vetted address.
  static func passkeys(_ input: PasskeysInput) async throws(Unusable) -> BridgeDocument {
    // Apple's CDN fetches only public names; a stub's base (tests) is asked whatever the host.
    let options = try checkSettings(
      caFile: input.caFile, timeoutSeconds: input.timeoutSeconds,
      cdn: CheckSettings.cdn(asked: input.cdn, base: input.cdnBase),
      pinnedAddress: input.pinnedAddress, vetOtherHost: input.vetOtherHost
    ).options(site: input.rpID)
    let entitlementsFile = try input.entitlements.map { file throws(Unusable) in
      try entitlements(name: file.name, bytes: file.bytes)
    }
    let fingerprints = try input.fingerprints.map { text throws(Unusable) in
      guard let fingerprint = RouteSubject.sha256Fingerprint(text) else {
        throw Unusable(message: "fingerprints: \(text) \(RouteSubject.fingerprintForm)")
      }
      return fingerprint
    }
    do {
      var manifest: (path: String, report: ManifestReport)?
      if let file = input.manifest {
        var resources = ManifestResources()
        if let strings = input.strings { resources.addValues(fromXML: strings) }
        manifest = (
          file.name,
          try PasskeysRun.manifest(named: file.name, source: file.bytes, resources: resources)
        )
      }
      let check = PasskeysCheck(
        rpID: input.rpID, app: input.app, entitlements: entitlementsFile, manifest: manifest,
        package: input.package, fingerprints: fingerprints, options: options)
      return try document(try await PasskeysRun.report(check))
    } catch {
      throw Unusable(message: words(error))
    }
  }

  /// A report as `--format json` writes it, and the exit status it decides.
  private static func document(_ report: any Report) throws -> BridgeDocument {
    let output = OutputSink()
    try ReportRenderer(format: .json).render(report, to: output)
    return BridgeDocument(json: output.collected, exitStatus: Int(ExitStatus(for: report).rawValue))
  }

  /// The association file of a site, fetched as Apple's fetcher would, for a diff.
  static func fetchAssociation(
    _ site: SiteAddress, pinnedAddress: String?, caFile: String?, timeoutSeconds: Double
  )
    async throws(Unusable) -> [UInt8]
  {
    do {
      return try await RemoteFile.fetch(
        url: site.url("/.well-known/apple-app-site-association"),
        trust: try TrustRoots.validator(caFile: caFile), timeoutSeconds: timeoutSeconds,
        pinnedAddress: pinnedAddress)
    } catch {
      throw Unusable(message: words(error))
    }
  }

  /// `aasa-lint diff OLD NEW [--urls LIST] --format json`.
  static func diff(
    old: (name: String, bytes: [UInt8]), new: (name: String, bytes: [UInt8]), urls: [String]
  )
    throws(Unusable) -> BridgeDocument
  {
    let run = DiffRun(
      old: DiffRun.Input(name: old.name, bytes: old.bytes),
      new: DiffRun.Input(name: new.name, bytes: new.bytes))
    do {
      return try document(try run.run(urls: urls.isEmpty ? .none : .list(urls)))
    } catch {
      throw Unusable(message: words(error))
    }
  }

  /// `aasa-lint device FILE --format json`: pasted `pm get-app-links`, `swcutil` or log output
  /// explained. The run takes the paste as bytes: it is never written to disk, where another
  /// local user could read it (a message that names it says "the pasted text").
  static func device(_ text: String) throws(Unusable) -> BridgeDocument {
    do {
      return try document(try DeviceRun(pasted: Array(text.utf8), name: "the pasted text").run())
    } catch {
      throw Unusable(message: words(error))
    }
  }

  /// The version `aasa-lint --version` prints.
  static var version: String { PackageVersion.current }
}

/// A document as `aasa-lint … --format json` writes it, and the exit status it would end with.
struct BridgeDocument: Sendable {
  var json: [UInt8]
  var exitStatus: Int
}
