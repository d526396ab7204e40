import AASACore
import Testing

@testable import AASAAndroid

/// Routing URLs to activities through a hand-written manifest: which filter and `<data>`
/// attribute decide, and why the others do not match.
@Suite("Intent filters: which activity opens a URL")
struct ManifestRouterTests {
  static let manifest = #"""
    <?xml version="1.0" encoding="utf-8"?>
    <manifest xmlns:android="http://schemas.android.com/apk/res/android"
        package="com.example.shop">
      <application android:label="Shop">
        <activity android:name=".ProductActivity" android:exported="true">
          <intent-filter android:autoVerify="true">
            <action android:name="android.intent.action.VIEW" />
            <category android:name="android.intent.category.DEFAULT" />
            <category android:name="android.intent.category.BROWSABLE" />
            <data android:scheme="https" />
            <data android:host="shop.example.com" />
            <data android:pathPrefix="/products" />
          </intent-filter>
        </activity>
        <activity android:name=".FileActivity" android:exported="true">
          <intent-filter>
            <action android:name="android.intent.action.VIEW" />
            <category android:name="android.intent.category.DEFAULT" />
            <category android:name="android.intent.category.BROWSABLE" />
            <data android:scheme="https"
                  android:host="${hostName}"
                  android:pathPattern="/.*\\.pdf" />
          </intent-filter>
        </activity>
        <activity-alias android:name=".Promo" android:targetActivity=".ProductActivity"
            android:exported="true">
          <intent-filter android:autoVerify="true">
            <action android:name="android.intent.action.VIEW" />
            <category android:name="android.intent.category.DEFAULT" />
            <category android:name="android.intent.category.BROWSABLE" />
            <data android:scheme="https" android:host="*.example.com"
                android:pathAdvancedPattern="/p/[0-9]+" />
          </intent-filter>
        </activity-alias>
        <activity android:name=".DevActivity" android:exported="true">
          <intent-filter>
            <action android:name="android.intent.action.VIEW" />
            <category android:name="android.intent.category.DEFAULT" />
            <category android:name="android.intent.category.BROWSABLE" />
            <data android:scheme="https" android:host="dev.example.net" android:port="8443" />
          </intent-filter>
        </activity>
        <activity android:name=".MainActivity" android:exported="true">
          <intent-filter>
            <action android:name="android.intent.action.MAIN" />
            <category android:name="android.intent.category.LAUNCHER" />
          </intent-filter>
        </activity>
      </application>
    </manifest>
    """#

  static let router = ManifestRouter(
    manifest: Array(manifest.utf8),
    resources: ManifestResources(placeholders: ["hostName": "files.example.org"]))

  /// Line and column (in scalars) of the first occurrence of `needle` in the manifest.
  static func location(of needle: String, after anchor: String? = nil) -> (Int, Int) {
    var text = Substring(manifest)
    if let anchor, let range = text.range(of: anchor) { text = text[range.upperBound...] }
    let range = text.range(of: needle)!
    let before = manifest[..<range.lowerBound]
    let line = before.filter { $0 == "\n" }.count + 1
    let lineStart = before.lastIndex(of: "\n").map { manifest.index(after: $0) }
    let column =
      manifest[(lineStart ?? manifest.startIndex)..<range.lowerBound].unicodeScalars
      .count + 1
    return (line, column)
  }

  @Test("A verified filter's pathPrefix decides, at the attribute's line and column")
  func opensProduct() throws {
    let route = Self.router.route("https://shop.example.com/products/42")
    #expect(route.decision == .opens)
    let match = try #require(route.match)
    #expect(match.activity == ".ProductActivity")
    #expect(match.level == .path)
    #expect(match.deciding.attribute == "pathPrefix")
    #expect(match.filterIsVerified)
    let (line, column) = Self.location(of: "android:pathPrefix")
    #expect(match.deciding.location.line == line)
    #expect(match.deciding.location.column == column)
    let (filterLine, filterColumn) = Self.location(of: "<intent-filter")
    #expect((match.filterLocation.line, match.filterLocation.column) == (filterLine, filterColumn))
    // Every other filter is a near miss with a reason.
    #expect(route.nearMisses.count == 4)
    let main = try #require(route.nearMisses.first { $0.activity == ".MainActivity" })
    #expect(main.part == .action)
  }

  @Test("Hosts ignore case; schemes and paths do not")
  func caseSensitivity() throws {
    #expect(
      Self.router.route("https://SHOP.Example.com/products/1").match?.activity
        == ".ProductActivity")
    let upperScheme = Self.router.route("HTTPS://shop.example.com/products/1")
    #expect(upperScheme.decision == .none)
    let product = try #require(upperScheme.nearMisses.first { $0.filter == 0 })
    #expect(product.part == .scheme)
    #expect(product.reason.contains("case matters"))
    let upperPath = Self.router.route("https://shop.example.com/Products/1")
    #expect(upperPath.decision == .none)
    #expect(upperPath.nearMisses.first { $0.filter == 0 }?.part == .path)
  }

  @Test("An alias opens its target; `*.` matches subdomains, not the apex")
  func aliasAndWildcard() throws {
    let route = Self.router.route("https://deals.example.com/p/12")
    let match = try #require(route.match)
    #expect(match.component == ".Promo")
    #expect(match.componentKind == "activity-alias")
    #expect(match.activity == ".ProductActivity")
    #expect(match.deciding.attribute == "pathAdvancedPattern")
    #expect(route.decision == .opens)
    let apex = Self.router.route("https://example.com/p/12")
    #expect(apex.decision == .none)
    #expect(apex.nearMisses.first { $0.component == ".Promo" }?.part == .host)
  }

  @Test("A placeholder resolved; a filter without autoVerify opens only unverified; `.*` is lazy")
  func unverifiedAndLazy() throws {
    let route = Self.router.route("https://files.example.org/docs/a.pdf")
    #expect(route.decision == .unverified)
    #expect(route.match?.activity == ".FileActivity")
    #expect(route.match?.filterIsVerified == false)
    let lazy = Self.router.route("https://files.example.org/v1.2/a.pdf")
    #expect(lazy.decision == .none)
    let miss = try #require(lazy.nearMisses.first { $0.activity == ".FileActivity" })
    #expect(miss.part == .path)
    #expect(miss.reason.contains(#"android:pathPattern="/.*\.pdf""#))
    let (line, column) = Self.location(of: "android:pathPattern")
    #expect((miss.location.line, miss.location.column) == (line, column))
  }

  @Test("Without the placeholder the host stays `${hostName}` and matches nothing")
  func unresolvedPlaceholder() {
    let router = ManifestRouter(manifest: Array(Self.manifest.utf8))
    #expect(router.route("https://files.example.org/docs/a.pdf").decision == .none)
    #expect(router.filters[1].authorities[0].host.unresolved)
  }

  @Test("A port must be written in the URL: Android does not fill in the default")
  func ports() throws {
    #expect(Self.router.route("https://dev.example.net:8443/x").match?.level == .port)
    let noPort = Self.router.route("https://dev.example.net/x")
    #expect(noPort.decision == .none)
    let miss = try #require(noPort.nearMisses.first { $0.activity == ".DevActivity" })
    #expect(miss.part == .port)
    #expect(miss.reason.contains("no port"))
    #expect(Self.router.route("https://dev.example.net:443/x").decision == .none)
  }

  @Test("CTS's authority cases: a port in the URL but none in the filter matches the host")
  func authorities() {
    let filter = ManifestRouter(
      manifest: Array(
        #"""
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="a.b">
        <application><activity android:name=".A"><intent-filter>
        <action android:name="android.intent.action.VIEW" />
        <category android:name="android.intent.category.DEFAULT" />
        <category android:name="android.intent.category.BROWSABLE" />
        <data android:scheme="scheme1" android:host="authority1" />
        <data android:host="authority2" android:port="100" />
        </intent-filter></activity></application></manifest>
        """#.utf8))
    #expect(filter.route("scheme1://authority1/").match?.level == .host)
    #expect(filter.route("scheme1://authority1:100/").match?.level == .host)
    #expect(filter.route("scheme1://authority2:100/").match?.level == .port)
    #expect(filter.route("scheme1://authority2:200/").decision == .none)
    #expect(filter.route("scheme1://authority2/").decision == .none)
    #expect(filter.route("scheme1:foo").decision == .none)
  }

  @Test("A filter with no host ignores its paths: the scheme alone decides")
  func pathsIgnoredWithoutHost() throws {
    let router = ManifestRouter(
      manifest: Array(
        #"""
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="a.b">
        <application><activity android:name=".A"><intent-filter>
        <action android:name="android.intent.action.VIEW" />
        <category android:name="android.intent.category.DEFAULT" />
        <category android:name="android.intent.category.BROWSABLE" />
        <data android:scheme="myapp" android:path="/only" />
        </intent-filter></activity></application></manifest>
        """#.utf8))
    let route = router.route("myapp://anything/else")
    #expect(route.match?.level == .scheme)
    #expect(route.match?.deciding.attribute == "scheme")
    #expect(route.decision == .unverified)
  }

  @Test("A host `*` matches every host; a mimeType keeps links out")
  func starAndType() {
    let router = ManifestRouter(
      manifest: Array(
        #"""
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="a.b">
        <application>
        <activity android:name=".Any"><intent-filter>
        <action android:name="android.intent.action.VIEW" />
        <category android:name="android.intent.category.DEFAULT" />
        <category android:name="android.intent.category.BROWSABLE" />
        <data android:scheme="https" android:host="*" android:pathSuffix=".gpx" />
        </intent-filter></activity>
        <activity android:name=".Typed"><intent-filter>
        <action android:name="android.intent.action.VIEW" />
        <category android:name="android.intent.category.DEFAULT" />
        <category android:name="android.intent.category.BROWSABLE" />
        <data android:scheme="https" android:host="maps.example.com" android:mimeType="application/gpx+xml" />
        </intent-filter></activity>
        </application></manifest>
        """#.utf8))
    let route = router.route("https://maps.example.com/t.gpx")
    #expect(route.match?.activity == ".Any")
    #expect(route.decision == .unverified)
    #expect(route.nearMisses.first?.part == .type)
  }
}
