import AASAAppLinks
import AASACore
import Testing

@Suite("Navigating (sheet §3–4)")
struct NavigatorTests {
  static let request = NavigationRequest(
    extras: .object([("myapp_token", .string("t0kEn"))]), userAgent: "aasa 0.1.0")

  static let devices = PageFixtures.head(
    """
    <meta property="al:iphone:url" content="phone://docs">
    <meta property="al:ipad:url" content="pad://docs">
    <meta property="al:ios:url" content="ios://docs">
    <meta property="al:android:package" content="com.example.docs">
    <meta property="al:android:class" content="com.example.docs.DocsActivity">
    <meta property="al:android:url" content="docs://docs">
    """)

  func navigate(
    _ html: String, _ device: Device, installed: [String],
    sourceURL: String? = "http://example.com/docs",
    request: NavigationRequest = NavigatorTests.request
  ) -> Navigation {
    Navigator.navigate(
      PageFixtures.read(html, sourceURL: sourceURL).appLink, on: device,
      installed: .parse(installed, for: device), request: request)
  }

  @Test("an iPhone prefers iphone targets over ios; an iPad ipad over ios")
  func devicePrecedence() {
    #expect(
      navigate(Self.devices, .iphone, installed: ["phone", "ios"]).target?.url == "phone://docs")
    #expect(navigate(Self.devices, .ipad, installed: ["pad", "ios"]).target?.url == "pad://docs")
    #expect(navigate(Self.devices, .iphone, installed: ["ios", "pad"]).target?.url == "ios://docs")
    #expect(navigate(Self.devices, .ios, installed: ["phone"]).outcome == .web)
  }

  @Test("the first installed target wins")
  func firstInstalledWins() {
    let html = PageFixtures.head(
      """
      <meta property="al:ios"><meta property="al:ios:url" content="bolts3://">
      <meta property="al:ios"><meta property="al:ios:url" content="bolts2://">
      <meta property="al:ios"><meta property="al:ios:url" content="bolts://">
      """)
    let navigation = navigate(html, .iphone, installed: ["bolts", "bolts2"])
    #expect(navigation.outcome == .app)
    #expect(navigation.url?.hasPrefix("bolts2://?al_applink_data=") == true)
  }

  @Test("al_applink_data holds the caller's data, then user_agent, version, target_url, extras")
  func appLinkData() {
    let request = NavigationRequest(
      extras: .object([("myapp_token", .string("t0kEn"))]),
      appLinkData: .object([("ref", .string("12345")), ("version", .string("2.0"))]),
      refererAppName: "Example", refererURL: "example://back", userAgent: "aasa 0.1.0")
    let navigation = navigate(Self.devices, .iphone, installed: ["phone"], request: request)
    #expect(
      navigation.appLinkData?.compactText
        == #"{"ref":"12345","version":"2.0","user_agent":"aasa 0.1.0","target_url":"http://example.com/docs","extras":{"myapp_token":"t0kEn"},"referer_app_link":{"app_name":"Example","url":"example://back"}}"#
    )
  }

  @Test("Bolts for Android overwrites user_agent and version, and names the navigating app")
  func androidOverwrites() {
    let request = NavigationRequest(
      appLinkData: .object([("user_agent", .string("mine"))]), userAgent: "aasa 0.1.0")
    let data = navigate(Self.devices, .android, installed: [], request: request).appLinkData
    #expect(data?["user_agent"]?.string == "aasa 0.1.0")
    #expect(data?["referer_app_link"]?["package"]?.string == "aasa")
  }

  @Test("an Android target opens as an Intent with al_applink_data as an extra")
  func androidIntent() {
    let navigation = navigate(
      Self.devices, .android, installed: ["com.example.docs/com.example.docs.DocsActivity"])
    #expect(navigation.outcome == .app)
    #expect(navigation.intent?.package == "com.example.docs")
    #expect(navigation.intent?.className == "com.example.docs.DocsActivity")
    #expect(navigation.intent?.data == "docs://docs")
    #expect(navigation.url == "docs://docs")
    #expect(navigation.intent?.appLinkData["target_url"]?.string == "http://example.com/docs")
  }

  @Test(
    "Android installs: a class target needs PACKAGE/CLASS or PACKAGE; a classless one PACKAGE:SCHEME or PACKAGE",
    arguments: [
      (["com.example.docs"], true), (["com.example.docs/com.example.docs.Other"], false),
      (["com.example.docs:docs"], false), (["com.example.other"], false),
    ])
  func androidWithClass(installed: [String], opens: Bool) {
    #expect((navigate(Self.devices, .android, installed: installed).outcome == .app) == opens)
  }

  @Test("a classless Android target without url uses the source URL as data")
  func androidDataDefaultsToSource() {
    let html = PageFixtures.head(
      "<meta property=\"al:android:package\" content=\"com.example.docs\">")
    #expect(
      navigate(html, .android, installed: ["com.example.docs:http"]).intent?.data
        == "http://example.com/docs")
    #expect(navigate(html, .android, installed: ["com.example.docs:docs"]).outcome == .web)
  }

  @Test("the web fallback carries al_applink_data in its query, before the fragment")
  func webFallbackCarriesData() {
    let html = PageFixtures.head(
      """
      <meta property="al:ios:url" content="example://applinks">
      <meta property="al:web:url" content="https://example.com/applinks?lang=en#top">
      """)
    let navigation = navigate(html, .iphone, installed: [])
    #expect(navigation.outcome == .web)
    let url = try! #require(navigation.url)
    #expect(url.hasPrefix("https://example.com/applinks?lang=en&al_applink_data=%7B%22"))
    #expect(url.hasSuffix("#top"))
    #expect(navigation.events.first?["type"] == "web")
  }

  @Test("no installed target and should_fallback false: the navigation fails")
  func failure() {
    let html = PageFixtures.head(
      """
      <meta property="al:ios:url" content="example://applinks">
      <meta property="al:web:should_fallback" content="false">
      """)
    let navigation = navigate(html, .iphone, installed: [])
    #expect(navigation.outcome == .failure)
    #expect(navigation.url == nil)
    #expect(navigation.failureReason == "no target installed and should_fallback is false")
    #expect(navigation.events.first?["success"] == "0")
    #expect(navigation.events.first?["type"] == "fail")
    #expect(navigate(html, .android, installed: []).events.first?["type"] == "failed")
  }

  @Test("strict encoding: the JSON's & = + ? are encoded, and the trap is reported on iOS")
  func encoding() {
    let navigation = navigate(
      Self.devices, .iphone, installed: ["phone"], sourceURL: "http://example.com/docs?a=1&b=2+3")
    let url = try! #require(navigation.url)
    let query = url.split(separator: "?", maxSplits: 1)[1]
    #expect(!query.dropFirst("al_applink_data=".count).contains("&"))
    #expect(url.contains("a%3D1%26b%3D2%2B3"))
    #expect(navigation.diagnostics.map(\.code) == [.AppLinks.encodingTrap])
    #expect(QueryEncoding.iosQueryAllowed("a=1&b").contains("&"))
  }

  @Test("the encoded data reads back whole through BFURL's rules")
  func roundTrip() {
    let navigation = navigate(
      Self.devices, .iphone, installed: ["phone"], sourceURL: "http://example.com/docs?a=1&b=2")
    let inbound = InboundParser.parse(navigation.url!)
    #expect(inbound.targetURL == "http://example.com/docs?a=1&b=2")
    #expect(inbound.targetQueryParameters["b"]?.value == "2")
  }

  @Test("without a source URL there is no target_url and no fallback to the page")
  func noSourceURL() {
    let navigation = navigate(Self.devices, .iphone, installed: [], sourceURL: nil)
    #expect(navigation.outcome == .failure)
    #expect(navigation.diagnostics.map(\.code).contains(.AppLinks.noSourceURL))
    let app = navigate(Self.devices, .iphone, installed: ["phone"], sourceURL: nil)
    #expect(app.appLinkData?["target_url"] == nil)
  }

  @Test("the al_nav_out event names the source and the output")
  func event() {
    let event = navigate(Self.devices, .iphone, installed: ["phone"]).events[0]
    #expect(event.name == "al_nav_out")
    #expect(event["outputURLScheme"] == "phone")
    #expect(event["sourceHost"] == "example.com")
    #expect(event["sourceScheme"] == "http")
    #expect(event["success"] == "1")
  }

  @Test("a web device only falls back")
  func webDevice() {
    #expect(navigate(Self.devices, .web, installed: ["phone"]).outcome == .web)
  }
}
