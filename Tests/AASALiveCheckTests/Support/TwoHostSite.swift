import TestSupport

/// The site the `check --manifest` tests play on one loopback server (through `--connect-to`):
/// a manifest verifying `shop.test`, served correctly, and a second host, `broken.test`, whose
/// assetlinks.json comes as text/plain, so that the one table shows a pass and a fail.
enum TwoHostSite {
  /// A certificate for both hosts, with and without the trailing dot.
  static func certificate(in directory: TemporaryDirectory) throws -> TestCertificate {
    try TestCertificate.selfSigned(
      in: directory, name: "hosts", commonName: "shop.test",
      alternativeNames: [
        .dns("shop.test"), .dns("shop.test."), .dns("broken.test"), .dns("broken.test."),
      ])
  }

  /// The manifest, its second host written as `brokenHost` (a placeholder or a string
  /// resource), its activity marked exported when an APK is built from it.
  static func manifest(brokenHost: String, exported: Bool = false) -> String {
    let activity =
      exported ? #"android:name=".Main" android:exported="true""# : #"android:name=".Main""#
    return """
      <?xml version="1.0" encoding="utf-8"?>
      <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.photoapp">
        <application>
          <activity \(activity)>
            <intent-filter android:autoVerify="true">
              <action android:name="android.intent.action.VIEW" />
              <category android:name="android.intent.category.DEFAULT" />
              <category android:name="android.intent.category.BROWSABLE" />
              <data android:scheme="https" android:host="shop.test" />
              <data android:host="\(brokenHost)" />
            </intent-filter>
          </activity>
        </application>
      </manifest>
      """
  }

  /// A correct site for every host, except broken.test's assetlinks.json in text/plain.
  static let routes: StubHTTPS.HostRoutes = { host, target in
    let path = String(target.split(separator: "?").first ?? "")
    guard path == "/.well-known/assetlinks.json" else { return Fixtures.correctSite(path) }
    return host.hasPrefix("broken.test")
      ? .json(Fixtures.assetLinks, contentType: "text/plain") : .json(Fixtures.assetLinks)
  }
}
