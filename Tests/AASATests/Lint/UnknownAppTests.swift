import AASA
import AASACore
import Testing

/// `--app` naming an app that `applinks` does not list: the finding names the ID probably meant.
@Suite("Lint: an app the file does not list")
struct UnknownAppTests {
  let file = #"""
    {"applinks": {"details": [
      {"appIDs": ["D3KQX62K1A.com.example.photoapp"], "components": [{"/": "/albums/*"}]},
      {"appIDs": ["D3KQX62K1A.com.example.videoapp"], "components": [{"/": "/videos/*"}]}]},
     "webcredentials": {"apps": ["D3KQX62K1A.com.example.passwords"]}}
    """#

  private func finding(for app: String, in text: String? = nil) -> Diagnostic? {
    UnknownApp.diagnostic(
      for: app, in: SiteAssociationLinter().lint(Array((text ?? file).utf8)).association)
  }

  @Test("a listed app has no finding")
  func listed() {
    #expect(finding(for: "D3KQX62K1A.com.example.videoapp") == nil)
  }

  @Test(
    "the nearest ID and why",
    arguments: [
      ("d3kqx62k1a.com.example.videoapp", "D3KQX62K1A.com.example.videoapp", "case differs", 1),
      ("A1B2C3D4E5.com.example.videoapp", "D3KQX62K1A.com.example.videoapp", "another Team ID", 1),
      ("com.example.photoapp", "D3KQX62K1A.com.example.photoapp", "start with the Team ID", 0),
      ("D3KQX62K1A.com.example.videoap", "D3KQX62K1A.com.example.videoapp", "close spelling", 1),
    ])
  func nearest(_ app: String, _ meant: String, _ reason: String, _ detail: Int) throws {
    let diagnostic = try #require(finding(for: app))
    #expect(diagnostic.code == .Apple.appNotInFile)
    #expect(diagnostic.severity == .warning)
    #expect(diagnostic.message.contains("did you mean \(meant)?"))
    #expect(diagnostic.message.contains(reason))
    #expect(diagnostic.path == "applinks.details[\(detail)]")
  }

  @Test("an ID listed only under another service says so")
  func otherService() throws {
    let diagnostic = try #require(finding(for: "D3KQX62K1A.com.example.passwords"))
    #expect(diagnostic.message.contains("only under webcredentials"))
  }

  @Test("a file that could not be read names no apps, and still gets the finding")
  func unreadableFile() throws {
    let diagnostic = try #require(
      finding(for: "D3KQX62K1A.com.example.photoapp", in: #"{"applinks": {"details": ["#))
    #expect(diagnostic.message.contains("lists no app"))
  }
}
