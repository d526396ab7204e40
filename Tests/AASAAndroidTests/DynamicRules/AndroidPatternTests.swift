import TestSupport
import Testing

@testable import AASAAndroid

@Suite("Dynamic rules: Android's pattern compilation and glob, as the sheet states it")
struct AndroidPatternTests {
  @Test(
    "How an expression becomes a matcher",
    arguments: [
      ("/a.html", AndroidPattern.Kind.literal),
      ("/foo*", .prefix),
      ("*", .prefix),
      ("*.bar", .simpleGlob),
      ("/a/*/c", .simpleGlob),
      ("/?", .simpleGlob),
      ("?*", .simpleGlob),
      ("/[a-z]{2}+", .literal),
    ])
  func kinds(written: String, kind: AndroidPattern.Kind) {
    #expect(AndroidPattern(written).kind == kind)
  }

  @Test(
    "Matches and misses from §3.4 (lazy `*`, literal after `*`, `.` in a glob, no escapes)",
    arguments: [
      ("/a.html", "/a.html", true),
      ("/a.html", "/aXhtml", false),  // literal: `.` is a dot
      ("/foo*", "/foo", true),
      ("/foo*", "/foobar/x", true),
      ("/foo*", "/fo", false),
      ("*", "", true),
      ("/a*b", "/axbyb", false),  // lazy: stops at the first b
      ("/a*b", "/axb", true),
      ("/a/*/c", "/a/b/c", true),
      ("/a/*/c", "/a/b/x/c", false),
      ("*.html", "/page.html", true),
      ("*.html", "/v1.2/page.html", false),
      ("*/terms/*", "/terms/x", true),
      ("*/terms/*", "/en/terms/x", false),
      ("/?.html", "/aXhtml", true),  // `.` in a glob matches any character
      ("/?", "/😀", false),  // two UTF-16 units
      ("/??", "/😀", true),
      ("?*", "", false),
      ("?*", "x", true),
      ("*?", "/abc", false),  // `*?` needs a literal `.`
      ("*?", "/a.", true),
      ("*?", "/a.c", false),  // the literal `.` must end the text
      ("/**", "/anything", false),
      ("/**", "/x.*", true),  // `**` needs a literal `.*`
      ("\\*", "\\abc", true),  // a backslash, then a wildcard
      ("\\*", "abc", false),
      ("/a*", "/a", true),
      ("/a?c*", "/abc", true),
      ("/a?c*", "/ab", false),
    ])
  func matching(pattern: String, text: String, expected: Bool) {
    #expect(AndroidPattern(pattern).matches(text) == expected, "\(pattern) on \(text)")
  }

  @Test("Case is never folded, and nothing is normalised")
  func noNormalisation() {
    #expect(!AndroidPattern("/buy").matches("/Buy"))
    #expect(!AndroidPattern("/buy").matches("/buy/"))
    #expect(!AndroidPattern("/a").matches("//a"))
  }

  @Test("A long hostile text against a hostile glob answers in linear time")
  func linear() {
    let text = String(repeating: "a", count: 200_000)
    let pattern = AndroidPattern(String(repeating: "*a", count: 1_000) + "b")
    let clock = ContinuousClock()
    let elapsed = clock.measure { #expect(!pattern.matches(text)) }
    // Only against a blow-up: linear, this takes milliseconds; a backtracking glob tries 1,000
    // stars at 200,000 positions each, exponentially.
    #expect(elapsed < BlowUpBound.limit)
  }
}

@Suite("Dynamic rules: the URL text Android matches (§3.5)")
struct AndroidURLPartsTests {
  @Test("Path, query and fragment are decoded; `+` stays; `%2F` becomes `/`")
  func decoding() {
    let parts = AndroidURLParts("https://example.com/a%20b%2Fc+d?q=%41#frag%21")
    #expect(String(decoding: parts.path, as: UTF16.self) == "/a b/c+d")
    #expect(parts.query.map { String(decoding: $0, as: UTF16.self) } == "q=A")
    #expect(parts.fragment.map { String(decoding: $0, as: UTF16.self) } == "frag!")
  }

  @Test("A URL without a path has the path \"\"; no `?` means no query; no `#` no fragment")
  func absentParts() {
    let parts = AndroidURLParts("https://example.com")
    #expect(parts.path.isEmpty)
    #expect(parts.query == nil)
    #expect(parts.fragment == nil)
    #expect(AndroidURLParts("/p?#").query == [])
  }

  @Test(
    "Query split: decoded first, `&` then `;`, trailing empties dropped",
    arguments: [
      ("?q=a%26b", ["q=a", "b"]),
      ("?a=1;b=2", ["a=1", "b=2"]),
      ("?a=1;b=2&c=3", ["a=1;b=2", "c=3"]),
      ("?a=1&", ["a=1&"]),
    ])
  func querySplit(query: String, expected: [String]) {
    let parts = AndroidURLParts("https://h/p" + query)
    #expect(parts.parameters.map { String(decoding: $0, as: UTF16.self) } == expected)
  }
}
