import TestSupport
import Testing

@testable import AASAAndroid

/// `pathAdvancedPattern` against the cases of AOSP's `PatternMatcherTest` and CTS's
/// `IntentFilterTest` (conformance cases, rewritten as tables).
@Suite("Intent filters: pathAdvancedPattern as PatternMatcher's ADVANCED_GLOB")
struct AdvancedPatternTests {
  @Test(
    "Matches and misses from AOSP's PatternMatcherTest",
    arguments: [
      (".", ["a", "b"], [""]),
      ("[a]", ["a"], ["b"]),
      ("[.*+{}\\]\\\\[]", [".", "*", "+", "{", "}", "]", "\\", "["], ["a"]),
      ("[a-z]", ["a", "b"], ["A", "1"]),
      ("[a-z][0-9]", ["a1"], ["1a", "aa"]),
      ("[z-a]", [], ["a", "z", "A"]),
      ("[^0-9]", ["a", "z", "A"], ["9", "5", "0"]),
      ("[\\[a]", ["a", "["], ["b"]),
      ("\\.", ["."], ["a", "1"]),
      ("a\\+", ["a+"], ["a", "aaaaa"]),
      ("[\\a-\\z]", ["a", "z"], ["A"]),
      ("a", ["a"], ["", "z"]),
      ("az", ["az"], ["", "za"]),
      ("[a-z]*", ["", "a", "abcdefg"], ["abc1", "1abc"]),
      ("[a-z]+", ["a", "abcdefg"], ["", "abc1", "1abc"]),
      ("[a-z]{1}", ["a", "z"], ["", "1", "aa"]),
      ("[a-z]{1,5}", ["a", "zazaz"], ["", "azazaz", "11111"]),
      ("[a-z]{3,}", ["aza", "zazaz", "azazazazazaz"], ["", "aa"]),
      (
        "/[0-9]{4}/[0-9]{2}/[0-9]{2}/[a-zA-Z0-9_]+\\.html",
        ["/2016/09/07/got_this_working.html", "/2016/09/07/got_this_working2.html"],
        ["", "/2016/09/07/got_this_working2dothtml", "/2016/9/7/got_this_working.html"]
      ),
      (
        "/b*a*bar.*",
        ["/babar", "/babarfff", "/bbaabarfff", "/babar?blah", "/baaaabar?blah"],
        ["?bar", "/bar", "/baz", "/ba/bar", "/barf", "/", "?blah"]
      ),
    ] as [(String, [String], [String])])
  func patternMatcherTest(pattern: String, matching: [String], notMatching: [String]) throws {
    let compiled = try AndroidAdvancedPattern(pattern)
    for text in matching { #expect(compiled.matches(text), "\(pattern) should match \(text)") }
    for text in notMatching { #expect(!compiled.matches(text), "\(pattern) should miss \(text)") }
  }

  @Test(
    "Patterns Android refuses to compile (PatternMatcherTest's poorly formatted ones)",
    arguments: [
      "[]a]", "[a-z", "a{,4}", "a{0,a}", "a{\\1, 2}", "[]", "a{}", "{3,4}", "a+{3,4}", "*.",
      ".+*", "a{3,4", "[a", "abc\\", "+.", "[", "a{5,2}",
      "[" + String(repeating: "abcdefghijklmnopqrstuvwxyz", count: 40).prefix(1024) + "]",
    ])
  func poorlyFormatted(pattern: String) {
    #expect(throws: AndroidAdvancedPattern.Problem.self) { try AndroidAdvancedPattern(pattern) }
  }

  @Test(
    "Scheme-specific-part cases of CTS's IntentFilterTest, ADVANCED_GLOB column",
    arguments: [
      ("ssp.*", ["ssp1", "ssp"], ["ss"]),
      (".*", ["ssp1", "ssp", ""], []),
      ("a1*b", ["ab", "a1b", "a11b"], ["a2b", "a1bc", "a"]),
      ("a1*", ["a1", "a11"], ["ab", "a1b", "a2"]),
      ("a\\.*b", ["ab", "a.b", "a..b"], ["a2b", "a.bc", ""]),
      ("a[.1-2]*b", ["ab", "a.b", "a.1b", "a2b"], ["a.bc", ""]),
      ("a.*", ["ab", "a.b", "a.1b", "a2b", "a.bc"], [""]),
      ("a.\\*b", ["a.*b", "a1*b"], ["ab", "a2b", "a.bc", ""]),
      ("a.\\*", ["a.*", "a1*"], ["ab", "a1b"]),
    ] as [(String, [String], [String])])
  func intentFilterTest(pattern: String, matching: [String], notMatching: [String]) throws {
    let compiled = try AndroidAdvancedPattern(pattern)
    for text in matching { #expect(compiled.matches(text), "\(pattern) should match \(text)") }
    for text in notMatching { #expect(!compiled.matches(text), "\(pattern) should miss \(text)") }
  }

  @Test(
    "Greedy without backtracking: `.*\\.html` matches nothing, a `}` outside a range is dropped")
  func quirks() throws {
    #expect(!(try AndroidAdvancedPattern(".*\\.html")).matches("/a.html"))
    #expect((try AndroidAdvancedPattern("/a}b")).matches("/ab"))
    #expect((try AndroidAdvancedPattern("/a]")).matches("/a]"))
  }

  @Test("A long text against a starred set stays linear")
  func linear() throws {
    let compiled = try AndroidAdvancedPattern("/[a-z]*x")
    let text = "/" + String(repeating: "a", count: 200_000)
    let clock = ContinuousClock()
    let elapsed = clock.measure { #expect(!compiled.matches(text)) }
    // Only against a blow-up: linear, 200,000 scalars take milliseconds; backtracking the star
    // from every position is 20 billion steps.
    #expect(elapsed < BlowUpBound.limit)
  }
}
