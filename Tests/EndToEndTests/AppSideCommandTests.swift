import Foundation
import TestSupport
import Testing

/// The app's side of a link, from the command line: which activity a manifest opens a URL with,
/// both platforms per URL (`route --site`), and the generated intent filter and entitlement.
@Suite struct AppSideCommandTests {
  static let manifest = "examples/android/AndroidManifest.xml"

  /// The repository's root, where the examples are.
  static var root: URL { BuiltProducts.packageRoot }

  /// A manifest with one activity holding `filter`.
  static func manifest(holding filter: String, package: String = "com.example.photoapp") -> String {
    """
    <?xml version="1.0" encoding="utf-8"?>
    <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="\(package)">
      <application>
        <activity android:name=".LinkActivity" android:exported="true">
    \(filter)
        </activity>
      </application>
    </manifest>
    """
  }

  @Test func aManifestSaysWhichActivityOpensEachURL() async throws {
    let result = try await LintProcess.run(
      [
        Self.manifest, "https://shop.example.com/products/42", "https://go.example.com/x",
        "https://elsewhere.example.org/", "--format", "tsv",
      ], in: Self.root)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout == """
        https://shop.example.com/products/42\t.MainActivity\topens
        https://go.example.com/x\t.MainActivity\tunverified
        https://elsewhere.example.org/\t-\tnone

        """)
    let text = try await LintProcess.run(
      [Self.manifest, "https://shop.example.com/products/42", "https://elsewhere.example.org/"],
      in: Self.root)
    // The deciding <data> attribute at its line and column, and why the others miss.
    #expect(text.stdout.contains(#"android:host="shop.example.com" at 12:15"#), "\(text.stdout)")
    #expect(text.stdout.contains("host: the host \"elsewhere.example.org\" is not among"))
  }

  @Test func aManifestRoutesInJSONWithTheDecidingAttribute() async throws {
    let result = try await LintProcess.run(
      [Self.manifest, "https://shop.example.com/products/42", "--format", "json"], in: Self.root)
    #expect(result.status == 0, "\(result.stderr)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let route = try #require((json["routes"] as? [[String: Any]])?.first)
    #expect(route["activity"] as? String == ".MainActivity")
    #expect(route["decision"] as? String == "opens")
    let deciding = try #require(route["deciding"] as? [String: Any])
    #expect(deciding["attribute"] as? String == "host")
    #expect(deciding["line"] as? Int == 12)
  }

  @Test func placeholdersComeFromTheBuildFileBesideTheManifest() async throws {
    let directory = try TemporaryDirectory()
    let module = directory.url.appendingPathComponent("app")
    let main = module.appendingPathComponent("src/main")
    try FileManager.default.createDirectory(at: main, withIntermediateDirectories: true)
    try Data(
      Self.manifest(
        holding: """
              <intent-filter android:autoVerify="true">
                <action android:name="android.intent.action.VIEW" />
                <category android:name="android.intent.category.DEFAULT" />
                <category android:name="android.intent.category.BROWSABLE" />
                <data android:scheme="https" android:host="${linkHost}" android:pathPrefix="/p/" />
              </intent-filter>
          """
      ).utf8
    ).write(to: main.appendingPathComponent("AndroidManifest.xml"))
    try Data(
      """
      android {
        defaultConfig {
          applicationId "com.example.photoapp"
          manifestPlaceholders = [linkHost: "photos.example.com"]
        }
      }
      """.utf8
    ).write(to: module.appendingPathComponent("build.gradle"))
    let path = main.appendingPathComponent("AndroidManifest.xml").path
    let found = try await LintProcess.run([
      path, "https://photos.example.com/p/1", "--format", "tsv",
    ])
    #expect(
      found.stdout == "https://photos.example.com/p/1\t.LinkActivity\topens\n", "\(found.stderr)")
    // Without the build file, the host is unknown and nothing opens.
    try FileManager.default.removeItem(at: module.appendingPathComponent("build.gradle"))
    let unresolved = try await LintProcess.run([
      path, "https://photos.example.com/p/1", "--format", "tsv",
    ])
    #expect(unresolved.stdout.hasSuffix("\t-\tnone\n"), "\(unresolved.stdout)")
    // The finding's help names the flags that give the value (the library names none).
    let lint = try await LintProcess.run([path, "--format", "json"])
    #expect(
      lint.stdout.contains("give --placeholder NAME=VALUE (or --gradle FILE"), "\(lint.stdout)")
  }

  @Test func aGeneratedIntentFilterOpensTheURLsItWasWrittenFor() async throws {
    let generated = try await LintProcess.run([
      "new", "intent-filter", "--host", "photos.example.com", "--path", "/albums/*", "--path",
      "/help",
    ])
    #expect(generated.status == 0, "\(generated.stderr)")
    #expect(generated.stdout.contains(#"android:autoVerify="true""#))
    let directory = try TemporaryDirectory()
    let path = try directory.write("AndroidManifest.xml", Self.manifest(holding: generated.stdout))
    let routed = try await LintProcess.run([
      path, "https://photos.example.com/albums/1", "https://photos.example.com/help",
      "https://photos.example.com/other", "--format", "tsv",
    ])
    #expect(
      routed.stdout == """
        https://photos.example.com/albums/1\t.LinkActivity\topens
        https://photos.example.com/help\t.LinkActivity\topens
        https://photos.example.com/other\t-\tnone

        """, "\(routed.stderr)")
    let lint = try await LintProcess.run([path, "--strict"])
    #expect(lint.status == 0, "\(lint.stdout)")
  }

  @Test func generatedEntitlementsAreAPropertyListFragmentWithEachDomain() async throws {
    let result = try await LintProcess.run([
      "new", "entitlements", "--domain", "example.com", "--domain", "applinks:*.example.com",
      "--developer",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let document = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>
      \(result.stdout)
      </dict></plist>
      """
    let plist = try #require(
      try PropertyListSerialization.propertyList(from: Data(document.utf8), format: nil)
        as? [String: Any])
    #expect(
      plist["com.apple.developer.associated-domains"] as? [String] == [
        "applinks:example.com", "applinks:example.com?mode=developer", "applinks:*.example.com",
        "applinks:*.example.com?mode=developer",
      ])
    let refused = try await LintProcess.run(["new", "entitlements"])
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("--domain"))
  }

  @Test func routeAnswersForBothPlatformsFromASiteFolder() async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write(
      "AndroidManifest.xml",
      Self.manifest(
        holding: """
              <intent-filter android:autoVerify="true">
                <action android:name="android.intent.action.VIEW" />
                <category android:name="android.intent.category.DEFAULT" />
                <category android:name="android.intent.category.BROWSABLE" />
                <data android:scheme="https" android:host="example.com" android:pathPrefix="/albums/" />
              </intent-filter>
          """))
    let result = try await LintProcess.run(
      [
        "route", "--site", "examples/site", "--domain", "example.com", "/albums/1", "/videos/x",
        "--app", "D3KQX62K1A.com.example.photoapp", "--manifest", path, "--format", "tsv",
      ], in: Self.root)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout == """
        https://example.com/albums/1\topens\topens\t.LinkActivity
        https://example.com/videos/x\tnone\tbrowser\t-

        """)
    let text = try await LintProcess.run(
      [
        "route", "--site", "examples/site", "/videos/samples/2010/x", "--domain", "example.com",
        "--app", "D3KQX62K1A.com.example.photoapp", "--manifest", path,
      ], in: Self.root)
    // Neither platform opens it: they agree, and no fix is suggested for either (issue 40).
    #expect(!text.stdout.contains("  fix "), "\(text.stdout)")
    #expect(text.stdout.contains("1 of 1 URL answered alike"), "\(text.stdout)")
  }

  @Test func routeRefusesWhatItCannotAnswer() async throws {
    let noURL = try await LintProcess.run(["route", "--site", "examples/site"], in: Self.root)
    #expect(noURL.status == 2)
    let noFolder = try await LintProcess.run(
      ["route", "--site", "no/such/folder", "/a"], in: Self.root)
    #expect(noFolder.status == 2)
    #expect(noFolder.stderr.contains("neither a folder"))
    let noHost = try await LintProcess.run(
      ["route", "--site", "examples/site", "/a"], in: Self.root)
    #expect(noHost.status == 2)
    #expect(noHost.stderr.contains("--domain"))
  }
}
