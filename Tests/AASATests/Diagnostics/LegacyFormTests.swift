import AASA
import AASACore
import Testing

/// iOS 12 compatibility: `appID`/`paths` kept beside `appIDs`/`components`, as Apple advises, is
/// judged by how the two forms route, not by being there.
@Suite struct LegacyFormTests {
  func codes(_ text: String) -> [Diagnostic] {
    SiteAssociationLinter().lint(Array(text.utf8)).diagnostics.filter {
      ["AASA201", "AASA300"].contains($0.code.rawValue)
    }
  }

  @Test func bothFormsRoutingAlikeAreNotWarnedAbout() {
    let text = """
      {"applinks": {"apps": [], "details": [{
        "appID": "D3KQX62K1A.com.example.app",
        "appIDs": ["D3KQX62K1A.com.example.app"],
        "paths": ["NOT /albums/private/*", "/albums/*", "/help"],
        "components": [
          {"/": "/albums/private/*", "exclude": true},
          {"/": "/albums/*"},
          {"/": "/help"}
        ]
      }]}}
      """
    #expect(codes(text).isEmpty, "\(codes(text).map(\.message))")
  }

  @Test func formsThatRouteDifferentlyListTheURLs() throws {
    let text = """
      {"applinks": {"details": [{
        "appID": "D3KQX62K1A.com.example.app",
        "appIDs": ["D3KQX62K1A.com.example.app"],
        "paths": ["/albums/*", "/videos/*"],
        "components": [{"/": "/albums/*"}, {"/": "/videos/*", "exclude": true}]
      }]}}
      """
    let found = codes(text)
    let finding = try #require(found.first)
    #expect(found.count == 1)
    #expect(finding.code.rawValue == "AASA300")
    #expect(finding.path == "applinks.details[0].paths")
    #expect(
      finding.message.contains(
        "/videos/aasa-probe (iOS 12: D3KQX62K1A.com.example.app, iOS 13+: blocked)"),
      "\(finding.message)")
    #expect(!finding.message.contains("/albums/"), "\(finding.message)")
  }

  @Test func anAppIDThatAppIDsDoesNotListIsWarnedAbout() throws {
    let text = """
      {"applinks": {"details": [{
        "appID": "D3KQX62K1A.com.example.old",
        "appIDs": ["D3KQX62K1A.com.example.app"],
        "components": [{"/": "/albums/*"}]
      }]}}
      """
    let finding = try #require(codes(text).first)
    #expect(finding.code.rawValue == "AASA201")
    #expect(finding.message.contains("\"D3KQX62K1A.com.example.old\""))
  }

  @Test func probesAreBoundedWhateverTheFileSize() {
    let rules = (0..<3_000).map { #"{"/": "/section\#($0)/*"}"# }.joined(separator: ",")
    let paths = (0..<3_000).map { #""/section\#($0)/*""# }.joined(separator: ",")
    let text = """
      {"applinks": {"details": [{"appIDs": ["D3KQX62K1A.com.example.app"],
        "paths": [\(paths)], "components": [\(rules)]}]}}
      """
    let association = SiteAssociationLinter().lint(Array(text.utf8)).association
    let urls = RoutingProbe.urls(from: [association!])
    #expect(urls.count == RoutingProbe.maximumProbes)
    #expect(codes(text).isEmpty)
  }
}
