import AASACore
import Testing

@testable import AASAAndroid

/// Findings about a manifest point at the attribute they are about, even in a start tag that
/// spans several lines (XMLParser reports only the tag's end), and AMF004 and AMF007 agree.
@Suite("Manifest: findings at the attribute's line:column")
struct ManifestLocationTests {
  static let manifest = """
    <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="a.example">
      <application>
        <!-- <data android:host="commented.example.com" /> -->
        <activity android:name=".Main">
          <intent-filter
              android:autoVerify="true">
            <action android:name="android.intent.action.VIEW" />
            <category android:name="android.intent.category.DEFAULT" />
            <category android:name="android.intent.category.BROWSABLE" />
            <data
                android:scheme="https"
                android:host="*"
                android:pathPrefix="/é" />
            <data android:scheme="https"   android:host="ok.example.com" />
          </intent-filter>
        </activity>
      </application>
    </manifest>
    """

  @Test("AMF004 for host=\"*\" is at the android:host attribute, and AMF007 does not name `*`")
  func invalidHostLocated() throws {
    let report = AndroidManifestFile.read(Array(Self.manifest.utf8))
    let invalid = try #require(
      report.diagnostics.first { $0.code == .AndroidManifest.invalidHost })
    #expect(invalid.location.line == 12)
    #expect(invalid.location.column == 13)
    #expect(!report.diagnostics.contains { $0.code == .AndroidManifest.legacyAllOrNothing })
    #expect(!report.legacyOnlyHosts.contains("*"))
    #expect(report.hosts.map(\.host) == ["ok.example.com"])
    #expect(report.hosts.first?.line == 14)
  }

  @Test("The deciding attribute after a multi-byte character keeps its column in scalars")
  func columnsCountScalars() throws {
    let router = ManifestRouter(manifest: Array(Self.manifest.utf8))
    let filter = try #require(router.filters.first)
    #expect((filter.location.line, filter.location.column) == (5, 7))
    let autoVerify = try #require(filter.autoVerify)
    #expect((autoVerify.location.line, autoVerify.location.column) == (6, 11))
    let hosts = filter.authorities.map { ($0.host.location.line, $0.host.location.column) }
    #expect(hosts.map(\.0) == [12, 14])
    #expect(hosts.map(\.1) == [13, 40])
  }
}
