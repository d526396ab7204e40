import Foundation
import TestSupport
import Testing

/// `aasa-lint passkeys RP-ID`: one answer per platform, from the relying party's site served over
/// TLS on loopback (through `--connect-to`), the app's entitlements and its manifest; and, with
/// `--cdn-base` on the same server, what Apple's CDN copy says of `webcredentials`.
@Suite struct PasskeysCommandTests {
  let directory: TemporaryDirectory
  let certificate: TestCertificate

  init() async throws {
    directory = try TemporaryDirectory()
    certificate = try TestCertificate.selfSigned(in: directory)
  }

  static let app = Fixtures.app
  static let package = "com.example.photoapp"
  static let fingerprint =
    "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

  static let association = #"{"webcredentials": {"apps": ["\#(app)"]}}"#

  static func assetLinks(_ relations: [String]) -> String {
    let quoted = relations.map { "\"delegate_permission/common.\($0)\"" }.joined(separator: ", ")
    return """
      [{"relation": [\(quoted)], "target": {"namespace": "android_app",
        "package_name": "\(package)", "sha256_cert_fingerprints": ["\(fingerprint)"]}}]
      """
  }

  static func manifest(statements: Bool) -> String {
    """
    <?xml version="1.0" encoding="utf-8"?>
    <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="\(package)">
      <application>
        \(statements ? #"<meta-data android:name="asset_statements" android:resource="@string/asset_statements" />"# : "")
        <activity android:name=".Main" />
      </application>
    </manifest>
    """
  }

  static let strings = #"""
    <resources>
      <string name="asset_statements" translatable="false">[{\"include\": \"https://localhost/.well-known/assetlinks.json\"}]</string>
    </resources>
    """#

  /// The site's files: the association file (both paths), assetlinks.json and, under `/a/v1/`,
  /// the CDN's copy; nil is a 404.
  static func routes(association: String?, assetLinks: String?, cdnCopy: String? = nil)
    -> StubHTTPS.PathRoutes
  {
    { path in
      switch path {
      case "/.well-known/apple-app-site-association", "/apple-app-site-association":
        association.map { .json($0) } ?? .notFound
      case "/.well-known/assetlinks.json": assetLinks.map { .json($0) } ?? .notFound
      case "/a/v1/localhost": cdnCopy.map { .json($0) } ?? .notFound
      default: .notFound
      }
    }
  }

  func entitlements(_ domains: [String]) throws -> String {
    let plist: [String: Any] = ["com.apple.developer.associated-domains": domains]
    let bytes = Array(
      try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0))
    return try directory.write("App-\(UUID().uuidString).entitlements", bytes)
  }

  func manifestPath(statements: Bool) throws -> String {
    let folder = "app-\(UUID().uuidString)"
    try directory.write("\(folder)/res/values/strings.xml", Self.strings)
    return try directory.write(
      "\(folder)/AndroidManifest.xml", Self.manifest(statements: statements))
  }

  func run(
    _ arguments: [String], association: String?, assetLinks: String?, cdnCopy: String? = nil,
    format: String = "text"
  ) async throws -> ProcessResult {
    let routes = Self.routes(association: association, assetLinks: assetLinks, cdnCopy: cdnCopy)
    return try await withServer(certificate: certificate, routes: routes) { server in
      let cdn = cdnCopy == nil ? ["--no-cdn"] : ["--cdn-base", server.url + "/a/v1/"]
      return try await ChildProcess.run(
        CheckCommandTests.executable,
        ["passkeys", "localhost"] + arguments + cdn + [
          "--connect-to", "localhost:443:127.0.0.1:\(server.port)",
          "--ca-file", certificate.certificatePath, "--format", format, "--color", "never",
        ])
    }
  }

  @Test func bothPlatformsWorkWhenBothHalvesHold() async throws {
    let path = try entitlements(["webcredentials:localhost"])
    let result = try await run(
      [
        "--entitlements", path, "--app", Self.app,
        "--manifest", try manifestPath(statements: true), "--fingerprint", Self.fingerprint,
      ], association: Self.association, assetLinks: Self.assetLinks(["get_login_creds"]))
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.hasPrefix("passkeys for localhost (https://localhost)\n"))
    #expect(result.stdout.contains("iOS, \(Self.app): passkeys work\n"), "\(result.stdout)")
    #expect(
      result.stdout.contains("pass  claim            \(path) names webcredentials:localhost\n"))
    #expect(
      result.stdout.contains(
        "pass  webcredentials   localhost's file lists \(Self.app) under webcredentials.apps"))
    #expect(result.stdout.contains("Android, \(Self.package): passkeys work\n"))
    #expect(
      result.stdout.contains(
        "asset_statements (@string/asset_statements) name https://localhost/.well-known/assetlinks.json"
      ), "\(result.stdout)")
    #expect(result.stdout.contains("pass  credential-grant \(Self.package) \(Self.fingerprint)"))
    #expect(!result.stdout.contains("fix "))
    #expect(
      result.stdout.hasSuffix(
        "result: pass (iOS: passkeys work; Android: passkeys work)\n"), "\(result.stdout)")
  }

  @Test func anAppThatClaimsApplinksOnlyIsToldToAddWebcredentialsInItsEntitlements() async throws {
    let path = try entitlements(["applinks:localhost"])
    let result = try await run(
      ["--entitlements", path, "--app", Self.app], association: Self.association,
      assetLinks: nil)
    #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
    #expect(
      result.stdout.contains(
        "fail  claim            \(path) names applinks:localhost but not webcredentials:localhost"
      ), "\(result.stdout)")
    #expect(
      result.stdout.contains(
        "  fix   \(path): com.apple.developer.associated-domains (Xcode: Signing & Capabilities, Associated Domains)\n        add webcredentials:localhost\n"
      ), "\(result.stdout)")
    // Android was not asked.
    #expect(!result.stdout.contains("Android"))
  }

  @Test func theSitesHalvesMissingAreFixedInTheSitesFiles() async throws {
    let association =
      #"{"applinks": {"details": [{"appIDs": ["\#(Self.app)"], "components": []}]}}"#
    let result = try await run(
      [
        "--app", Self.app, "--package", Self.package, "--fingerprint", Self.fingerprint,
      ], association: association, assetLinks: Self.assetLinks(["handle_all_urls"]))
    #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("info  claim            the app's entitlements are not checked"))
    #expect(
      result.stdout.contains(
        "fail  webcredentials   localhost's file lists \(Self.app) under applinks only"),
      "\(result.stdout)")
    #expect(
      result.stdout.contains(
        "  fix   https://localhost/.well-known/apple-app-site-association\n        add \"webcredentials\": {\"apps\": [\"\(Self.app)\"]}\n"
      ), "\(result.stdout)")
    #expect(result.stdout.contains("Android, \(Self.package): passkeys fail"))
    #expect(
      result.stdout.contains(
        "  fix   https://localhost/.well-known/assetlinks.json\n        add \"delegate_permission/common.get_login_creds\" to the relation of \(Self.package)'s statement"
      ), "\(result.stdout)")
    #expect(result.stdout.hasSuffix("result: fail (iOS: passkeys fail; Android: passkeys fail)\n"))
  }

  @Test func aManifestWithoutStatementsIsAWarningNotAFailure() async throws {
    let manifest = try manifestPath(statements: false)
    let result = try await run(
      ["--manifest", manifest], association: nil,
      assetLinks: Self.assetLinks(["get_login_creds"]))
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("Android, \(Self.package): passkeys work, with warnings"))
    #expect(result.stdout.contains("warn  claim            \(manifest) declares no <meta-data"))
    #expect(result.stdout.contains("CredManMissingDal"))
    #expect(result.stdout.contains("  fix   \(manifest): <application>\n"), "\(result.stdout)")
    #expect(!result.stdout.contains("iOS"))
  }

  @Test func aWebcredentialsEntryTheCDNDoesNotHaveYetMeansDevicesDoNotHaveIt() async throws {
    let stale = #"{"applinks": {"details": [{"appIDs": ["\#(Self.app)"], "components": []}]}}"#
    let result = try await run(
      ["--entitlements", try entitlements(["webcredentials:localhost"]), "--app", Self.app],
      association: Self.association, assetLinks: nil, cdnCopy: stale)
    #expect(result.status == 0, "warnings only: \(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("iOS, \(Self.app): passkeys work, with warnings"))
    #expect(
      result.stdout.contains(
        "warn  cdn-webcredentials the origin lists \(Self.app) under webcredentials.apps, Apple's CDN's copy does not yet: devices do not have it yet"
      ), "\(result.stdout)")
    #expect(result.stdout.contains("nothing to change: wait for Apple's CDN"))
  }

  @Test func everyFormatCarriesTheVerdictsAndTheFixes() async throws {
    let arguments = [
      "--entitlements", try entitlements(["applinks:localhost"]), "--app", Self.app,
      "--package", Self.package,
    ]
    let json = try await run(
      arguments, association: Self.association, assetLinks: Self.assetLinks(["get_login_creds"]),
      format: "json")
    #expect(json.status == 1, "\(json.stdout)\(json.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["kind"] as? String == "passkeys")
    #expect(object["rpId"] as? String == "localhost")
    #expect(object["exitStatus"] as? Int == 1)
    let ios = try #require(object["ios"] as? [String: Any])
    #expect(ios["status"] as? String == "fail")
    #expect((ios["claim"] as? [String: Any])?["status"] as? String == "fail")
    let fixes = try #require(ios["fixes"] as? [[String: Any]])
    #expect(fixes.first?["change"] as? String == "add webcredentials:localhost")
    let android = try #require(object["android"] as? [String: Any])
    #expect(android["status"] as? String == "pass", "\(android)")
    #expect((android["grant"] as? [String: Any])?["status"] as? String == "pass")
    #expect((object["check"] as? [String: Any])?["site"] as? String == "https://localhost")

    for format in ["sarif", "github"] {
      let output = try await run(
        arguments, association: Self.association,
        assetLinks: Self.assetLinks(["get_login_creds"]), format: format)
      #expect(output.status == 1, "\(format): \(output.stdout)\(output.stderr)")
      #expect(output.stdout.contains("but not webcredentials:localhost"), "\(format)")
      #expect(output.stdout.contains("add webcredentials:localhost"), "\(format)")
    }
  }

  @Test func withoutAnAppOrWithAnRPIDThatIsAURLItIsAUsageError() async throws {
    let none = try await ChildProcess.run(CheckCommandTests.executable, ["passkeys", "localhost"])
    #expect(none.status == 2)
    #expect(none.stderr.contains("give the app"), "\(none.stderr)")
    let url = try await ChildProcess.run(
      CheckCommandTests.executable,
      ["passkeys", "https://example.com/login", "--app", Self.app, "--no-cdn"])
    #expect(url.status == 2)
    #expect(url.stderr.contains("is not an RP ID"), "\(url.stderr)")
  }
}
