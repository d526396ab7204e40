import AASACore
import Testing

@testable import AASAAndroid

/// Android 15's `<uri-relative-filter-group>`: the examples of developer.android.com's page for
/// the element (ANDed `<data>`, query parameters in any order, declaration order, a sibling path
/// beside a blocking group, decoded matching), what Android 14 and lower answer instead, and the
/// findings about groups that never decide.
@Suite("Intent filters: uri-relative-filter-group (Android 15)")
struct RelativeFilterGroupTests {
  /// A manifest with one VIEW/DEFAULT/BROWSABLE activity for `project.example.com` whose filter
  /// ends with `body`.
  static func manifest(_ body: String, host: Bool = true) -> String {
    """
    <?xml version="1.0" encoding="utf-8"?>
    <manifest xmlns:android="http://schemas.android.com/apk/res/android"
        package="com.example.project">
      <application>
        <activity android:name=".LinkActivity" android:exported="true">
          <intent-filter android:autoVerify="true">
            <action android:name="android.intent.action.VIEW" />
            <category android:name="android.intent.category.DEFAULT" />
            <category android:name="android.intent.category.BROWSABLE" />
            <data android:scheme="https" />
            \(host ? #"<data android:host="project.example.com" />"# : "")
    \(body)
          </intent-filter>
        </activity>
      </application>
    </manifest>
    """
  }

  static func router(_ body: String, host: Bool = true) -> ManifestRouter {
    ManifestRouter(manifest: Array(manifest(body, host: host).utf8))
  }

  static func opens(_ router: ManifestRouter, _ url: String) -> Bool {
    router.route(url).decision != .none
  }

  @Test("The <data> of a group are ANDed, and query parameters match in any order")
  func queryParametersAreANDedInAnyOrder() {
    let router = Self.router(
      """
            <uri-relative-filter-group android:allow="true">
              <data android:query="param1=value1" />
              <data android:query="param2=value2" />
            </uri-relative-filter-group>
      """)
    let base = "https://project.example.com/any/path/here"
    #expect(Self.opens(router, base + "?param1=value1&param2=value2&param3=value3"))
    #expect(Self.opens(router, base + "?param2=value2&param1=value1"))
    let missing = router.route(base + "?param1=value1")
    #expect(missing.decision == .none)
    let reason = missing.nearMisses.first?.reason ?? ""
    #expect(reason.contains(#"no query parameter matches android:query="param2=value2""#))
    #expect(
      router.route(base + "?param1=value1&param2=value2").match?.deciding.attribute == "query")
  }

  @Test("The filter's own <data> are ORed; inside a group the same paths are ANDed")
  func pathsOutsideAreORedInsideANDed() {
    let ored = Self.router(
      """
            <data android:pathPrefix="/prefix" />
            <data android:pathSuffix="suffix" />
      """)
    let anded = Self.router(
      """
            <uri-relative-filter-group>
              <data android:pathPrefix="/prefix" />
              <data android:pathSuffix="suffix" />
            </uri-relative-filter-group>
      """)
    let host = "https://project.example.com"
    for (path, either, both) in [
      ("/prefix/x", true, false), ("/x/suffix", true, false), ("/prefix/suffix", true, true),
      ("/other", false, false),
    ] {
      #expect(Self.opens(ored, host + path) == either, "\(path)")
      #expect(Self.opens(anded, host + path) == both, "\(path)")
    }
  }

  @Test("Groups are tried in order: a blocking group first refuses what an allowing one accepts")
  func declarationOrderDecides() {
    let blockFirst = Self.router(
      """
            <uri-relative-filter-group android:allow="false">
              <data android:fragment="fragment" />
            </uri-relative-filter-group>
            <uri-relative-filter-group android:allow="true">
              <data android:pathPrefix="/prefix" />
            </uri-relative-filter-group>
      """)
    let allowFirst = Self.router(
      """
            <uri-relative-filter-group android:allow="true">
              <data android:pathPrefix="/prefix" />
            </uri-relative-filter-group>
            <uri-relative-filter-group android:allow="false">
              <data android:fragment="fragment" />
            </uri-relative-filter-group>
      """)
    let host = "https://project.example.com"
    #expect(Self.opens(blockFirst, host + "/prefix/page"))
    let blocked = blockFirst.route(host + "/prefix/page#fragment")
    #expect(blocked.decision == .none)
    #expect(blocked.nearMisses.first?.part == .blocked)
    #expect(blocked.nearMisses.first?.reason.contains(#"android:allow="false""#) == true)
    // Written the other way round, the allowing group answers first and the block never runs.
    #expect(Self.opens(allowFirst, host + "/prefix/page#fragment"))
  }

  @Test("A sibling path matches even where a blocking group would refuse")
  func siblingPathIsNotOverruledByABlock() {
    let router = Self.router(
      """
            <data android:path="/path" />
            <uri-relative-filter-group android:allow="false">
              <data android:query="query" />
            </uri-relative-filter-group>
            <uri-relative-filter-group>
              <data android:pathPrefix="/shop" />
            </uri-relative-filter-group>
      """)
    let host = "https://project.example.com"
    let route = router.route(host + "/path?query")
    #expect(route.decision != .none)
    #expect(route.match?.deciding.attribute == "path")
    #expect(!Self.opens(router, host + "/shop?query"))
    #expect(Self.opens(router, host + "/shop?other"))
  }

  @Test("Conditions match the decoded URL: a raw character matches its escape, not the reverse")
  func conditionsMatchDecodedParts() {
    let raw = Self.router(
      """
            <uri-relative-filter-group>
              <data android:query="param=value!" />
            </uri-relative-filter-group>
      """)
    let encoded = Self.router(
      """
            <uri-relative-filter-group>
              <data android:query="param=value%21" />
            </uri-relative-filter-group>
      """)
    let host = "https://project.example.com/"
    #expect(Self.opens(raw, host + "?param=value!"))
    #expect(Self.opens(raw, host + "?param=value%21"))
    #expect(!Self.opens(encoded, host + "?param=value!"))
    #expect(!Self.opens(encoded, host + "?param=value%21"))
  }

  @Test("Fragments match whole, queries split on ';' when they have no '&', every matcher kind")
  func partsAndMatcherKinds() {
    let router = Self.router(
      """
            <uri-relative-filter-group>
              <data android:fragmentPrefix="sec" />
              <data android:queryPattern="id=.*" />
              <data android:pathAdvancedPattern="/item/[0-9]+" />
            </uri-relative-filter-group>
      """)
    let host = "https://project.example.com"
    #expect(Self.opens(router, host + "/item/42?x=1;id=7#section"))
    #expect(!Self.opens(router, host + "/item/42?id=7"), "no fragment: a fragment condition fails")
    #expect(!Self.opens(router, host + "/item/x?id=7#section"))
    #expect(!Self.opens(router, host + "/item/42?x=1#section"))
  }

  @Test("Android 14 and lower ignore the groups: the route says where their answer differs")
  func olderAndroidAnswerDiffers() {
    let router = Self.router(
      """
            <uri-relative-filter-group android:allow="false">
              <data android:pathPrefix="/admin" />
            </uri-relative-filter-group>
            <uri-relative-filter-group>
              <data android:pathPrefix="/" />
            </uri-relative-filter-group>
      """)
    let blocked = router.route("https://project.example.com/admin/users")
    #expect(blocked.decision == .none)
    let older = blocked.beforeAndroid15
    #expect(older?.decision == .opens)
    #expect(older?.activity == ".LinkActivity")
    #expect(older?.summary.contains("Android 14 and lower open .LinkActivity") == true)
    let same = router.route("https://project.example.com/shop")
    #expect(same.decision == .opens)
    #expect(same.beforeAndroid15 == nil)
  }

  @Test("Findings: groups that never decide, what older Android does, attributes ignored")
  func findings() {
    let text = Self.manifest(
      """
            <data android:query="lost=1" />
            <uri-relative-filter-group>
            </uri-relative-filter-group>
            <uri-relative-filter-group>
              <data android:pathPrefix="/a" android:host="other.example.com" />
            </uri-relative-filter-group>
            <uri-relative-filter-group android:allow="false">
              <data android:pathPrefix="/a" />
            </uri-relative-filter-group>
            <uri-relative-filter-group android:allow="false">
              <data android:pathPrefix="/b" />
            </uri-relative-filter-group>
      """)
    let report = AndroidManifestFile.read(Array(text.utf8))
    func messages(_ code: DiagnosticCode) -> [String] {
      report.diagnostics.filter { $0.code == code }.map(\.message)
    }
    let never = messages(.AndroidManifest.groupNeverDecides)
    #expect(never.count == 3, "\(never)")
    #expect(never.contains { $0.contains("has no path, query or fragment condition") })
    #expect(never.contains { $0.contains("has the same conditions and is tried first") })
    #expect(never.contains { $0.contains("no allowing group follows it") })
    let ignored = messages(.AndroidManifest.attributeIgnoredHere)
    #expect(ignored.contains { $0.hasPrefix(#"android:query="lost=1" is outside"#) })
    #expect(ignored.contains { $0.hasPrefix(#"android:host="other.example.com" is inside"#) })
    let older = messages(.AndroidManifest.groupsIgnoredBeforeAndroid15)
    #expect(
      older == [
        "on Android 14 and lower this filter opens every path of \"project.example.com\": they ignore its 4 groups"
      ])
    // Every finding is located on the line it names.
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    for diagnostic in report.diagnostics where diagnostic.code.rawValue >= "AMF009" {
      let line = lines[diagnostic.location.line - 1]
      #expect(
        line.contains("uri-relative-filter-group") || line.contains("<data")
          || line.contains("<intent-filter"), "\(diagnostic.message) at \(line)")
    }
  }

  @Test("A filter without a host never reads its groups")
  func groupsNeedAHost() {
    let text = Self.manifest(
      """
            <uri-relative-filter-group>
              <data android:pathPrefix="/a" />
            </uri-relative-filter-group>
      """, host: false)
    let report = AndroidManifestFile.read(Array(text.utf8))
    #expect(
      report.diagnostics.contains {
        $0.code == .AndroidManifest.groupNeverDecides
          && $0.message.contains("declares no android:host")
      })
    // The scheme alone decides, as for a filter's own paths without a host.
    #expect(
      Self.router(
        """
              <uri-relative-filter-group>
                <data android:pathPrefix="/a" />
              </uri-relative-filter-group>
        """, host: false
      ).route("https://anything.example/b").decision != .none)
  }

  @Test("A manifest without groups reads as before: no new finding, no older-Android answer")
  func manifestsWithoutGroupsAreUnchanged() {
    let router = Self.router(#"      <data android:pathPrefix="/p" />"#)
    #expect(router.report.diagnostics.allSatisfy { $0.code.rawValue < "AMF009" })
    #expect(router.route("https://project.example.com/p/1").beforeAndroid15 == nil)
    #expect(router.filters.allSatisfy { $0.groups.isEmpty })
  }
}
