import Testing

@testable import AASA

@Suite("Pattern language (§3)")
struct PatternLanguageTests {
  @Test(
    "Wildcards",
    arguments: [
      ("/a/*", "/a/b/c/d", true), ("/a/*/d", "/a/b/c/d", true), ("/a?c", "/abc", true),
      ("/a?c", "/ac", false), ("/a?c", "/abbc", false), ("/a?*", "/", false),
      ("/a?*", "/ab", true), ("/a***b", "/ab", true), ("/a**b", "/axyzb", true),
      ("/a?c", "/a/c", true),
    ])
  func wildcards(pattern: String, path: String, matches: Bool) {
    #expect(patternMatches(pattern, path) == matches)
  }

  @Test("`?` can match the trailing slash normalization adds")
  func questionMarkAndTrailingSlash() {
    // `/a` is `/a/` once normalized, and `/a?*` keeps no trailing slash of its own.
    #expect(patternMatches("/a?*", "/a"))
    #expect(!patternMatches("/a?*", "/"))
    #expect(!patternMatches("/a?", "/a"))
  }

  @Test("Runs of stars are one star")
  func starRuns() {
    let pattern = Pattern("/a***b", part: .path)
    #expect(pattern.literalPrefixString == "/a")
    #expect(Pattern("***", part: .query).matchesEverything)
  }

  @Test("`?` is one Unicode scalar, not one byte")
  func questionMarkIsOneScalar() {
    #expect(patternMatches("/caf?", "/café", percentEncoded: false))
    #expect(patternMatches("/caf?", "/café"))
    #expect(!patternMatches("/caf??", "/café"))
    // Encoded, `é` is six characters: `%C3%A9`.
    #expect(patternMatches("/caf??????", "/caf%C3%A9"))
    #expect(!patternMatches("/caf?", "/caf%C3%A9"))
    #expect(patternMatches("/caf?", "/caf%C3%A9", percentEncoded: false))
    #expect(patternMatches("/?", "/😀"))
  }

  @Test("Backslash escapes the next character")
  func escapes() {
    #expect(patternMatches("/a\\*b", "/a*b"))
    #expect(!patternMatches("/a\\*b", "/axb"))
    #expect(patternMatches("/a\\?b", "/a?b"))
    #expect(!patternMatches("/a\\?b", "/axb"))
    #expect(patternMatches("/a\\\\b", "/a\\b"))
    #expect(patternMatches("/a\\$(digit)", "/a$(digit)"))
    #expect(!patternMatches("/a\\$(digit)", "/a1"))
  }

  @Test("A trailing lone backslash is a literal backslash, and is reported")
  func trailingBackslash() {
    let pattern = Pattern("/a\\", part: .path)
    #expect(pattern.issues == [.trailingBackslash])
    #expect(pattern.matches("/a\\"))
    #expect(!pattern.matches("/a"))
  }

  @Test("Exactly `*` matches anything, an absent part too; empty matches only empty")
  func starAndEmpty() {
    for part in PatternPart.allCases {
      #expect(patternMatches("*", "", part: part))
      #expect(patternMatches("*", "x=1&y", part: part))
      #expect(Pattern("*", part: part).matchesEverything)
    }
    for part in [PatternPart.query, .fragment, .queryItemValue] {
      #expect(patternMatches("", "", part: part))
      #expect(!patternMatches("", "a", part: part))
      #expect(!Pattern("", part: part).matchesEverything)
    }
  }

  @Test("Query strings are matched whole and as written")
  func queryString() {
    #expect(!patternMatches("a=1", "a=1&b=2", part: .query))
    #expect(patternMatches("a=1*", "a=1&b=2", part: .query))
    #expect(!patternMatches("?*", "", part: .query))
    #expect(patternMatches("?*", "x", part: .query))
  }

  @Test("Fragments are matched like any part; no fragment is empty")
  func fragment() {
    #expect(patternMatches("top", "top", part: .fragment))
    #expect(!patternMatches("top", "", part: .fragment))
    #expect(patternMatches("", "", part: .fragment))
    #expect(!patternMatches("?*", "", part: .fragment))
  }
}
