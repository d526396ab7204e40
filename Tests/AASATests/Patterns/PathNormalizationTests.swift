import Testing

@testable import AASA

@Suite("Path normalization (§3)")
struct PathNormalizationTests {
  @Test(
    "URL paths normalize",
    arguments: [
      ("", "/"), ("/", "/"), ("*", "*"), ("a", "a"), ("/buy", "/buy/"), ("/buy/", "/buy/"),
      ("abc", "/abc/"), ("//abc", "/abc/"), ("/a//b///c", "/a/b/c/"), ("/a*", "/a*"),
      ("*abc", "*abc/"), ("//", "/"),
    ])
  func urlPaths(text: String, expected: String) {
    #expect(prepared(text) == expected)
  }

  @Test(
    "ASCII parts (prepared in one pass) and non-ASCII parts (prepared step by step) agree",
    arguments: [
      ("/A//B", "/a/b/", "/\u{C9}//B", "/\u{E9}/b/"), ("Ab", "/ab/", "\u{C9}b", "/\u{E9}b/"),
      ("/AB*", "/ab*", "/\u{C9}B*", "/\u{E9}b*"), ("A", "a", "\u{C9}", "\u{E9}"),
      ("//", "/", "//\u{C9}", "/\u{E9}/"),
    ])
  func onePassAgreesWithSteps(
    ascii: String, asciiExpected: String, other: String, otherExpected: String
  ) {
    #expect(prepared(ascii, caseSensitive: false) == asciiExpected)
    #expect(prepared(other, caseSensitive: false) == otherExpected)
    // A `%` in a decoded form also takes the step-by-step way.
    let escaped = ascii.replacingOccurrences(of: "A", with: "%41")
    #expect(prepared(escaped, percentEncoded: false, caseSensitive: false) == asciiExpected)
  }

  @Test("Queries and fragments are not normalized")
  func otherParts() {
    #expect(prepared("a//b", part: .query) == "a//b")
    #expect(prepared("", part: .fragment) == "")
    #expect(!patternMatches("a/b", "a//b", part: .fragment))
  }

  @Test(
    "The sheet's examples",
    arguments: [
      ("/buy", "/buy/", true), ("/buy/", "/buy", true), ("/buy/*", "/buy", true),
      ("/buy/*", "/buyer", false), ("/buy/*", "/buy/now", true), ("abc", "/abc", true),
      ("//abc", "/abc", true), ("/abc", "//abc", true), ("/", "", true), ("", "", true),
      ("", "/", true), ("/a/*/c", "/a/c", false), ("/a/*/c", "/a/b/c", true),
      ("/id/????", "/id/481", false), ("/id/????", "/id/4812", true),
      ("/id/????", "/id/48123", false),
      ("/id/???", "/id/481", true),
    ])
  func sheetExamples(pattern: String, path: String, matches: Bool) {
    #expect(patternMatches(pattern, path) == matches)
  }

  @Test("One-character patterns stay as written")
  func oneCharacter() {
    #expect(patternMatches("*", ""))
    #expect(patternMatches("*", "/anything/at/all"))
    #expect(patternMatches("/", "/"))
    #expect(!patternMatches("/", "/a"))
    // `a` is not `/a/`: it only matches the one-character path `a`.
    #expect(patternMatches("a", "a"))
    #expect(!patternMatches("a", "/a"))
  }

  @Test("A trailing star keeps the pattern open; an inner star is not a separator")
  func stars() {
    #expect(patternMatches("/a*", "/abc/def"))
    #expect(patternMatches("/a*", "/a"))
    #expect(patternMatches("*.html", "/x/y.html"))
    #expect(!patternMatches("*.html", "/x/y.htm"))
    #expect(patternMatches("*/b", "/a/b/"))
  }

  @Test("Escaped slashes and stars take part in normalization")
  func escapes() {
    #expect(patternMatches("\\/a\\/\\/b", "/a/b"))
    // `\*` is a literal star, and counts as ending with `*`: no trailing slash is added.
    #expect(patternMatches("/a\\*", "/a*"))
    #expect(!patternMatches("/a\\*", "/ab"))
  }

  @Test("%2F is no separator when encoded, and is one when decoded")
  func encodedSlash() {
    #expect(prepared("/a%2F%2Fb") == "/a%2F%2Fb/")
    #expect(prepared("/a%2F%2Fb", percentEncoded: false) == "/a/b/")
    #expect(!patternMatches("/a/*", "/a%2Fb"))
    #expect(patternMatches("/a/*", "/a%2Fb", percentEncoded: false))
  }
}
