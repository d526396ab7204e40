import Testing

@testable import AASA

@Suite("Literal prefixes and suffixes for indexing")
struct LiteralAffixTests {
  @Test(
    "Prefix and suffix after normalization",
    arguments: [
      ("/buy/*", "/buy/", ""), ("/buy", "/buy/", "/buy/"), ("abc", "/abc/", "/abc/"),
      ("*.html", "", ".html/"), ("/a/?/c", "/a/", "/c/"), ("//x//*", "/x/", ""),
      ("/$(region)/shop", "/", "/shop/"), ("$(lang)/x", "", "/x/"),
      ("/p/$(lang)", "/p/", ""), ("/a/$(digit)", "/a/", "/"), ("*", "", ""),
    ])
  func affixes(pattern: String, prefix: String, suffix: String) {
    let compiled = Pattern(pattern, part: .path)
    #expect(compiled.literalPrefixString == prefix)
    #expect(compiled.literalSuffixString == suffix)
  }

  @Test("Case-insensitive prefixes are folded")
  func folded() {
    #expect(Pattern("/Buy/É*", part: .path, caseSensitive: false).literalPrefixString == "/buy/é")
  }

  @Test("matchesEverything only for a lone star")
  func everything() {
    #expect(Pattern("*", part: .path).matchesEverything)
    #expect(Pattern("**", part: .path).matchesEverything)
    #expect(!Pattern("/*", part: .path).matchesEverything)
    #expect(!Pattern("?*", part: .query).matchesEverything)
  }
}
