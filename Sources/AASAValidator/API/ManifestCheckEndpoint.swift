import AASALiveCheck

/// `POST /api/v1/check` with `manifest`: `aasa-lint check --manifest AndroidManifest.xml
/// [--grants FINGERPRINT …] [--no-cdn] --format json` for the page's Android view and the
/// `check_manifest` tool of `aasa-lint mcp` (`cdn` false unless asked, as the page's other
/// checks), the manifest and its
/// `res/values/strings.xml` from the body. Every site it fetches (the hosts it verifies, the
/// sites its `asset_statements` share sign-in with) is vetted before any is fetched.
struct ManifestCheckInput: Sendable {
  var name: String
  var bytes: [UInt8]
  var strings: [UInt8]?
  /// SHA-256 fingerprints, as `--grants` takes them (never a file).
  var grants: [String]
  /// Apple's CDN copy of each public host too, as `check --manifest` reads it unless `--no-cdn`.
  var cdn = false
  var caFile: String?
  var timeoutSeconds: Double
  var vetOtherHost: (@Sendable (String, Int) async throws -> String)?
}

extension ValidatorAPI {
  func checkManifest(_ request: CheckBody, client: String?) async throws(APIError) -> Answered {
    guard request.site?.isEmpty ?? true, request.entitlements == nil else {
      throw .badInput(
        "give site, entitlements or manifest, one of them",
        help: "manifest checks every host it verifies and every site it shares sign-in with")
    }
    let input = ManifestCheckInput(
      name: reader.name(request.manifest?.name, fallback: "AndroidManifest.xml"),
      bytes: try reader.file(request.manifest, field: "manifest") ?? [],
      strings: try reader.file(request.strings, field: "strings"),
      grants: try reader.list(
        request.grants, field: "grants", maximum: configuration.limits.maximumPaths),
      cdn: request.cdn ?? false, caFile: configuration.caFile,
      timeoutSeconds: configuration.limits.fetchTimeoutSeconds,
      vetOtherHost: vetOtherHost(endpoint: "check", client: client))
    let sites = try bridged { () throws(ReportBridge.Unusable) in
      try ReportBridge.manifestCheck(input).sites
    }
    guard sites.count <= configuration.limits.maximumDomains else {
      throw .tooLarge(
        "the manifest names \(sites.count) sites; this validator checks at most \(configuration.limits.maximumDomains) at once"
      )
    }
    let document = try await fetching(sites, endpoint: "check", client: client) {
      addresses, _ throws(APIError) in
      do throws(ReportBridge.Unusable) {
        let document = try await ReportBridge.checkManifest(input, pinnedAddresses: addresses)
        return (document, outcome: document.exitStatus == 0 ? "passed" : "failed")
      } catch {
        throw .badInput(error.message)
      }
    }
    return Answered(document: document, command: input.commandLine)
  }
}
