import AASAAndroid
import AASALiveCheck
import Foundation
import TestSupport
import Testing

/// One answer per URL on both platforms, from a site folder laid out as aasa-serve's root, a
/// manifest and entitlements, all made at test time.
@Suite struct PlatformRouterTests {
  static let association = """
    {"applinks": {"details": [{"appIDs": ["D3KQX62K1A.com.example.photoapp"],
      "components": [{"/": "/account/*", "exclude": true}, {"/": "/albums/*"}]}]}}
    """

  static let assetLinks = """
    [{"relation": ["delegate_permission/common.handle_all_urls"],
      "target": {"namespace": "android_app", "package_name": "com.example.photoapp",
        "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]},
      "relation_extensions": {"delegate_permission/common.handle_all_urls":
        {"dynamic_app_link_components": [{"/": "/albums/private*", "exclude": true}, {"/": "*"}]}}}]
    """

  static let manifest = """
    <manifest xmlns:android="http://schemas.android.com/apk/res/android"
        package="com.example.photoapp">
      <application>
        <activity android:name=".AlbumActivity" android:exported="true">
          <intent-filter android:autoVerify="true">
            <action android:name="android.intent.action.VIEW" />
            <category android:name="android.intent.category.DEFAULT" />
            <category android:name="android.intent.category.BROWSABLE" />
            <data android:scheme="https" android:host="photos.example.com" />
            <data android:pathPrefix="/albums" />
            <data android:pathPrefix="/account" />
          </intent-filter>
        </activity>
      </application>
    </manifest>
    """

  let folder: TemporaryDirectory
  let router: PlatformRouter

  init() throws {
    folder = try TemporaryDirectory(label: "platform-routing")
    try folder.write(".well-known/apple-app-site-association", Data(Self.association.utf8))
    try folder.write(".well-known/assetlinks.json", Data(Self.assetLinks.utf8))
    let site = SiteFiles.load(folder: folder.path, host: "photos.example.com")
    router = PlatformRouter(
      site: site, appleApp: "D3KQX62K1A.com.example.photoapp",
      manifest: ManifestRouter(manifest: Array(Self.manifest.utf8)),
      entitlements: [AssociatedDomain("applinks:photos.example.com")!])
  }

  @Test("Both platforms open an album, each with its deciding rule and activity")
  func bothOpen() throws {
    let route = router.route("https://photos.example.com/albums/1")
    #expect(route.apple.verdict == .opens)
    #expect(route.apple.rule?.name == "details[0].components[1]")
    #expect(route.apple.entitlementCoversHost == true)
    #expect(route.android.verdict == .opens)
    #expect(route.android.package == "com.example.photoapp")
    #expect(route.android.granted == true)
    #expect(route.android.hostVerified == true)
    #expect(route.android.dynamicRule?.kind == .open)
    #expect(route.android.activity?.match?.activity == ".AlbumActivity")
    #expect(route.platformsAgree)
    #expect(route.fixes.isEmpty)
  }

  @Test("iOS blocks /account while Android opens it: the fix names the iOS rule")
  func iosBlocks() {
    let route = router.route("https://photos.example.com/account/settings")
    #expect(route.apple.verdict == .blocked)
    #expect(route.android.verdict == .opens)
    #expect(!route.platformsAgree)
    #expect(
      route.fixes.contains { $0.hasPrefix("iOS:") && $0.contains("details[0].components[0]") })
  }

  @Test("Android 15's rules exclude a path iOS opens: the fix says so")
  func androidExcludes() {
    let route = router.route("https://photos.example.com/albums/private-1")
    #expect(route.apple.verdict == .opens)
    #expect(route.android.dynamicRule?.kind == .excluded)
    #expect(route.android.verdict == .browser)
    #expect(route.fixes.contains { $0.hasPrefix("Android 15+:") })
  }

  @Test("Neither opens a path outside both: they agree, and nothing is to fix")
  func neither() {
    let route = router.route("https://photos.example.com/videos/1")
    #expect(route.apple.verdict == .none)
    #expect(route.android.verdict == .browser)
    #expect(route.platformsAgree)
    #expect(route.fixes.isEmpty, "\(route.fixes)")
  }

  @Test("iOS keeps /account out on purpose and Android's manifest does not open it: no fix")
  func bothKeepOut() {
    let manifest = Self.manifest.replacingOccurrences(
      of: #"<data android:pathPrefix="/account" />"#, with: "")
    let router = PlatformRouter(
      site: self.router.site, appleApp: "D3KQX62K1A.com.example.photoapp",
      manifest: ManifestRouter(manifest: Array(manifest.utf8)))
    let route = router.route("https://photos.example.com/account/settings")
    #expect(route.apple.verdict == .blocked)
    #expect(route.android.verdict == .browser)
    #expect(route.platformsAgree)
    #expect(route.fixes.isEmpty, "\(route.fixes)")
  }

  @Test("Two unknown answers are not agreement")
  func unknownIsNoAgreement() throws {
    let empty = try TemporaryDirectory(label: "platform-routing-none")
    let route = PlatformRouter(
      site: SiteFiles.load(folder: empty.path, host: "photos.example.com")
    ).route("https://photos.example.com/albums/1")
    #expect(route.apple.verdict == .unknown)
    #expect(route.android.verdict == .unknown)
    #expect(!route.platformsAgree)
  }

  @Test("Entitlements without the host, and a folder without files, are said plainly")
  func missingInputs() throws {
    let empty = try TemporaryDirectory(label: "platform-routing-empty")
    let router = PlatformRouter(
      site: SiteFiles.load(folder: empty.path, host: "photos.example.com"),
      appleApp: "D3KQX62K1A.com.example.photoapp", androidPackage: "com.example.photoapp",
      entitlements: [AssociatedDomain("applinks:other.example.com")!])
    let route = router.route("https://photos.example.com/albums/1")
    #expect(route.apple.verdict == .unknown)
    #expect(route.apple.entitlementCoversHost == false)
    #expect(route.android.granted == false)
    #expect(route.fixes.contains { $0.contains("applinks:photos.example.com") })
    #expect(route.fixes.contains { $0.contains("no .well-known/assetlinks.json") })
  }
}
