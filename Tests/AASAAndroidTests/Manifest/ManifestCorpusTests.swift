import AASACore
import Foundation
import TestSupport
import Testing

@testable import AASAAndroid

/// The real manifests in ../shared/corpus/real-turn3/android-manifests: each reads without an
/// error, and the hosts verified follow the sheet's rules (§2).
@Suite struct ManifestCorpusTests {
  static let directory = BuiltProducts.packageRoot.appendingPathComponent(
    "../shared/corpus/real-turn3/android-manifests")

  static var files: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
      .filter { $0.hasSuffix(".xml") }.sorted()
  }

  static func report(_ file: String, placeholders: [String: String] = [:]) throws
    -> ManifestReport
  {
    let bytes = Array(try Data(contentsOf: directory.appendingPathComponent(file)))
    return AndroidManifestFile.read(bytes, resources: ManifestResources(placeholders: placeholders))
  }

  static func verified(_ report: ManifestReport) -> Set<String> {
    Set(report.hosts.map(\.declared))
  }

  @Test func theCorpusIsThere() {
    #expect(Self.files.count >= 22, "the corpus is missing: \(Self.directory.path)")
  }

  @Test(arguments: files) func everyManifestReads(file: String) throws {
    let report = try Self.report(file)
    #expect(!report.diagnostics.contains { $0.code == .AndroidManifest.notWellFormed }, "\(file)")
    #expect(!report.diagnostics.contains { $0.code == .AndroidManifest.notAManifest }, "\(file)")
    for host in report.hosts {
      #expect(ManifestAnalysis.hostProblem(host.declared) == nil, "\(file) \(host.declared)")
      #expect(host.line > 1)
    }
  }

  @Test("Signal: https hosts verify; a custom scheme in the same filter drops the whole filter")
  func signal() throws {
    let report = try Self.report("018-Signal-Android.xml")
    let hosts = Self.verified(report)
    #expect(hosts.isSuperset(of: ["signal.art", "signal.group", "signaldonations.org"]))
    #expect(hosts.isDisjoint(with: ["signal.tube", "signal.me", "signal.link"]))
    let tube = try #require(report.dropped.first { $0.line == 598 })
    #expect(tube.reason.contains("custom scheme \"sgnl\""))
    // sgnl://signal.group alone: no web scheme, dropped too.
    #expect(report.dropped.contains { $0.line == 574 })
    #expect(report.legacyOnlyHosts.contains("signal.tube"))
  }

  @Test("Bitwarden: wildcard hosts are the apex with wildcard true; a non-VIEW filter is dropped")
  func bitwarden() throws {
    let report = try Self.report("017-bitwarden-android.xml")
    let wildcards = report.hosts.filter(\.wildcard).map(\.host)
    #expect(Set(wildcards).isSuperset(of: ["bitwarden.com", "bitwarden.eu", "bitwarden.pw"]))
    #expect(report.diagnostics.contains { $0.code == .AndroidManifest.wildcardHost })
    #expect(report.dropped.contains { $0.reason.contains("no android.intent.action.VIEW action") })
  }

  @Test("Nextcloud: `*` hosts name no site and are dropped")
  func nextcloud() throws {
    let report = try Self.report("004-nextcloud-android.xml")
    #expect(!report.hosts.contains { $0.host == "*" || $0.host.isEmpty })
    #expect(report.diagnostics.contains { $0.code == .AndroidManifest.invalidHost })
  }

  @Test("svgomg: ${hostName} is unresolved until a placeholder value gives it")
  func placeholder() throws {
    let bare = try Self.report("020-svgomg-twa.xml")
    let unresolved = try #require(
      bare.diagnostics.first { $0.code == .AndroidManifest.unresolved })
    // The library speaks of the build, not of a flag: the command line adds its flags.
    #expect(!unresolved.message.contains("--") && !unresolved.help.contains("--"))
    #expect(unresolved.message.contains("no value for the build placeholder hostName"))
    #expect(!Self.verified(bare).contains("svgomg.firebaseapp.com"))
    let resolved = try Self.report(
      "020-svgomg-twa.xml", placeholders: ["hostName": "svgomg.firebaseapp.com"])
    #expect(Self.verified(resolved) == ["svgomg.firebaseapp.com"])
    #expect(!resolved.diagnostics.contains { $0.code == .AndroidManifest.unresolved })
  }

  @Test("organicmaps: autoVerify=@bool/autoVerify is unresolved without res/values")
  func resourceReference() throws {
    let report = try Self.report("019-organicmaps.xml")
    #expect(report.diagnostics.contains { $0.message.contains("@bool/autoVerify") })
    #expect(report.dropped.contains { $0.reason.contains("@bool/autoVerify") })
  }

  @Test("twa-multi-domain: @string/host_name is resolved from a values file")
  func stringResource() throws {
    let bytes = Array(
      try Data(
        contentsOf: Self.directory.appendingPathComponent(
          "021-android-browser-helper-twa-multi-domain.xml")))
    var resources = ManifestResources()
    resources.addValues(
      fromXML: Array(#"<resources><string name="host_name">example.org</string></resources>"#.utf8))
    let report = AndroidManifestFile.read(bytes, resources: resources)
    #expect(Self.verified(report).contains("example.org"))
    let bare = AndroidManifestFile.read(bytes)
    #expect(bare.diagnostics.contains { $0.message.contains("@string/host_name") })
  }
}

@Suite struct ManifestRuleTests {
  static func manifest(_ filters: String) -> [UInt8] {
    Array(
      """
      <?xml version="1.0" encoding="utf-8"?>
      <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.app">
        <application>
          <activity android:name=".Main">
      \(filters)
          </activity>
        </application>
      </manifest>
      """.utf8)
  }

  static let good = """
    <intent-filter android:autoVerify="true">
      <action android:name="android.intent.action.VIEW" />
      <category android:name="android.intent.category.DEFAULT" />
      <category android:name="android.intent.category.BROWSABLE" />
      <data android:scheme="https" android:host="example.com" />
      <data android:scheme="http" android:host="www.example.com" />
    </intent-filter>
    """

  @Test("Every host of a qualifying filter is verified, with its line")
  func qualifying() {
    let report = AndroidManifestFile.read(Self.manifest(Self.good))
    #expect(report.package == "com.example.app")
    #expect(report.hosts.map(\.declared) == ["example.com", "www.example.com"])
    #expect(report.hosts.map(\.line) == [9, 10])
    #expect(report.dropped.isEmpty)
  }

  @Test(
    "Each missing piece drops the filter, with the reason",
    arguments: [
      (#"android:autoVerify="true""#, "", "no android:autoVerify"),
      (#"<category android:name="android.intent.category.DEFAULT" />"#, "", "no DEFAULT category"),
      (
        #"<category android:name="android.intent.category.BROWSABLE" />"#, "",
        "no BROWSABLE category"
      ),
      (
        #"<action android:name="android.intent.action.VIEW" />"#, "",
        "no android.intent.action.VIEW action"
      ),
      (
        #"<data android:scheme="http" android:host="www.example.com" />"#,
        #"<data android:scheme="myapp" android:host="www.example.com" />"#,
        "custom scheme \"myapp\""
      ),
    ])
  func dropped(remove: String, insert: String, reason: String) {
    let filter = Self.good.replacingOccurrences(of: remove, with: insert)
    let report = AndroidManifestFile.read(Self.manifest(filter))
    #expect(report.hosts.isEmpty)
    #expect(report.dropped.count == 1)
    #expect(report.dropped.first?.reason.contains(reason) == true, "\(report.dropped)")
    #expect(report.dropped.first?.line == 5)
  }

  @Test("An invalid host is dropped alone; the filter's other hosts still verify")
  func invalidHost() {
    let filter = Self.good.replacingOccurrences(of: "www.example.com", with: "bad_host.example.com")
    let report = AndroidManifestFile.read(Self.manifest(filter))
    #expect(report.hosts.map(\.declared) == ["example.com"])
    #expect(report.diagnostics.contains { $0.code == .AndroidManifest.invalidHost })
  }

  @Test("Android 11 and lower: hosts of web filters without autoVerify are required too")
  func legacy() {
    let extra = """
      <intent-filter>
        <action android:name="android.intent.action.VIEW" />
        <category android:name="android.intent.category.BROWSABLE" />
        <data android:scheme="https" android:host="test.example.com" />
      </intent-filter>
      """
    let report = AndroidManifestFile.read(Self.manifest(Self.good + extra))
    #expect(report.legacyOnlyHosts == ["test.example.com"])
    #expect(report.diagnostics.contains { $0.code == .AndroidManifest.legacyAllOrNothing })
  }

  @Test("Paths: a filter's paths apply to its hosts; dynamic rules outside them are named")
  func rulesOutsidePaths() throws {
    let filter = Self.good.replacingOccurrences(
      of: #"<data android:scheme="https" android:host="example.com" />"#,
      with:
        #"<data android:scheme="https" android:host="example.com" android:pathPrefix="/shop" />"#)
    let report = AndroidManifestFile.read(Self.manifest(filter))
    let host = try #require(report.hosts.first { $0.host == "example.com" })
    #expect(host.paths == [.prefix("/shop")])
    #expect(AndroidManifestFile.read(Self.manifest(Self.good)).hosts.first?.paths == nil)
    let rules =
      #"[{"/": "/shop/*"}, {"/": "/blog/*"}, {"/": "/sh*"}, {"/": "/x", "exclude": true}]"#
    let list = try #require(parseStatementList("[\(dynamicStatement(rules))]").statementList)
    let outside = try #require(AndroidRouter(list).apps.first?.rules).componentsOutside(host.paths)
    #expect(outside.map(\.index) == [1])
  }

  @Test("A byte that is not UTF-8 is one located error, not a trap in the XML parser")
  func notUTF8() {
    // Found by the manifest fuzz target: FoundationXML traps on such an element name.
    let bytes = Array("<manifest>\n  <catego".utf8) + [0xAE] + Array("ry/>\n</manifest>".utf8)
    let report = AndroidManifestFile.read(bytes)
    #expect(report.diagnostics.map(\.code) == [.AndroidManifest.notWellFormed])
    #expect(report.diagnostics.first?.location.line == 2)
    #expect(report.diagnostics.first?.location.column == 10)
    #expect(report.diagnostics.first?.message.contains("0xAE") == true)
  }

  @Test("Broken XML is one located error")
  func broken() {
    let report = AndroidManifestFile.read(Array("<manifest>\n  <application>\n</manifest>".utf8))
    #expect(report.diagnostics.map(\.code) == [.AndroidManifest.notWellFormed])
    #expect(report.diagnostics.first?.location.line == 3)
  }
}

@Suite struct ManifestHostileTests {
  @Test("Many filters for one host, and many hosts, read in linear time")
  func manyFilters() {
    var filters = ""
    for index in 0..<5_000 {
      filters += """
        <intent-filter android:autoVerify="true"><action android:name="android.intent.action.VIEW" />\
        <category android:name="android.intent.category.DEFAULT" />\
        <category android:name="android.intent.category.BROWSABLE" />\
        <data android:scheme="https" android:host="h\(index % 2_500).example.com" android:pathPrefix="/p\(index)" />\
        </intent-filter>
        """
    }
    let clock = ContinuousClock()
    var report: ManifestReport?
    let elapsed = clock.measure {
      report = AndroidManifestFile.read(ManifestRuleTests.manifest(filters))
    }
    #expect(report?.hosts.count == 2_500)
    #expect(report?.hosts.first?.paths?.count == 2)
    // Only against a blow-up: linear, this is well inside the bound; comparing each of the
    // 5,000 filters with every other is not.
    #expect(elapsed < BlowUpBound.limit)
  }
}
