import Testing

@testable import AASACore

@Suite("Did you mean: one edit distance for every format")
struct SuggestionTests {
  @Test func editDistanceCountsInsertionsDeletionsAndSubstitutions() {
    func distance(_ a: String, _ b: String) -> Int {
      Suggestion.editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars))
    }
    #expect(distance("", "abc") == 3)
    #expect(distance("abc", "") == 3)
    #expect(distance("kitten", "sitting") == 3)
    #expect(distance("paths", "paths") == 0)
    #expect(distance("pahts", "paths") == 2)
  }

  /// Apple's keys: short words get one edit, the case alone always counts.
  @Test func closestKeepsShortWordsToOneEdit() {
    #expect(Suggestion.closest(to: "APPS", among: ["apps", "details"]) == "apps")
    #expect(Suggestion.closest(to: "aps", among: ["apps"]) == "apps")
    #expect(Suggestion.closest(to: "ap", among: ["apps"]) == nil)
    #expect(Suggestion.closest(to: "detials", among: ["apps", "details"]) == "details")
    #expect(Suggestion.closest(to: "xyzzy", among: ["apps", "details"]) == nil)
  }

  /// Route config keys and App Links names: any word within two edits, the nearest first, the
  /// first listed on a tie.
  @Test func withinTwoEditsNamesTheNearest() {
    #expect(Suggestion.withinTwoEdits(of: "URL", among: ["url", "package"]) == "url")
    #expect(Suggestion.withinTwoEdits(of: "ur", among: ["url", "package"]) == "url")
    #expect(Suggestion.withinTwoEdits(of: "iphon", among: ["ios", "iphone", "ipad"]) == "iphone")
    #expect(Suggestion.withinTwoEdits(of: "ipd", among: ["ipad", "ios"]) == "ipad")
    #expect(Suggestion.withinTwoEdits(of: "handler", among: ["handlers", "handle"]) == "handlers")
    #expect(Suggestion.withinTwoEdits(of: "windows", among: ["web", "ios"]) == nil)
  }

  @Test func withinTwoEditsComparesNoLongWord() {
    let long = String(repeating: "a", count: 65)
    #expect(Suggestion.withinTwoEdits(of: long, among: [long + "b"]) == nil)
    // The same letters are still named.
    #expect(Suggestion.withinTwoEdits(of: long.uppercased(), among: [long]) == long)
  }
}
