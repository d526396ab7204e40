import AASACore
import AASARoutes
import Testing

/// Route order, handlers, targets and iOS's logging quirk.
@Suite struct OrderRuleTests {
  @Test func androidTakesTheFirstRouteInFileOrderAndIOSNamesTheOthers() throws {
    let routes = try router(
      config(#""item/:id": {"class": "Any"}, "item/new": {"class": "New"}"#))
    #expect(routes.route("x://item/new", on: .android).routeName == "item/:id")
    let ios = routes.route("x://item/new", on: .ios)
    #expect(ios.routeName == "item/:id")
    #expect(ios.alsoMatching == ["item/new"])
  }

  @Test(arguments: Platform.allCases) func handlersRunInArrayOrder(platform: Platform) throws {
    let routes = try router(
      config(#""sale/:saleId": {"class": "Sale", "handlers": ["mutatorHandler", "myHandler"]}"#))
    #expect(
      routes.route("x://sale/1", on: platform).target?.handlers == ["mutatorHandler", "myHandler"])
  }

  @Test func aDuplicatedRouteKeyKeepsItsFirstPlaceAndItsLastValue() throws {
    let routes = try router(
      #"{"routes": {"a/:id": {"class": "First"}, "a/b": {"class": "B"}, "a/:id": {"class": "Last"}}}"#
    )
    #expect(routes.config.routes.map(\.key) == ["a/:id", "a/b"])
    #expect(routes.route("x://a/b", on: .android).target?.className == "Last")
  }

  @Test func iOSWithLoggingOnStopsAtAValidationFailure() throws {
    let routes = """
      "item/:id": {"class": "Digit", "routeParameters": {"id": {"regex": "^[0-9]$"}}},
      "item/:name": {"class": "Named"},
      "item": {"class": "Items"}
      """
    let quiet = try router(config(routes, logging: "false"))
    let logging = try router(config(routes, logging: #""true""#))
    #expect(quiet.route("x://item/abc", on: .ios).routeName == "item/:name")
    let quirk = logging.route("x://item/abc", on: .ios)
    #expect(quirk.routeName == "item")
    #expect(quirk.via == .trimmed)
    // Android has no such quirk.
    #expect(logging.route("x://item/abc", on: .android).routeName == "item/:name")
  }

  @Test func theStoryboardIsTheRoutesElseTheFilesWithTheIPadFallingBack() throws {
    let routes = try router(
      """
      {"storyboard": {"iPhone": "Main_iPhone"},
       "defaultRoute": {"class": "Home", "identifier": "home"},
       "routes": {"a": {"identifier": "a", "storyboard": "A"}, "b": {"identifier": "b"}}}
      """)
    #expect(routes.route("x://a", on: .ios).storyboard == .name("A"))
    #expect(
      routes.route("x://b", on: .ios).storyboard
        == .devices(iPhone: "Main_iPhone", iPad: "Main_iPhone"))
    #expect(
      routes.route("x://", on: .ios).storyboard
        == .devices(iPhone: "Main_iPhone", iPad: "Main_iPhone"))
    #expect(routes.route("x://a", on: .android).storyboard == nil)
  }
}
