import AASACore
import AASARoutes
import Testing

/// The sheet's §2 query rules, and §5's query rows.
@Suite struct QueryRuleTests {
  let routes = try! router(
    config(
      """
      "search/:term": {"class": "Search", "routeParameters": {
        "utmSource": {}, "page": {"regex": "^[0-9]+$"}}},
      "plain/:id": {"class": "Plain"}
      """))

  @Test(arguments: Platform.allCases) func onlyDeclaredQueryParametersAreKept(platform: Platform) {
    let answer = routes.route("x://search/shoes?utmSource=mail&other=1", on: platform)
    #expect(answer.parameterList == ["term=shoes", "utmSource=mail"])
  }

  @Test(arguments: Platform.allCases) func itemsWithoutExactlyOneEqualsAreIgnored(
    platform: Platform
  ) {
    let answer = routes.route("x://search/a?utmSource=b=c&utmSource&page=2", on: platform)
    #expect(answer.parameterList == ["term=a", "page=2"])
  }

  @Test(arguments: Platform.allCases) func aRepeatedNameKeepsTheLastValue(platform: Platform) {
    let answer = routes.route("x://search/a?page=1&page=3", on: platform)
    #expect(answer.parameterList == ["term=a", "page=3"])
  }

  @Test(arguments: Platform.allCases) func queryValuesArePercentDecoded(platform: Platform) {
    let answer = routes.route("x://search/a?utmSource=e%2Dmail%20x", on: platform)
    #expect(answer.parameterList == ["term=a", "utmSource=e-mail x"])
  }

  @Test(arguments: Platform.allCases) func aDeclaredQueryParameterFailingItsRegexFailsTheRoute(
    platform: Platform
  ) {
    let answer = routes.route("x://search/a?page=two", on: platform)
    #expect(answer.routeName != "search/:term")
    #expect(answer.closest?.failure == .regex(name: "page", pattern: "^[0-9]+$", value: "two"))
  }

  @Test func anEmptyValueIsKeptOnIOSAndIgnoredOnAndroid() {
    #expect(
      routes.route("x://search/a?utmSource=", on: .ios).parameterList == [
        "term=a", "utmSource=",
      ])
    #expect(routes.route("x://search/a?utmSource=", on: .android).parameterList == ["term=a"])
  }

  @Test func androidReadsTheQueryOnlyWhenTheRouteHasRouteParameters() throws {
    let bare = try router(
      config(
        #""a/:id": {"class": "A", "routeParameters": {}}, "b/:id": {"class": "B"}"#))
    #expect(bare.route("x://b/1?id=2", on: .android).parameterList == ["id=1"])
    // A route with no declared names keeps no query parameter on either platform.
    #expect(bare.route("x://a/1?id=2", on: .ios).parameterList == ["id=1"])
  }

  @Test func aQueryParameterNamedLikeAPathParameterReplacesItsValue() throws {
    let named = try router(
      config(#""a/:id": {"class": "A", "routeParameters": {"id": {}}}"#))
    #expect(named.route("x://a/1?id=2", on: .ios).parameterList == ["id=2"])
  }
}
