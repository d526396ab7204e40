import AASACore
import Testing

@testable import AASAAndroid

/// The app's half of credential sharing: `<application>`'s `asset_statements` meta-data, read
/// from a string resource or a literal, and the sites its statements name.
@Suite("Manifest: asset_statements for Credential Manager")
struct CredentialSharingTests {
  static func manifest(_ metaData: String, inActivity: Bool = false) -> [UInt8] {
    let inside = inActivity ? metaData : ""
    let outside = inActivity ? "" : metaData
    return Array(
      """
      <?xml version="1.0" encoding="utf-8"?>
      <manifest xmlns:android="http://schemas.android.com/apk/res/android"
          package="com.example.photoapp">
        <application>
          \(outside)
          <activity android:name=".Main" android:exported="true">
            \(inside)
          </activity>
        </application>
      </manifest>
      """.utf8)
  }

  static let strings = Array(
    #"""
    <resources>
      <string name="asset_statements" translatable="false">
      [{\"include\": \"https://SignIn.example.com/.well-known/assetlinks.json\"},
       {\"relation\": [\"delegate_permission/common.get_login_creds\"],
        \"target\": {\"namespace\": \"web\", \"site\": \"https://accounts.example.com:8443\"}},
       {\"include\": \"https://signin.example.com/.well-known/assetlinks.json\"}]
      </string>
    </resources>
    """#.utf8)

  @Test("A string resource's statements name each site once: includes and web targets")
  func resourceNamesTheSites() throws {
    var resources = ManifestResources()
    resources.addValues(fromXML: Self.strings)
    let report = AndroidManifestFile.read(
      Self.manifest(
        #"<meta-data android:name="asset_statements" android:resource="@string/asset_statements" />"#
      ), resources: resources)
    let sharing = try #require(report.credentialSharing)
    #expect(sharing.written == "@string/asset_statements")
    #expect(sharing.location.line == 5)
    #expect(
      sharing.sites.map(\.origin) == [
        "https://signin.example.com", "https://accounts.example.com:8443",
      ])
    #expect(
      sharing.sites.first?.include == "https://SignIn.example.com/.well-known/assetlinks.json")
    #expect(sharing.sites.last?.port == 8443)
    #expect(!report.diagnostics.contains { $0.code == .AndroidManifest.credentialStatements })
  }

  @Test("An unresolved resource, text that is not statements, and statements naming no site")
  func findingsForTheAppHalf() throws {
    let unresolved = AndroidManifestFile.read(
      Self.manifest(
        #"<meta-data android:name="asset_statements" android:resource="@string/missing" />"#))
    #expect(unresolved.credentialSharing?.text == nil)
    #expect(
      unresolved.diagnostics.contains {
        $0.code == .AndroidManifest.credentialStatements && $0.message.contains("not resolved")
      })
    let notJSON = AndroidManifestFile.read(
      Self.manifest(#"<meta-data android:name="asset_statements" android:value="include me" />"#))
    #expect(notJSON.diagnostics.contains { $0.message.contains("not a JSON array") })
    let noSite = AndroidManifestFile.read(
      Self.manifest(#"<meta-data android:name="asset_statements" android:value="[]" />"#))
    #expect(noSite.credentialSharing?.sites == [])
    #expect(noSite.diagnostics.contains { $0.message.contains("name no site") })
  }

  @Test("A meta-data of an activity, or of another name, is not the application's statements")
  func onlyTheApplicationsMetaDataCounts() {
    let inActivity = AndroidManifestFile.read(
      Self.manifest(
        #"<meta-data android:name="asset_statements" android:value="[]" />"#, inActivity: true))
    #expect(inActivity.credentialSharing == nil)
    let other = AndroidManifestFile.read(
      Self.manifest(#"<meta-data android:name="com.example.key" android:value="[]" />"#))
    #expect(other.credentialSharing == nil)
  }
}
