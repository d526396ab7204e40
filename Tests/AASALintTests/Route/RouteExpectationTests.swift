import AASACore
import Foundation
import TestSupport
import Testing

@testable import AASALint

/// `route --expect`: each platform's cell checked against that platform's answer, mismatches
/// reported as every command reports them, the exit status decided by ExitStatus(for:).
@Suite struct RouteExpectationTests {
  static let app = "9JA89QQLNQ.com.example.photos"
  static let package = "com.example.photos"

  /// A site folder (both well-known files) and the app's manifest: albums open the app on both
  /// platforms, /account/* is excluded on iOS, /help/* opens only on Android.
  final class Fixture {
    let directory: TemporaryDirectory
    let manifest: String

    init() throws {
      directory = try TemporaryDirectory(label: "route-expect")
      try directory.write(
        "site/.well-known/apple-app-site-association",
        """
        {"applinks": {"details": [{"appIDs": ["\(RouteExpectationTests.app)"],
          "components": [{"/": "/account/*", "exclude": true}, {"/": "/albums/*"}]}]}}
        """)
      try directory.write(
        "site/.well-known/assetlinks.json",
        """
        [{"relation": ["delegate_permission/common.handle_all_urls"],
          "target": {"namespace": "android_app", "package_name": "\(RouteExpectationTests.package)",
            "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}}]
        """)
      manifest = try directory.write(
        "AndroidManifest.xml",
        """
        <?xml version="1.0" encoding="utf-8"?>
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="\(RouteExpectationTests.package)">
          <application>
            \(Self.activity("AlbumActivity", path: "/albums/"))
            \(Self.activity("HelpActivity", path: "/help/"))
          </application>
        </manifest>
        """)
    }

    static func activity(_ name: String, path: String) -> String {
      """
      <activity android:name=".\(name)" android:exported="true">
        <intent-filter android:autoVerify="true">
          <action android:name="android.intent.action.VIEW" />
          <category android:name="android.intent.category.DEFAULT" />
          <category android:name="android.intent.category.BROWSABLE" />
          <data android:scheme="https" android:host="example.com" android:pathPrefix="\(path)" />
        </intent-filter>
      </activity>
      """
    }

    /// `route --site … --domain example.com --manifest … --expect TABLE [URL…]`.
    func run(_ table: String, urls: [String] = [], app: String? = nil) async throws
      -> PlatformRoutingReport
    {
      let tablePath = try directory.write("links.tsv", table)
      var run = RouteRun(site: directory.file("site"))
      run.domain = "example.com"
      run.manifest = manifest
      run.appleApp = app
      run.expect = tablePath
      return try await run.run(urls: .list(urls))
    }

    var tablePath: String { directory.file("links.tsv") }
  }

  static let allMet = """
    # url                ios                            android
    /albums/1            9JA89QQLNQ.com.example.photos  com.example.photos/.AlbumActivity
    /account/settings    blocked                        none
    /help/1              none                           com.example.photos/com.example.photos.HelpActivity
    /elsewhere           -                              none
    """

  @Test func aTableMetOnBothPlatformsPasses() async throws {
    let fixture = try Fixture()
    let report = try await fixture.run(Self.allMet)
    let (status, text) = try rendered(report)
    #expect(status == .success)
    // Seven cells: the `-` of /elsewhere makes none.
    #expect(text.hasSuffix("\(fixture.tablePath): 7 of 7 expectations met\n"), "\(text)")
    #expect(!text.contains("mismatch"))
    // With only a table, no "URLs answered alike" line counts URLs nobody gave.
    #expect(!text.contains("answered alike"))
  }

  @Test func anIOSMismatchFailsAtItsCell() async throws {
    let fixture = try Fixture()
    let report = try await fixture.run(
      "# url ios android\n/account/settings \(Self.app) -\n/albums/1 \(Self.app) \(Self.package)\n")
    let (status, text) = try rendered(report)
    #expect(status == .findings)
    #expect(
      text.contains(
        "mismatch \(fixture.tablePath):2:19: /account/settings: iOS expected \(Self.app), got blocked for \(Self.app) by details[0].components[0]"
      ), "\(text)")
    #expect(text.contains("1 of 3 expectations met") == false)
    #expect(text.hasSuffix(": 2 of 3 expectations met\n"), "\(text)")
  }

  @Test func anAndroidMismatchFailsAtItsCellAndNamesTheActivity() async throws {
    let fixture = try Fixture()
    let report = try await fixture.run(
      "# url ios android\n/albums/1 - \(Self.package)/.HelpActivity\n/help/2 - none\n")
    let (status, text) = try rendered(report)
    #expect(status == .findings)
    #expect(
      text.contains(
        "mismatch \(fixture.tablePath):2:13: /albums/1: Android expected \(Self.package)/.HelpActivity, got \(Self.package)/.AlbumActivity (intent filter at "
      ), "\(text)")
    #expect(
      text.contains(
        "mismatch \(fixture.tablePath):3:11: /help/2: Android expected none, got \(Self.package)/.HelpActivity"
      ), "\(text)")
    #expect(text.hasSuffix(": 0 of 2 expectations met\n"), "\(text)")
  }

  @Test func dontCareCellsCheckNothing() async throws {
    let fixture = try Fixture()
    // Everything here would be a mismatch, were it not `-`.
    let report = try await fixture.run("# url ios android\n/account/x - -\n/help/1 none -\n")
    let (status, text) = try rendered(report)
    #expect(status == .success)
    #expect(text.hasSuffix(": 1 of 1 expectations met\n"), "\(text)")
  }

  @Test func aTwoFieldTableChecksIOSOnly() async throws {
    let fixture = try Fixture()
    let report = try await fixture.run("/albums/1\t\(Self.app)\n/help/1\t-\n/account/a\tnone\n")
    let (status, text) = try rendered(report)
    #expect(status == .findings)
    #expect(text.contains(":3:12: /account/a: iOS expected none, got blocked"), "\(text)")
    #expect(text.hasSuffix(": 2 of 3 expectations met\n"))
  }

  @Test func anAppWhoseEntitlementsOmitTheHostDoesNotOpenIt() async throws {
    let fixture = try Fixture()
    let entitlements = try fixture.directory.write(
      "App.entitlements",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0"><dict>
        <key>application-identifier</key><string>\(Self.app)</string>
        <key>com.apple.developer.associated-domains</key>
        <array><string>applinks:other.example.com</string></array>
      </dict></plist>
      """)
    let table = try fixture.directory.write("links.tsv", "# url ios\n/albums/1 \(Self.app)\n")
    var run = RouteRun(site: fixture.directory.file("site"))
    run.domain = "example.com"
    run.entitlements = entitlements
    run.expect = table
    let (status, text) = try rendered(try await run.run(urls: .none))
    // The file's rule opens it, but the app never asks this host for its file.
    #expect(status == .findings)
    #expect(
      text.contains(
        "iOS expected \(Self.app), got \(Self.app) by details[0].components[1] {\"/\":\"/albums/*\"}, but no applinks: entry of the app names this host"
      ), "\(text)")
  }

  @Test func androidWithoutAManifestIsUnknownAndSaysWhatIsMissing() async throws {
    let fixture = try Fixture()
    let table = try fixture.directory.write(
      "links.tsv", "# url android\n/albums/1 \(Self.package)\n")
    var run = RouteRun(site: fixture.directory.file("site"))
    run.domain = "example.com"
    run.androidPackage = Self.package
    run.expect = table
    let (status, text) = try rendered(try await run.run(urls: .none))
    #expect(status == .findings)
    #expect(
      text.contains("got unknown (no manifest to say which activity opens it: give --manifest)"))
  }

  @Test func jsonCarriesEveryCellAndOnlyWithATable() async throws {
    let fixture = try Fixture()
    let report = try await fixture.run(
      "# url ios android\n/albums/1 none \(Self.package)\n", urls: ["/help/1"])
    let (status, json) = try rendered(report, .json)
    #expect(status == .findings)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let expectations = try #require(document["expectations"] as? [String: Any])
    #expect(expectations["met"] as? Int == 1)
    #expect(expectations["failed"] as? Int == 1)
    let results = try #require(expectations["results"] as? [[String: Any]])
    #expect(results.map { $0["platform"] as? String } == ["ios", "android"])
    #expect(results.map { $0["column"] as? Int } == [11, 16])
    #expect(results.map { $0["verdict"] as? String } == ["opens", "opens"])
    #expect(results.map { $0["met"] as? Bool } == [false, true])
    #expect(results.first?["expected"] as? String == "none")
    // The routes are the URLs given; the table's rows are in "expectations".
    #expect((document["routes"] as? [[String: Any]])?.count == 1)

    var plain = RouteRun(site: fixture.directory.file("site"))
    plain.domain = "example.com"
    let (_, without) = try rendered(try await plain.run(urls: .list(["/help/1"])), .json)
    #expect(!without.contains("\"expectations\""))
  }

  @Test func tsvWritesTheTableRowsAndTellsMismatchesOnStandardError() async throws {
    let fixture = try Fixture()
    let report = try await fixture.run(
      "# url ios android\n/albums/1 none -\n/help/1 - \(Self.package)\n", urls: ["/account/x"])
    let errors = OutputSink()
    let (status, tsv) = try rendered(report, .tsv, errors: errors)
    #expect(status == .findings)
    #expect(
      tsv == """
        https://example.com/account/x\tblocked\tbrowser\t-
        https://example.com/albums/1\topens\topens\t.AlbumActivity
        https://example.com/help/1\tnone\topens\t.HelpActivity

        """)
    #expect(
      errors.text.contains("mismatch \(fixture.tablePath):2:11: /albums/1: iOS expected none"))
    #expect(errors.text.hasSuffix(": 1 of 2 expectations met\n"), "\(errors.text)")
  }

  @Test func aCellForAnotherAppIsRefusedBeforeAnythingIsWritten() async throws {
    let fixture = try Fixture()
    await #expect {
      _ = try await fixture.run(
        "# url ios android\n/albums/1 9JA89QQLNQ.com.example.other -\n", app: Self.app)
    } throws: { error in
      "\(error)".hasPrefix(
        "\(fixture.tablePath):2:11: the ios column names 9JA89QQLNQ.com.example.other, but route answers for the iOS app \(Self.app)"
      )
    }
  }
}
