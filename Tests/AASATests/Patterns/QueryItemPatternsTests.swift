import Testing

@testable import AASA

@Suite("Query item patterns (§3, Query)")
struct QueryItemPatternsTests {
  private func matches(
    _ items: [(name: String, value: String)], _ query: String, caseSensitive: Bool = true,
    percentEncoded: Bool = true
  ) -> Bool {
    QueryItemPatterns(items, caseSensitive: caseSensitive)
      .matches(ParsedQuery(query), percentEncoded: percentEncoded)
  }

  @Test("Splitting a query")
  func parsing() {
    let query = ParsedQuery("a=1&b&c=&a=2=3&d%20e=f")
    #expect(query.items.map(\.rawName) == ["a", "b", "c", "a", "d%20e"])
    #expect(query.items.map(\.rawValue) == ["1", nil, "", "2=3", "f"])
    #expect(query.items[4].decodedName == "d e")
    #expect(ParsedQuery("").items.isEmpty)
  }

  @Test("Splitting keeps non-ASCII text and treats only the first = as the separator")
  func parsingNonASCII() {
    let query = ParsedQuery("café=crème&naïve&=x&a==")
    #expect(query.items.map(\.rawName) == ["café", "naïve", "", "a"])
    #expect(query.items.map(\.rawValue) == ["crème", nil, "x", "="])
  }

  @Test("Names are exact strings: canonically equivalent spellings are different names")
  func namesAreExact() {
    let composed = "caf\u{E9}"
    let decomposed = "cafe\u{301}"
    #expect(matches([(composed, "1")], composed + "=1"))
    #expect(!matches([(composed, "1")], decomposed + "=1"))
    #expect(!matches([(decomposed, "1")], composed + "=1"))
    #expect(matches([(composed, "1")], "caf%C3%A9=1", percentEncoded: false))
    #expect(!matches([(composed, "1")], "caf%C3%A9=1"))
  }

  @Test("Every listed name must match; unlisted items are ignored")
  func listedNames() {
    #expect(matches([("a", "1")], "a=1&b=2"))
    #expect(!matches([("a", "1"), ("b", "3")], "a=1&b=2"))
    #expect(matches([("a", "?"), ("b", "*")], "b=2&a=1&z=9"))
  }

  @Test("A missing item or one without a value counts as empty")
  func missingIsEmpty() {
    #expect(matches([("b", "*")], "a=1"))
    #expect(matches([("b", "")], "a=1"))
    #expect(!matches([("b", "?*")], "a=1"))
    #expect(matches([("b", "")], "b"))
    #expect(!matches([("b", "?*")], "b"))
    #expect(matches([("b", "")], ""))
  }

  @Test("Every occurrence of a repeated name must match")
  func repeated() {
    #expect(matches([("a", "$(digit)")], "a=1&a=2"))
    #expect(!matches([("a", "$(digit)")], "a=1&a=x"))
    let patterns = QueryItemPatterns([("a", "1"), ("b", "2")])
    #expect(patterns.firstFailingItem(in: ParsedQuery("a=1&b=3"), percentEncoded: true) == 1)
  }

  @Test("Names are exact strings, compared decoded when percentEncoded is false")
  func names() {
    #expect(!matches([("A", "1")], "a=1", caseSensitive: false))
    #expect(!matches([("a*", "1")], "ab=1"))
    #expect(matches([("a b", "1")], "a%20b=1", percentEncoded: false))
    #expect(!matches([("a b", "1")], "a%20b=1"))
    #expect(matches([("a%20b", "1")], "a%20b=1"))
  }

  @Test("Values follow caseSensitive and percentEncoded")
  func values() {
    #expect(matches([("q", "CAFÉ")], "q=caf%C3%A9", caseSensitive: false, percentEncoded: false))
    #expect(!matches([("q", "café")], "q=caf%C3%A9"))
    #expect(matches([("q", "Café")], "q=café", caseSensitive: false))
  }
}
