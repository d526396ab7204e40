import Foundation
import TestSupport
import Testing

/// The Android side of `aasa-lint`, as a person runs it: routing an assetlinks.json, reading a
/// manifest, printing a certificate's fingerprint.
@Suite struct AndroidCommandTests {
  static let example = BuiltProducts.packageRoot.appendingPathComponent("examples/android").path

  @Test func anAssetLinksFileRoutesURLsForAndroid() async throws {
    let result = try await LintProcess.run(
      [
        "\(Self.example)/assetlinks.json", "https://shop.example.com/products/42",
        "https://shop.example.com/products/42/reviews", "https://shop.example.com/about",
        "--color", "never",
      ])
    let lines = result.lines
    #expect(
      lines.contains {
        $0.contains("/products/42  ")
          && $0.contains("open for com.example.shop by statement [0] component [1]")
      }, "\(result.stdout)")
    #expect(
      lines.contains {
        $0.contains("/products/42/reviews")
          && $0.contains("excluded for com.example.shop by statement [0] component [0]")
      })
    #expect(
      lines.contains {
        $0.contains("/about")
          && $0.contains("excluded for com.example.shop by statement [0] component [4]")
      })
    // `/help/**` is a finding, and warnings alone do not fail the run.
    #expect(result.stdout.contains("DAL030"))
    #expect(result.status == 0)
  }

  @Test func relationExtensionsAreNotAnUnknownKeyAnyMore() async throws {
    let result = try await LintProcess.run(["\(Self.example)/assetlinks.json", "--format", "json"])
    #expect(!result.stdout.contains("ASL006"))
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(json["kind"] as? String == "assetlinks")
  }

  @Test func aManifestListsItsVerifiedHostsAndWhyOthersAreNot() async throws {
    let result = try await LintProcess.run(
      [
        "\(Self.example)/AndroidManifest.xml", "--placeholder", "stagingHost=staging.example.com",
        "--format", "json",
      ])
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(json["kind"] as? String == "manifest")
    #expect(json["package"] as? String == "com.example.shop")
    let hosts = try #require(json["hosts"] as? [[String: Any]])
    #expect(
      hosts.map { $0["host"] as? String } == [
        "shop.example.com", "shop.example.com", "staging.example.com",
      ])
    #expect(hosts.map { $0["wildcard"] as? Bool } == [false, true, false])
    let dropped = try #require(json["dropped"] as? [[String: Any]])
    #expect(dropped.count == 1)
    #expect((dropped.first?["reason"] as? String)?.contains("custom scheme \"shop\"") == true)
    #expect(dropped.first?["line"] as? Int == 16)
  }

  @Test func anUnresolvedPlaceholderIsSaid() async throws {
    let result = try await LintProcess.run([
      "\(Self.example)/AndroidManifest.xml", "--color", "never",
    ])
    #expect(result.stdout.contains("${stagingHost} is not resolved"))
    #expect(result.stdout.contains("verified on Android 12+ (2)"))
  }

  @Test func fingerprintPrintsAndroidsForm() async throws {
    let directory = try TemporaryDirectory(label: "fingerprint")
    let certificate = try TestCertificate.selfSigned(
      in: directory, name: "c", commonName: "Play", alternativeNames: [], days: 2)
    let fingerprint = try certificate.sha256Fingerprint
    let result = try await LintProcess.run(["fingerprint", certificate.certificatePath])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix(fingerprint + "  CN=Play"), "\(result.stdout)")
    let missing = try await LintProcess.run(["fingerprint", directory.file("nothing.pem")])
    #expect(missing.status == 2)
  }

  @Test func grantsAcceptACertificateFileAndNameTheUploadKeyMixUp() async throws {
    let directory = try TemporaryDirectory(label: "grants")
    _ = try TestCertificate.selfSigned(
      in: directory, name: "upload", commonName: "Upload", alternativeNames: [], days: 2)
    let result = try await LintProcess.run(
      [
        "\(Self.example)/assetlinks.json", "--grants",
        "com.example.shop:\(directory.file("upload.pem"))", "--color", "never",
      ])
    #expect(result.status == 1)
    #expect(result.stdout.contains("com.example.shop is listed, but not with the fingerprint"))
    #expect(result.stdout.contains("upload key / Play App Signing mix-up"))
  }
}

@Suite struct AndroidFilesCommandTests {
  @Test func filesLintsAManifestBesideTheAssetLinksFile() async throws {
    let example = AndroidCommandTests.example
    let result = try await LintProcess.run(
      ["files", "\(example)/AndroidManifest.xml", "\(example)/assetlinks.json", "--color", "never"])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("AndroidManifest.xml: 3 warnings, 1 info"))
    #expect(result.stdout.contains("assetlinks.json: 1 warning, 1 info"))
  }
}

@Suite struct ManifestResourcesCommandTests {
  @Test func aStringResourceIsReadFromResValuesBesideTheManifest() async throws {
    let directory = try TemporaryDirectory(label: "manifest")
    let manifest = try directory.write(
      "app/src/main/AndroidManifest.xml",
      """
      <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.twa">
        <application><activity android:name=".Launcher">
          <intent-filter android:autoVerify="true">
            <action android:name="android.intent.action.VIEW" />
            <category android:name="android.intent.category.DEFAULT" />
            <category android:name="android.intent.category.BROWSABLE" />
            <data android:scheme="https" android:host="@string/host_name" />
          </intent-filter>
        </activity></application>
      </manifest>
      """)
    let bare = try await LintProcess.run([manifest, "--color", "never"])
    #expect(bare.stdout.contains("@string/host_name is not resolved"), "\(bare.stdout)")
    _ = try directory.write(
      "app/src/main/res/values/strings.xml",
      #"<resources><string name="host_name">twa.example.org</string></resources>"#)
    let resolved = try await LintProcess.run([manifest, "--format", "json"])
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(resolved.stdout.utf8)) as? [String: Any])
    let hosts = try #require(json["hosts"] as? [[String: Any]])
    #expect(hosts.map { $0["host"] as? String } == ["twa.example.org"])
  }
}
