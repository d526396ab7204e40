import Foundation
import TestSupport
import Testing

/// The page's platform views (Both platforms, Apple, Android) in a real browser, as
/// ValidatorBrowserTests drives the others: headless Chromium through Selenium against the built
/// `aasa-serve` (the example site over TLS, a certificate made here) and `aasa-lint web --allow
/// 127.0.0.1 --ca-file`. The files to upload (an `.entitlements` naming the local site and a
/// `.mobileprovision` signed here with `openssl cms`) are written to the test's folder. The
/// script's cases are in Resources/browser_views_test.py.
@Suite(.serialized) struct ValidatorViewsBrowserTests {
  static let fingerprint =
    "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

  /// A manifest that shares sign-in through `@string/asset_statements`.
  static let passkeysManifest = """
    <?xml version="1.0" encoding="utf-8"?>
    <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.photoapp">
      <application>
        <meta-data android:name="asset_statements" android:resource="@string/asset_statements" />
      </application>
    </manifest>
    """

  /// The strings.xml beside it: an include of the local site's assetlinks.json.
  static func passkeysStrings(port: Int) -> String {
    #"<resources><string name="asset_statements">[{\"include\": \"https://127.0.0.1:"#
      + "\(port)" + #"/.well-known/assetlinks.json\"}]</string></resources>"#
  }

  static func plist(_ dictionary: [String: Any]) throws -> String {
    String(
      decoding: try PropertyListSerialization.data(
        fromPropertyList: dictionary, format: .xml, options: 0), as: UTF8.self)
  }

  @Test(.timeLimit(.minutes(5))) func platformViewsWorkInChromium() async throws {
    guard let browser = try await BrowserScript.find(for: "ValidatorViewsBrowserTests") else {
      return
    }
    let directory = try TemporaryDirectory(label: "validator-views-browser")
    let site = try await ExampleSite(in: directory)
    let certificate = site.certificate
    let sitePort = site.port
    let validator = try RunningProgram(
      "aasa-lint",
      [
        "web", "--listen", "127.0.0.1:0", "--allow", "127.0.0.1", "--ca-file",
        certificate.authorityFile,
      ], in: directory)
    let url = try await validator.validatorURL(timeout: .seconds(5))
    func text(_ path: String) throws -> String {
      String(decoding: try readPackageFile(path), as: UTF8.self)
    }
    let app = "D3KQX62K1A.com.example.photoapp"
    let domain = "applinks:127.0.0.1:\(sitePort)"
    let entitlementsFile = try directory.write(
      "upload/App.entitlements",
      try Self.plist(["com.apple.developer.associated-domains": [domain]]))
    let manifestFile = try directory.write(
      "upload/AndroidManifest.xml", try text("examples/photoapp/AndroidManifest.xml"))
    let profile = try directory.write(
      "profile.plist",
      try Self.plist([
        "Name": "Photo App Distribution", "TeamIdentifier": ["D3KQX62K1A"],
        "Entitlements": [
          "application-identifier": app, "com.apple.developer.team-identifier": "D3KQX62K1A",
          "com.apple.developer.associated-domains": [domain], "get-task-allow": false,
        ],
      ]))
    let profileFile = directory.file("upload/embedded.mobileprovision")
    let signing = try await ChildProcess.run(
      try ExecutableLookup.require("openssl"),
      [
        "cms", "-sign", "-in", profile, "-signer", certificate.chainFile, "-inkey",
        certificate.keyFile, "-outform", "DER", "-nodetach", "-binary", "-out", profileFile,
      ])
    #expect(signing.status == 0, "\(signing.stderr)")
    let hostileEntitlements = try Self.plist([
      "com.apple.developer.associated-domains": [
        "applinks:<img src=x onerror=\"window.pwned=1\"> <b>bold</b>"
      ]
    ])
    let configuration: [String: Any] = [
      "validator": url, "site": "https://127.0.0.1:\(sitePort)", "screenshots": directory.path,
      "association": try text("examples/site/.well-known/apple-app-site-association"),
      "assetlinks": try text("examples/site/.well-known/assetlinks.json"),
      "dynamicAssetlinks": try text("examples/android/assetlinks.json"),
      "device": try text("examples/device/pm-get-app-links.txt"),
      "fingerprint": Self.fingerprint, "manifestFile": manifestFile,
      "entitlementsFile": entitlementsFile, "profileFile": profileFile,
      "hostileEntitlements": hostileEntitlements,
      "rpId": "127.0.0.1:\(sitePort)",
      "passkeysEntitlements": try Self.plist([
        "com.apple.developer.associated-domains": ["webcredentials:127.0.0.1:\(sitePort)"]
      ]),
      "passkeysManifest": Self.passkeysManifest,
      "passkeysStrings": Self.passkeysStrings(port: sitePort),
    ]
    let result = try await browser.run("browser_views_test.py", configuration)
    #expect(
      result.status == 0,
      "\(result.stdout)\n\(result.stderr)\nvalidator log: \(validator.errors)")
    #expect(result.stdout.contains("0 failed"))
    for name in ["platforms", "apple", "android", "passkeys"] {
      #expect(
        FileManager.default.fileExists(atPath: directory.file("validator-\(name).png")), "\(name)")
    }
  }
}
