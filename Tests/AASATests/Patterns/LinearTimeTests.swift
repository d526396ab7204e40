import Testing

@testable import AASA

/// Correctness on inputs that make backtracking matchers explode. Speed itself is measured by
/// ``PatternBenchmarkTests`` (no timing assertions here); a backtracking implementation would
/// simply not finish these tests.
@Suite("Hostile patterns")
struct LinearTimeTests {
  private static let hostile = "*a*a*a*a*a*a*a*a*a*a*b"

  @Test("The hostile wildcard pattern decides 10,000-character paths")
  func hostileWildcards() {
    let path = "/" + String(repeating: "a", count: 10_000)
    let pattern = Pattern(Self.hostile, part: .path)
    #expect(!pattern.matches(path))
    #expect(pattern.matches(path + "b"))
    #expect(Pattern(Self.hostile, part: .fragment).matches(String(repeating: "a", count: 10) + "b"))
  }

  @Test("Hostile patterns through variables whose values hold wildcards")
  func hostileVariables() {
    let variables = VariableTable(custom: ["v": ["*a", "*a*a", "a"], "w": ["*b", ""]])
    let pattern = Pattern(
      "$(v)$(v)$(v)$(v)$(v)$(v)$(v)$(v)$(w)", part: .path, variables: variables)
    let path = "/" + String(repeating: "a", count: 10_000)
    #expect(pattern.usesMultiCharacterVariables)
    #expect(pattern.matches(path))
    #expect(!pattern.matches(path + "c"))
    #expect(pattern.matches(path + "b"))
  }

  @Test("The automaton handles a hostile pattern as written")
  func automatonDirectly() {
    let pattern = Pattern(Self.hostile + "$(lang)", part: .query)
    #expect(!pattern.matches(String(repeating: "a", count: 10_000)))
    #expect(pattern.matches(String(repeating: "a", count: 10_000) + "ben"))
  }

  @Test("How far a near miss got")
  func longestMatchingPrefix() {
    let pattern = Pattern("/videos/$(digit)$(digit)/*", part: .path)
    let text = PreparedText("/videos/4x/clip", part: .path)
    #expect(pattern.longestMatchingPrefix(of: text) == 9)
    #expect(pattern.longestMatchingPrefix(of: PreparedText("/videos/42/x", part: .path)) == 13)
    #expect(Pattern("/$(nope)", part: .path).longestMatchingPrefix(of: text) == 0)
    let region = Pattern("/$(region)/x", part: .path)
    #expect(region.longestMatchingPrefix(of: PreparedText("/gb/y", part: .path)) == 4)
  }
}
