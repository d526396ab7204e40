import AASALiveCheck

/// `POST /api/v1/passkeys`: `aasa-lint passkeys RP-ID --format json` for the page's Sign-in view.
/// The relying party's site is vetted as a checked site is (its includes and Apple's CDN too);
/// the app's files come in the body, never from a path.
///
/// ```
/// {"rpId": "example.com", "app": "TEAMID.bundle.id", "entitlements": {"text"|"base64", "name"},
///  "package": "com.example.app", "fingerprints": ["14:6D:…"], "manifest": {"text", "name"},
///  "strings": {"text"}, "cdn": true}
/// ```
struct PasskeysBody: Decodable {
  var rpId: String?
  var app: String?
  var entitlements: FileBody?
  var package: String?
  /// SHA-256 fingerprints (the command line also takes certificate files; the API takes none).
  var fingerprints: [String]?
  /// The AndroidManifest.xml, and the `res/values/strings.xml` its `@string/` values come from.
  var manifest: FileBody?
  var strings: FileBody?
  var cdn: Bool?
}

/// What `POST /api/v1/passkeys` asks, read and bounded, and once vetted the address to connect to.
struct PasskeysInput: Sendable {
  var rpID: SiteAddress
  var app: String?
  var entitlements: (name: String, bytes: [UInt8])?
  var package: String?
  var fingerprints: [String]
  var manifest: (name: String, bytes: [UInt8])?
  var strings: [UInt8]?
  var cdn: Bool
  /// Apple's CDN, or the stub a test gives the validator.
  var cdnBase: String
  var caFile: String?
  var pinnedAddress: String?
  var timeoutSeconds: Double
  var vetOtherHost: (@Sendable (String, Int) async throws -> String)?
}

extension ValidatorAPI {
  func passkeys(_ body: [UInt8], client: String?) async throws(APIError) -> Answered {
    let request = try reader.decode(PasskeysBody.self, body)
    guard let text = request.rpId?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
      throw .badInput("rpId is missing", help: "give the relying party's domain, e.g. example.com")
    }
    let site: SiteAddress
    do {
      site = try ReportBridge.relyingParty(text)
    } catch {
      throw .badInput(error.message, help: "give the relying party's domain, e.g. example.com")
    }
    func given(_ text: String?) -> String? {
      guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
      return text
    }
    let limits = configuration.limits
    let input = PasskeysInput(
      rpID: site, app: given(request.app),
      entitlements: try reader.file(request.entitlements, field: "entitlements").map {
        (reader.name(request.entitlements?.name, fallback: "App.entitlements"), $0)
      },
      package: given(request.package),
      fingerprints: try reader.list(
        request.fingerprints, field: "fingerprints", maximum: limits.maximumPaths),
      manifest: try reader.file(request.manifest, field: "manifest").map {
        (reader.name(request.manifest?.name, fallback: "AndroidManifest.xml"), $0)
      },
      strings: try reader.file(request.strings, field: "strings"), cdn: request.cdn ?? false,
      cdnBase: configuration.cdnBase, caFile: configuration.caFile,
      timeoutSeconds: limits.fetchTimeoutSeconds,
      vetOtherHost: vetOtherHost(endpoint: "passkeys", client: client))
    guard
      input.app != nil || input.entitlements != nil || input.package != nil
        || input.manifest != nil
    else {
      throw .badInput(
        "give the app",
        help: "app or entitlements for iOS, package or manifest for Android (or both)")
    }
    let document = try await fetching(site, endpoint: "passkeys", client: client) {
      address throws(APIError) in
      var input = input
      input.pinnedAddress = address
      do throws(ReportBridge.Unusable) {
        let document = try await ReportBridge.passkeys(input)
        return (document, outcome: document.exitStatus == 0 ? "passed" : "failed")
      } catch {
        throw .badInput(error.message)
      }
    }
    return Answered(document: document, command: input.commandLine)
  }
}
