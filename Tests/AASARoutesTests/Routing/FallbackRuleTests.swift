import AASACore
import AASARoutes
import Testing

/// The sheet's §3: exact match, then shorter and shorter, then the defaultRoute.
@Suite struct FallbackRuleTests {
  let routes = try! router(
    config(
      """
      "data": {"class": "DataList", "routeParameters": {"x": {}}},
      "data/:dataId": {"class": "Data", "routeParameters": {"utmSource": {"required": "true"}}}
      """))

  @Test(arguments: ["mdldemo://", "mdldemo:///", "mdldemo://?x=1"])
  func aLinkWithoutHostOrPathGoesToTheDefaultRoute(link: String) {
    for platform in Platform.allCases {
      let answer = routes.route(link, on: platform)
      #expect(answer.via == .default)
      #expect(answer.routeName == "defaultRoute")
      #expect(answer.target?.className == "Home")
      #expect(answer.matched == nil)
      #expect(answer.closest == nil)
    }
  }

  @Test func iOSTrimsSegmentBySegmentKeepingTheQuery() {
    let answer = routes.route("mdldemo://data/32/hello/there?x=1", on: .ios)
    #expect(answer.via == .trimmed)
    #expect(answer.routeName == "data")
    #expect(answer.matched == "mdldemo://data?x=1")
    #expect(answer.parameterList == ["x=1"])
    #expect(answer.closest?.routeKey == "data/:dataId")
  }

  @Test func aFailedValidationTrimsToTheShorterRoute() {
    let answer = routes.route("mdldemo://data/5", on: .ios)
    #expect(answer.via == .trimmed)
    #expect(answer.matched == "mdldemo://data")
    #expect(answer.closest?.failure == .missingRequired(name: "utmSource"))
  }

  @Test func androidLosesTheHostOnTheFirstTrim() {
    let answer = routes.route("mdldemo://data/32/hello/there?x=1", on: .android)
    #expect(answer.via == .default)
    #expect(answer.matched == nil)
  }

  @Test(arguments: Platform.allCases) func withoutADefaultRouteNothingOpens(platform: Platform)
    throws
  {
    let bare = try router(config(#""a": {"class": "A"}"#, defaultRoute: false))
    let answer = bare.route("x://b", on: platform)
    #expect(answer.via == .none)
    #expect(answer.routeName == nil)
    #expect(answer.target == nil)
  }
}
