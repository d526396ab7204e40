import TestSupport
import Testing

@testable import AASAAndroid

/// `path`, `pathPrefix`, `pathSuffix` and `pathPattern` (PatternMatcher's simple glob, as
/// written, not the dynamic rules' rewrite), with CTS's IntentFilterTest cases.
@Suite("Intent filters: path attributes as PatternMatcher matches them")
struct IntentPathPatternTests {
  @Test(
    "Simple-glob cases of CTS's IntentFilterTest (SIMPLE_GLOB column)",
    arguments: [
      ("ssp.*", ["ssp1", "ssp"], ["ss"]),
      (".*", ["ssp1", "ssp", ""], []),
      ("a1*b", ["ab", "a1b", "a11b"], ["a2b", "a1bc", "a"]),
      ("a1*", ["a1", "a11"], ["ab", "a1b", "a2"]),
      ("a\\.*b", ["ab", "a.b", "a..b"], ["a2b", "a.bc", ""]),
      ("a.*b", ["ab", "a.b", "a.1b", "a2b"], ["a.bc", ""]),
      ("a.*", ["ab", "a.b", "a.1b", "a2b", "a.bc"], [""]),
      ("a.\\*b", ["a.*b", "a1*b"], ["ab", "a2b", "a.bc", ""]),
      ("a.\\*", ["a.*", "a1*"], ["ab", "a1b"]),
    ] as [(String, [String], [String])])
  func simpleGlob(pattern: String, matching: [String], notMatching: [String]) {
    let compiled = IntentPathPattern(.pathPattern, pattern)
    for text in matching { #expect(compiled.matches(text), "\(pattern) should match \(text)") }
    for text in notMatching { #expect(!compiled.matches(text), "\(pattern) should miss \(text)") }
  }

  @Test("Literal, prefix and suffix compare exactly, case included")
  func exact() {
    #expect(IntentPathPattern(.path, "/about").matches("/about"))
    #expect(!IntentPathPattern(.path, "/about").matches("/about/"))
    #expect(!IntentPathPattern(.path, "/about").matches("/About"))
    #expect(IntentPathPattern(.pathPrefix, "/shop").matches("/shopping"))
    #expect(!IntentPathPattern(.pathPrefix, "/shop").matches("/Shop"))
    #expect(IntentPathPattern(.pathSuffix, ".pdf").matches("/a/b.pdf"))
    #expect(!IntentPathPattern(.pathSuffix, ".pdf").matches("/a/b.PDF"))
  }

  @Test("`.*` is lazy: `.*\\.pdf` misses a path with an earlier dot")
  func lazy() {
    let pattern = IntentPathPattern(.pathPattern, "/.*\\.pdf")
    #expect(pattern.matches("/docs/file.pdf"))
    #expect(!pattern.matches("/v1.2/file.pdf"))
    // `.+` is not "one or more" in a simple glob: `+` is a literal after any character.
    #expect(!IntentPathPattern(.pathPattern, "/a.+").matches("/abc"))
    #expect(IntentPathPattern(.pathPattern, "/a.+").matches("/ab+"))
  }

  @Test("The 30-dot idiom: one `.*\\.` per dot in the path, matched in linear time")
  func thirtyDots() {
    let pattern = IntentPathPattern(
      .pathPattern, "/" + String(repeating: ".*\\.", count: 30) + "pdf")
    let thirty = "/" + (0..<30).map { "p\($0)." }.joined() + "pdf"
    #expect(pattern.matches(thirty))
    let twentyNine = "/" + (0..<29).map { "p\($0)." }.joined() + "pdf"
    #expect(!pattern.matches(twentyNine))
    let long = "/" + String(repeating: "a.", count: 100_000)
    let clock = ContinuousClock()
    // Only against a blow-up: 30 `.*` backtracked over 200,000 scalars never ends.
    #expect(clock.measure { _ = pattern.matches(long) } < BlowUpBound.limit)
  }

  @Test("aapt's escapes: the XML's `\\\\.` reaches PatternMatcher as `\\.`, a single `\\.` as `.`")
  func aaptEscapes() {
    #expect(AAPTString.unescape("/.*\\\\.pdf") == "/.*\\.pdf")
    #expect(AAPTString.unescape("/.*\\.pdf") == "/.*.pdf")
    #expect(AAPTString.unescape("a\\u0041") == "aA")
    #expect(AAPTString.unescape("plain") == "plain")
  }
}
