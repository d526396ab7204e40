import AASACore
import Testing

@testable import AASAAndroid

/// Checks that compare a statement list with the site it is served from.
@Suite("assetlinks.json on its own site")
struct AssetLinksOwnSiteTests {
  func codes(_ include: String, site: SiteDomain?) -> [String] {
    let file = "[\(appStatement()), {\"include\": \"\(include)\"}]"
    return AssetLinksLinter(site: site).lint(Array(file.utf8)).diagnostics.map {
      "\($0.code)@\($0.path)"
    }
  }

  @Test(arguments: [
    "https://example.com/.well-known/assetlinks.json",
    "https://EXAMPLE.com:443/.well-known/assetlinks.json",
    "https://example.com./.well-known/assetlinks.json?v=2",
  ])
  func anIncludeOfTheFileItselfIsAWarning(url: String) {
    #expect(codes(url, site: SiteDomain(host: "example.com")) == ["ASL027@[1].include"])
  }

  @Test(arguments: [
    "https://example.com/.well-known/more-assetlinks.json",
    "https://cdn.example.com/.well-known/assetlinks.json",
    "https://example.com:8443/.well-known/assetlinks.json",
    "https://example.com/.well-known/assetlinks.json.bak",
  ])
  func anIncludeOfAnotherListIsFine(url: String) {
    #expect(codes(url, site: SiteDomain(host: "example.com")) == [])
  }

  @Test func withoutASiteNothingIsComparedWithIt() {
    #expect(codes("https://example.com/.well-known/assetlinks.json", site: nil) == [])
  }

  @Test func theFindingPointsAtTheIncludeValueAndNamesTheHost() throws {
    let file = #"[{"include": "https://shop.example/.well-known/assetlinks.json"}]"#
    let report = AssetLinksLinter(site: SiteDomain(host: "Shop.Example")).lint(Array(file.utf8))
    let finding = try #require(report.diagnostics.first)
    #expect(finding.code == .AssetLinks.includesItself)
    #expect(finding.severity == .warning)
    #expect((finding.location.line, finding.location.column) == (1, 14))
    #expect(finding.message.contains("shop.example's own assetlinks.json"))
    #expect(!report.hasErrors)
  }
}
