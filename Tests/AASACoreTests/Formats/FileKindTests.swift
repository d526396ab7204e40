import AASACore
import Testing

@Suite("Telling an association file from a statement list")
struct FileKindTests {
  private func kind(_ text: String) -> FileKind {
    FileKind.detect(SourceDocument(name: "-", bytes: Array(text.utf8)))
  }

  @Test("A list is a statement list; an object with an Apple service is an association file")
  func plainCases() {
    #expect(kind(#"[{"relation": [], "target": {}}]"#) == .assetLinks)
    #expect(kind("\u{FEFF} []") == .assetLinks)
    #expect(kind(#"{"applinks": {"details": []}}"#) == .appleAppSiteAssociation)
    #expect(kind(#"{"webcredentials": {"apps": []}}"#) == .appleAppSiteAssociation)
    #expect(kind("{}") == .appleAppSiteAssociation)
  }

  @Test("A lone statement outside a list is a statement list")
  func loneStatement() {
    #expect(kind(#"{"relation": [], "target": {"namespace": "android_app"}}"#) == .assetLinks)
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
