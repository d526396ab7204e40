import AASACore
import Testing

@testable import AASAAndroid

/// The generated `<intent-filter>` verifies its host and matches its own paths when read back
/// as Android reads it.
@Suite("Generating the intent filter")
struct IntentFilterTemplateTests {
  func router(_ filter: String) -> ManifestRouter {
    ManifestRouter(
      manifest: Array(
        """
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="a.b">
        <application><activity android:name=".Main">
        \(filter)
        </activity></application></manifest>
        """.utf8))
  }

  @Test("Paths become path, pathPrefix and pathPattern, and route as intended")
  func paths() throws {
    let filter = try IntentFilterTemplate.intentFilter(
      host: "Shop.Example.com", paths: ["/about", "/products/*", "/*/reviews/?.html"])
    #expect(filter.contains(#"android:autoVerify="true""#))
    #expect(filter.contains(#"<data android:host="shop.example.com" />"#))
    #expect(filter.contains(#"<data android:path="/about" />"#))
    #expect(filter.contains(#"<data android:pathPrefix="/products/" />"#))
    #expect(filter.contains(#"<data android:pathPattern="/.*/reviews/.\\.html" />"#))
    let router = router(filter)
    #expect(router.report.hosts.map(\.declared) == ["shop.example.com"])
    #expect(router.route("https://shop.example.com/products/9").decision == .opens)
    #expect(router.route("https://shop.example.com/en/reviews/a.html").decision == .opens)
    // PatternMatcher ignores the escape of a `.` not followed by `*`: it matches any character.
    #expect(router.route("https://shop.example.com/en/reviews/aXhtml").decision == .opens)
    #expect(router.route("https://shop.example.com/cart").decision == .none)
  }

  @Test("A wildcard host, and no paths: every path of every subdomain")
  func wildcard() throws {
    let filter = try IntentFilterTemplate.intentFilter(host: "*.example.com")
    #expect(filter.contains("https://example.com/.well-known/assetlinks.json"))
    #expect(router(filter).route("https://a.example.com/x").decision == .opens)
  }

  @Test("For a file's dynamic rules: scheme and host only, the rules in a comment")
  func dynamicRules() throws {
    let json = #"""
      [{"relation": ["delegate_permission/common.handle_all_urls"],
        "target": {"namespace": "android_app", "package_name": "com.example.shop",
          "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]},
        "relation_extensions": {"delegate_permission/common.handle_all_urls":
          {"dynamic_app_link_components": [{"/": "/products/*"}, {"/": "*", "exclude": true}]}}}]
      """#
    let list = try #require(
      AssetLinksFile.parse(JSONReader.read(Array(json.utf8)).value!).statementList)
    let rules = try #require(list.statements.first?.dynamicRules)
    let filter = try IntentFilterTemplate.intentFilter(host: "shop.example.com", rules: rules)
    #expect(filter.contains(#"{"/":"/products/*"}"#))
    #expect(!filter.contains("android:path"))
    #expect(router(filter).route("https://shop.example.com/anything").decision == .opens)
  }

  @Test("A host Android would drop, or a path without its /, is refused")
  func refusals() {
    #expect(throws: IntentFilterTemplate.Problem.self) {
      try IntentFilterTemplate.intentFilter(host: "*")
    }
    #expect(throws: IntentFilterTemplate.Problem.self) {
      try IntentFilterTemplate.intentFilter(host: "shop.example.com", paths: ["products/*"])
    }
  }
}
