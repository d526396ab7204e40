import AASA
import Testing

@Suite("Telling an association file from a statement list")
struct FileKindTests {
  private func kind(_ text: String) -> FileKind { Linter.lint(Array(text.utf8)).kind }

  @Test("A list is a statement list; an object with an Apple service is an association file")
  func plainCases() {
    #expect(kind(#"[{"relation": [], "target": {}}]"#) == .assetLinks)
    #expect(kind("\u{FEFF} []") == .assetLinks)
    #expect(kind(#"{"applinks": {"details": []}}"#) == .appleAppSiteAssociation)
    #expect(kind(#"{"webcredentials": {"apps": []}}"#) == .appleAppSiteAssociation)
    #expect(kind("{}") == .appleAppSiteAssociation)
  }

  @Test("A lone statement outside a list is a statement list, reported as unwrapped")
  func loneStatement() {
    let text = #"""
      {"relation": ["delegate_permission/common.handle_all_urls"],
       "target": {"namespace": "android_app", "package_name": "com.example",
                  "sha256_cert_fingerprints": []}}
      """#
    let report = Linter.lint(Array(text.utf8))
    #expect(report.kind == .assetLinks)
    let notAList = report.diagnostics.first { $0.code == .assetLinksNotAnArray }
    #expect(notAList?.help.contains("wrap the statement in [ and ]") == true)
    #expect(kind(#"{"include": "https://example.com/other.json"}"#) == .assetLinks)
  }

  @Test("An object that names an Apple service stays an association file, whatever else it has")
  func appleServiceWins() {
    #expect(kind(#"{"target": {}, "applinks": {"details": []}}"#) == .appleAppSiteAssociation)
  }

  @Test("Unreadable JSON is told apart by its first character")
  func brokenJSON() {
    #expect(kind(#"[{"relation": [,]"#) == .assetLinks)
    #expect(kind(#"{"relation": "#) == .appleAppSiteAssociation)
  }
}
