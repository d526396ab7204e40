import AASACore
import AASARoutes
import Testing

/// `required`: the string "true" on both platforms, a JSON `true` on Android only.
@Suite struct RequiredRuleTests {
  let routes = try! router(
    config(
      """
      "text/:id": {"class": "Text", "routeParameters": {"utmSource": {"required": "true"}}},
      "flag/:id": {"class": "Flag", "routeParameters": {"utmSource": {"required": true}}},
      "off/:id": {"class": "Off", "routeParameters": {"utmSource": {"required": "false"}}}
      """))

  @Test(arguments: Platform.allCases) func theStringTrueIsRequiredEverywhere(platform: Platform) {
    #expect(routes.route("x://text/1?utmSource=m", on: platform).routeName == "text/:id")
    let missing = routes.route("x://text/1", on: platform)
    #expect(missing.via == .default)
    #expect(missing.closest?.failure == .missingRequired(name: "utmSource"))
  }

  @Test func aBooleanTrueIsRequiredOnAndroidOnly() {
    #expect(routes.route("x://flag/1", on: .ios).routeName == "flag/:id")
    #expect(routes.route("x://flag/1", on: .android).via == .default)
  }

  @Test(arguments: Platform.allCases) func falseIsNotRequired(platform: Platform) {
    #expect(routes.route("x://off/1", on: platform).routeName == "off/:id")
  }

  @Test func androidReadsTheStringInAnyCase() {
    #expect(RequiredSetting.string("TRUE").isRequired(on: .android))
    #expect(!RequiredSetting.string("TRUE").isRequired(on: .ios))
  }
}
