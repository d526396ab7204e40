import AASACore
import Testing

@testable import AASA

/// An app ID whose prefix is not a Team ID can never match a signed app: an error, and a
/// template's stand-in is named as a placeholder.
@Suite("App IDs: a prefix that is not a Team ID")
struct TeamIDPrefixTests {
  func codes(_ id: String) -> [String] {
    let json =
      #"{"applinks": {"details": [{"appIDs": ["\#(id)"], "components": [{"/": "/a/*"}]}]}}"#
    return SiteAssociationLinter().lint(Array(json.utf8)).diagnostics
      .filter { $0.code.rawValue.hasPrefix("AASA20") }.map { "\($0.code.rawValue) \($0.severity)" }
  }

  @Test(
    "Template stand-ins are placeholders (AASA203, an error)",
    arguments: [
      "YOUR_PRODUCTION_TEAM_ID.com.example.app", "MY_TEAM.com.example.app",
      "REPLACE-ME.com.example.app", "TODO.com.example.app",
    ])
  func placeholders(id: String) {
    #expect(codes(id) == ["AASA203 error"])
  }

  @Test(
    "Any other prefix that is not 10 characters of A-Z and 0-9 is an error (AASA204)",
    arguments: [
      "X62K1A.com.example.app", "D3KQX62K1AB.com.example.app", "D3KQX-2K1A.com.example.app",
    ])
  func notATeamID(id: String) {
    #expect(codes(id) == ["AASA204 error"])
  }

  @Test("A real Team ID is accepted")
  func realTeamID() {
    #expect(codes("D3KQX62K1A.com.example.app").isEmpty)
  }
}
