import AASACore
import Testing

@testable import AASAAndroid

/// Statement lists built to stall a linter, each read in one bounded pass.
@Suite("assetlinks.json hostile input")
struct AssetLinksHostileInputTests {
  @Test("an assetlinks list of 20,000 empty statements is checked in one pass")
  func manyEmptyStatements() {
    let text = "[" + Array(repeating: "{}", count: 20_000).joined(separator: ",") + "]"
    let report = AssetLinksLinter().lint(Array(text.utf8))
    let ignored = report.diagnostics.filter { $0.code == .AssetLinks.listIgnored }
    #expect(ignored.count == 1)
    #expect(ignored.first?.message.contains("and 19990 more") == true)
  }
}
