import AASAAndroid
import AASACore
import AASALiveCheck
import Foundation

/// `aasa-lint passkeys RP-ID [--entitlements FILE | --app APP] [--manifest FILE | --package PKG]
/// [--fingerprint …]`: will passkeys for this relying party work for this app on iOS and on
/// Android, and if not, what to change where. The site is fetched once, as `check` fetches it;
/// the executable only parses arguments into this.
package struct PasskeysRun: FormatDeclaring {
  package static let formats: [OutputFormat] = [.text, .json, .sarif, .github]

  /// The relying party's ID, a domain (`example.com`; `https://example.com` is read as it).
  package var rpID: String
  package var entitlements: String?
  package var app: String?
  package var manifest: String?
  package var package: String?
  /// `--fingerprint`: fingerprints or certificate files (certificate, keystore, APK).
  package var fingerprints: [String] = []
  package var placeholders: [String] = []
  package var keystorePassword: String?
  package var caFile: String?
  package var timeoutSeconds: Double = 10
  package var cdn = true
  package var cdnBase: String?
  package var connectTo: String?

  package init(rpID: String) { self.rpID = rpID }

  package func run() async throws -> any Report {
    let site = try Self.relyingParty(rpID)
    let entitlementsFile = try entitlements.map { path in
      do {
        return try EntitlementsFile.load(path: path)
      } catch let error as EntitlementsFile.Unreadable {
        throw UsageError("cannot use --entitlements \(error.path): \(error.reason)")
      }
    }
    var manifestReport: (path: String, report: ManifestReport)?
    if let manifest {
      let manifestRun = try ManifestRun.reading(manifest, placeholders: placeholders)
      manifestReport = (
        manifest,
        try Self.manifest(
          named: manifest, source: manifestRun.source, resources: manifestRun.resources)
      )
    }
    // The same flags as `check`'s, read by the same code.
    var check = CheckRun()
    check.url = site.origin
    check.caFile = caFile
    check.timeoutSeconds = timeoutSeconds
    check.cdn = cdn
    check.cdnBase = cdnBase
    check.connectTo = connectTo
    let options = try check.liveCheckOptions(appFromEntitlements: nil)
    let passkeys = PasskeysCheck(
      rpID: site, app: app, entitlements: entitlementsFile, manifest: manifestReport,
      package: package,
      fingerprints: try CheckRun.fingerprints(fingerprints, keystorePassword: keystorePassword),
      options: options)
    return try await Self.report(passkeys)
  }

  /// The report of a check, once it is known to name an app for a platform; the validator's
  /// `POST /api/v1/passkeys` answers through it too.
  package static func report(_ passkeys: PasskeysCheck) async throws -> PasskeysCheckReport {
    guard passkeys.appleApp != nil || passkeys.androidPackage != nil else {
      throw UsageError(
        passkeys.entitlements != nil
          ? "the entitlements \(passkeys.entitlements?.path ?? "") do not name the app (a .entitlements file does not; a profile or built app does): give the app's ID, TEAMID.bundle.id"
          : "give the app: the entitlements or the app's ID for iOS, the manifest or the package for Android"
      )
    }
    if let manifest = passkeys.manifest, passkeys.androidPackage == nil {
      throw UsageError(
        "\(manifest.path) names no package (a build that sets it as build.gradle's namespace): give the package"
      )
    }
    return PasskeysCheckReport(await passkeys.run())
  }

  /// A manifest read as `passkeys` and `check --manifest` read it, its findings in the command
  /// line's words; one that is not a readable manifest is a usage error.
  package static func manifest(
    named name: String, source: [UInt8], resources: ManifestResources
  ) throws -> ManifestReport {
    let report = AndroidManifestFile.read(source, resources: resources).inCommandLineWords()
    if let broken = report.diagnostics.first(where: { $0.severity == .error }) {
      throw UsageError("\(name):\(broken.location.line): \(broken.message)")
    }
    return report
  }

  /// The relying party's ID as a site: a domain, or `https://DOMAIN` as people paste it. A
  /// path, a port or another scheme is no RP ID.
  /// A port is no part of an RP ID, but a test site has one: `localhost:8443` is fetched there.
  package static func relyingParty(_ text: String) throws -> SiteAddress {
    var host = text.trimmingCharacters(in: .whitespaces)
    if host.lowercased().hasPrefix("https://") { host = String(host.dropFirst("https://".count)) }
    while host.hasSuffix("/") { host.removeLast() }
    guard !host.isEmpty, !host.contains("/"), !host.contains("@"), !host.contains("?"),
      !host.contains("#"), !host.contains("://")
    else {
      throw UsageError(
        "\(text) is not an RP ID: give the relying party's domain, e.g. example.com (no scheme or path)"
      )
    }
    do {
      return try SiteAddress(parsing: host)
    } catch {
      throw UsageError("\(text) is not an RP ID: \(error.reason)")
    }
  }
}
