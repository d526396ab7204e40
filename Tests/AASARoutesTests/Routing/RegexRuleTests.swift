import AASACore
import AASARoutes
import Testing

/// The sheet's §5 `regex` row: unanchored exactly-once on iOS, whole-value on Android.
@Suite struct RegexRuleTests {
  let routes = try! router(
    config(
      """
      "regex/:dataId": {"class": "Digit", "routeParameters": {"dataId": {"regex": "[0-9]"}}}
      """))

  @Test(arguments: [("5", true), ("a5b", true), ("52", false), ("x", false)])
  func iOSAcceptsExactlyOneMatchAnywhere(value: String, accepted: Bool) {
    let answer = routes.route("mdldemo://regex/\(value)", on: .ios)
    #expect((answer.routeName == "regex/:dataId") == accepted)
  }

  @Test(arguments: [("5", true), ("a5b", false), ("52", false), ("x", false)])
  func androidAcceptsOnlyAWholeValueMatch(value: String, accepted: Bool) {
    let answer = routes.route("mdldemo://regex/\(value)", on: .android)
    #expect((answer.routeName == "regex/:dataId") == accepted)
  }

  @Test func androidBacktracksIntoAlternativesLikeMatchesDoes() {
    let regex = ParameterRegex("a|ab")
    #expect(regex.accepts("ab", on: .android))
    #expect(regex.accepts("a", on: .android))
    #expect(!regex.accepts("abc", on: .android))
  }

  @Test func aFailedRegexIsExplained() {
    let answer = routes.route("mdldemo://regex/52", on: .ios)
    #expect(answer.via == .default)
    #expect(answer.closest?.routeKey == "regex/:dataId")
    #expect(answer.closest?.failure.description == #"regex of dataId ([0-9]) on value "52""#)
  }

  @Test(arguments: Platform.allCases) func aPatternThatDoesNotCompileFailsItsRoute(
    platform: Platform
  ) throws {
    let broken = try router(
      config(#""p/:id": {"class": "P", "routeParameters": {"id": {"regex": "[0-9"}}}"#))
    let answer = broken.route("x://p/5", on: platform)
    #expect(answer.via == .default)
    #expect(answer.closest?.failure == .unusableRegex(name: "id", pattern: "[0-9"))
  }

  @Test func anOverlongValueIsRejectedWithoutRunningThePattern() {
    let regex = ParameterRegex("(a+)+$")
    let long = String(repeating: "a", count: ParameterRegex.maximumValueLength + 1)
    #expect(!regex.accepts(long, on: .ios))
    #expect(regex.accepts("aaa", on: .ios))
  }
}
