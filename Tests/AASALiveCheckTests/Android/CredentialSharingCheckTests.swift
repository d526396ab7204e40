import Foundation
import TestSupport
import Testing

/// `aasa-lint check --manifest` for credential sharing: the sites the manifest's
/// `asset_statements` name must grant `get_login_creds`, and a site that grants it to a manifest
/// without statements is reported. One loopback HTTPS server plays every host.
@Suite struct CredentialSharingCheckTests {
  let directory: TemporaryDirectory
  let certificate: TestCertificate

  init() async throws {
    directory = try TemporaryDirectory()
    certificate = try TestCertificate.selfSigned(
      in: directory, name: "hosts", commonName: "shop.test",
      alternativeNames: [
        .dns("shop.test"), .dns("shop.test."), .dns("signin.test"), .dns("signin.test."),
      ])
  }

  static func manifest(statements: Bool) -> String {
    """
    <?xml version="1.0" encoding="utf-8"?>
    <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.photoapp">
      <application>
        \(statements ? #"<meta-data android:name="asset_statements" android:resource="@string/asset_statements" />"# : "")
        <activity android:name=".Main">
          <intent-filter android:autoVerify="true">
            <action android:name="android.intent.action.VIEW" />
            <category android:name="android.intent.category.DEFAULT" />
            <category android:name="android.intent.category.BROWSABLE" />
            <data android:scheme="https" android:host="shop.test" />
          </intent-filter>
        </activity>
      </application>
    </manifest>
    """
  }

  static let strings = #"""
    <resources>
      <string name="asset_statements" translatable="false">[{\"include\": \"https://signin.test/.well-known/assetlinks.json\"}]</string>
    </resources>
    """#

  static func statement(_ relations: [String]) -> String {
    let quoted = relations.map { "\"delegate_permission/common.\($0)\"" }.joined(separator: ", ")
    return """
      [{"relation": [\(quoted)], "target": {"namespace": "android_app",
        "package_name": "com.example.photoapp", "sha256_cert_fingerprints":
        ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}}]
      """
  }

  /// Runs `check --manifest` against a server where signin.test's file grants `signIn` and
  /// shop.test's grants `shop`.
  func check(statements: Bool, signIn: [String], shop: [String], format: String = "text")
    async throws -> ProcessResult
  {
    let folder = "app-\(statements)-\(signIn.count)-\(format)"
    let manifest = try directory.write(
      "\(folder)/AndroidManifest.xml", Self.manifest(statements: statements))
    try directory.write("\(folder)/res/values/strings.xml", Self.strings)
    let routes: StubHTTPS.HostRoutes = { host, target in
      let path = String(target.split(separator: "?").first ?? "")
      guard path == "/.well-known/assetlinks.json" else { return Fixtures.correctSite(path) }
      return .json(Self.statement(host.hasPrefix("signin.test") ? signIn : shop))
    }
    let server = try await StubHTTPS.start(certificate: certificate, hostRoutes: routes)
    let result = try await ChildProcess.run(
      BuiltProducts.executable("aasa-lint"),
      [
        "check", "--manifest", manifest, "--connect-to", "::127.0.0.1:\(server.port)",
        "--ca-file", certificate.certificatePath, "--format", format,
        "--color", "never",
      ])
    await server.stop()
    return result
  }

  @Test func aSiteThatGrantsSignInPasses() async throws {
    let result = try await check(
      statements: true, signIn: ["handle_all_urls", "get_login_creds"], shop: ["handle_all_urls"])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("sign-in shared with 1 site"), "\(result.stdout)")
    #expect(
      result.lines.contains { $0.hasPrefix("https://signin.test ") && $0.hasSuffix("pass") },
      "\(result.stdout)")
  }

  @Test func aSiteThatDoesNotGrantSignInFailsSayingWhichHalf() async throws {
    let result = try await check(
      statements: true, signIn: ["handle_all_urls"], shop: ["handle_all_urls"])
    #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
    #expect(
      result.stdout.contains(
        "signin.test's assetlinks.json lists com.example.photoapp without delegate_permission/common.get_login_creds"
      ), "\(result.stdout)")
    let json = try await check(
      statements: true, signIn: ["handle_all_urls"], shop: ["handle_all_urls"], format: "json")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let credentials = try #require(object["credentials"] as? [String: Any], "\(json.stdout)")
    #expect(credentials["statements"] as? String == "@string/asset_statements")
    let sites = try #require(credentials["sites"] as? [[String: Any]])
    #expect(sites.map { $0["site"] as? String } == ["https://signin.test"])
    #expect(sites.first?["grant"] as? String == "fail")
    #expect(object["status"] as? String == "fail")
  }

  @Test func aGrantToAManifestWithoutStatementsIsReported() async throws {
    let result = try await check(
      statements: false, signIn: [], shop: ["handle_all_urls", "get_login_creds"])
    #expect(result.status == 0, "a warning, not a failure: \(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("CredManMissingDal"), "\(result.stdout)")
    #expect(!result.stdout.contains("sign-in shared with"))
  }
}
