import AASACore
import AASARoutes
import Testing

/// The sheet's §2: how a link and a key are cut into segments, and how segments compare.
@Suite struct SegmentRuleTests {
  let routes = try! router(
    config(
      """
      "data/:dataId": {"class": "Data"},
      "data/:dataId/:slug": {"class": "Slug"}
      """))

  @Test(arguments: Platform.allCases) func theHostIsTheFirstSegment(platform: Platform) {
    let answer = routes.route("mdldemo://data/5", on: platform)
    #expect(answer.routeName == "data/:dataId")
    #expect(answer.via == .exact)
    #expect(answer.parameterList == ["dataId=5"])
  }

  @Test(arguments: Platform.allCases) func trailingAndDoubleSlashesAreIgnored(platform: Platform) {
    let answer = routes.route("mdldemo://data/path//", on: platform)
    #expect(answer.routeName == "data/:dataId")
    #expect(answer.parameterList == ["dataId=path"])
    let doubled = routes.route("mdldemo://data//5///x", on: platform)
    #expect(doubled.routeName == "data/:dataId/:slug")
    #expect(doubled.parameterList == ["dataId=5", "slug=x"])
  }

  @Test(arguments: Platform.allCases) func anEmptySegmentNeverBinds(platform: Platform) {
    // `data/` has one segment: `:dataId` never receives "".
    let answer = routes.route("mdldemo://data/", on: platform)
    #expect(answer.via == .default)
    #expect(answer.parameters.isEmpty)
  }

  @Test(arguments: Platform.allCases) func segmentsArePercentDecoded(platform: Platform) {
    let answer = routes.route("mdldemo://data/caf%C3%A9%20au%2Flait", on: platform)
    #expect(answer.parameterList == ["dataId=café au/lait"])
  }

  @Test func malformedEscapesAreKeptAsWritten() {
    #expect(routes.route("mdldemo://data/50%", on: .ios).parameterList == ["dataId=50%"])
    #expect(routes.route("mdldemo://data/%ZZ", on: .ios).parameterList == ["dataId=%ZZ"])
  }

  @Test(arguments: Platform.allCases) func theHostIsComparedCaseSensitively(platform: Platform) {
    #expect(routes.route("mdldemo://Data/5", on: platform).via == .default)
  }

  @Test(arguments: Platform.allCases) func aLiteralIsCaseSensitive(platform: Platform) throws {
    let literal = try router(config(#""sale/Today": {"class": "Today"}"#))
    #expect(literal.route("x://sale/Today", on: platform).routeName == "sale/Today")
    #expect(literal.route("x://sale/today", on: platform).via == .default)
  }

  @Test(arguments: Platform.allCases) func aKeyStartingWithSlashNeverMatches(platform: Platform)
    throws
  {
    let slashed = try router(config(#""/data/:id": {"class": "Data"}"#))
    #expect(slashed.route("mdldemo://data/5", on: platform).via == .default)
  }

  @Test func aTrailingSlashInAKeyMatchesOnAndroidOnly() throws {
    let trailing = try router(config(#""data/": {"class": "Data"}"#))
    #expect(trailing.route("mdldemo://data", on: .ios).via == .default)
    #expect(trailing.route("mdldemo://data", on: .android).routeName == "data/")
  }

  @Test(arguments: Platform.allCases) func aDoubledSlashInAKeyNeverMatches(platform: Platform)
    throws
  {
    let doubled = try router(config(#""a//b": {"class": "AB"}"#))
    #expect(doubled.route("x://a/b", on: platform).via == .default)
    #expect(doubled.route("x://a//b", on: platform).via == .default)
  }

  @Test(arguments: Platform.allCases) func thereIsNoPrefixMatching(platform: Platform) throws {
    let short = try router(config(#""data": {"class": "Data"}"#))
    let answer = short.route("mdldemo://data/path", on: platform)
    #expect(answer.via != .exact)
  }

  @Test func aPortAndUserInfoAreNotPartOfTheHost() {
    #expect(routes.route("mdldemo://me@data:8080/5", on: .ios).routeName == "data/:dataId")
  }

  @Test func aFragmentIsIgnored() {
    #expect(routes.route("mdldemo://data/5#top", on: .ios).parameterList == ["dataId=5"])
  }
}
