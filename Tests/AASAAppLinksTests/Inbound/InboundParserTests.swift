import AASAAppLinks
import AASACore
import Testing

@Suite("Receiving, as BFURL does (sheet §5)")
struct InboundParserTests {
  static func encoded(_ json: String) -> String { QueryEncoding.strict(json) }

  @Test("query rules: split on &, first =, + is not a space, no = is null, last repeat wins")
  func queryRules() {
    let link = InboundParser.parse("bolts://docs?a=1&b=x%20y+z&flag&a=2&c=d=e")
    let items = link.inputQueryParameters.items
    #expect(items.map(\.name) == ["a", "b", "flag", "c"])
    #expect(items.map(\.value) == ["2", "x y+z", nil, "d=e"])
    #expect(link.targetURL == "bolts://docs?a=1&b=x%20y+z&flag&a=2&c=d=e")
    #expect(link.appLinkData == nil)
    #expect(InboundParser.parse("bolts://docs?").inputQueryParameters.items.isEmpty)
  }

  @Test("valid al_applink_data gives the target URL, its parameters, extras and referer")
  func validData() {
    let json =
      #"{"target_url":"http://example.com/docs?id=7","extras":{"fb_app_id":1},"referer_app_link":{"url":"fb://back","app_name":"Facebook"},"custom":true}"#
    let link = InboundParser.parse(
      "bolts://docs?al_applink_data=" + Self.encoded(json),
      sourceApplication: "com.facebook.Facebook")
    #expect(link.targetURL == "http://example.com/docs?id=7")
    #expect(link.targetQueryParameters["id"]?.value == "7")
    #expect(link.appLinkData?["custom"]?.bool == true)
    #expect(link.extras?["fb_app_id"] != nil)
    #expect(link.referer == .init(url: "fb://back", appName: "Facebook"))
    #expect(link.events.map(\.name) == ["al_link_parse", "al_nav_in"])
    #expect(link.events[0]["sourceApplication"] == "com.facebook.Facebook")
    #expect(link.diagnostics.isEmpty)
  }

  @Test(
    "broken al_applink_data is ignored, with the reason",
    arguments: [
      ("{not json", DiagnosticCode.AppLinks.inboundNotJSON), ("[1,2]", .AppLinks.inboundNotObject),
      (#"{"version":"2.0"}"#, .AppLinks.inboundWrongVersion),
      (#"{"version":1}"#, .AppLinks.inboundWrongVersion),
    ])
  func brokenData(json: String, code: DiagnosticCode) {
    let link = InboundParser.parse("bolts://docs?al_applink_data=" + Self.encoded(json))
    #expect(link.appLinkData == nil)
    #expect(link.targetURL == link.inputURL)
    #expect(link.events.isEmpty)
    #expect(link.diagnostics.map(\.code) == [code])
  }

  @Test("the iOS trap: data cut at a raw & is recognised")
  func cutAtAmpersand() {
    let json = #"{"target_url":"http://example.com/docs?a=1&b=2","version":"1.0"}"#
    let url = "bolts://docs?al_applink_data=" + QueryEncoding.iosQueryAllowed(json)
    let link = InboundParser.parse(url)
    #expect(link.appLinkData == nil)
    #expect(link.diagnostics.map(\.code) == [.AppLinks.inboundCutAtAmpersand])
  }

  @Test("an unusable target_url, non-object extras and a half referer are reported")
  func softProblems() {
    let json =
      #"{"target_url":"not a url","extras":[1],"referer_app_link":{"app_name":"Facebook"}}"#
    let link = InboundParser.parse("bolts://docs?al_applink_data=" + Self.encoded(json))
    #expect(link.targetURL == link.inputURL)
    #expect(link.extras == nil)
    #expect(link.referer == nil)
    #expect(
      Set(link.diagnostics.map(\.code))
        == [
          .AppLinks.inboundTargetURL, .AppLinks.inboundExtrasNotObject,
          .AppLinks.inboundRefererIncomplete,
        ])
  }

  @Test("an inbound URL that is not a URL is reported")
  func invalidURL() {
    #expect(
      InboundParser.parse("not a url").diagnostics.map(\.code) == [.AppLinks.inboundInvalidURL])
  }
}
