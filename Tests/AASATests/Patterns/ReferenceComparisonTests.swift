import TestSupport
import Testing

@testable import AASA

/// Compares the compiled matcher with a deliberately naive reference on thousands of random
/// small patterns and texts: the reference expands every variable into every value, normalizes
/// each expansion as a string, and matches it with an exhaustive recursive search.
@Suite("Agreement with a brute-force reference")
struct ReferenceComparisonTests {
  private static let variables = VariableTable(custom: [
    "v": ["", "a", "/", "a*", "*/", "?b", "b/a"],
    "w": ["b", "//", "*"],
  ])

  /// Every expansion of `pattern` (written with only `a b / * ?` and `$(v)`, `$(w)`).
  private static func expansions(_ pattern: String) -> [String] {
    guard let range = pattern.firstRange(of: "$(") else { return [pattern] }
    let close = pattern[range.upperBound...].firstIndex(of: ")")!
    let name = String(pattern[range.upperBound..<close])
    let rest = expansions(String(pattern[pattern.index(after: close)...]))
    let head = String(pattern[..<range.lowerBound])
    return variables.custom[name]!.flatMap { value in rest.map { head + value + $0 } }
  }

  private static func normalized(_ path: String, keepsOneCharacter: Bool) -> String {
    if path.isEmpty { return "/" }
    if keepsOneCharacter && path.count == 1 { return path }
    var result = path.first == "*" ? "" : "/"
    for character in path where !(character == "/" && result.last == "/") {
      result.append(character)
    }
    if result.last != "*" && result.last != "/" { result.append("/") }
    return result
  }

  private static func referenceMatch(_ pattern: [Character], _ text: [Character]) -> Bool {
    var memo: [Int: Bool] = [:]
    func match(_ p: Int, _ t: Int) -> Bool {
      let key = p * 1000 + t
      if let known = memo[key] { return known }
      let result: Bool
      if p == pattern.count {
        result = t == text.count
      } else if pattern[p] == "*" {
        result = match(p + 1, t) || (t < text.count && match(p, t + 1))
      } else if t < text.count && (pattern[p] == "?" || pattern[p] == text[t]) {
        result = match(p + 1, t + 1)
      } else {
        result = false
      }
      memo[key] = result
      return result
    }
    return match(0, 0)
  }

  private static func reference(_ pattern: String, _ text: String, part: PatternPart) -> Bool {
    let isPath = part == .path
    let preparedText = isPath ? normalized(text, keepsOneCharacter: true) : text
    let keepsOne = !pattern.contains("$(")
    return expansions(pattern).contains { expansion in
      let preparedPattern = isPath ? normalized(expansion, keepsOneCharacter: keepsOne) : expansion
      return referenceMatch(Array(preparedPattern), Array(preparedText))
    }
  }

  @Test("Random patterns agree with the reference", arguments: [PatternPart.path, .fragment])
  func randomAgreement(part: PatternPart) {
    var generator = SeededRandom(seed: part == .path ? 1 : 2)
    let patternAlphabet = ["a", "b", "/", "*", "?", "$(v)", "$(w)", "/", "a"]
    var disagreements: [String] = []
    for _ in 0..<3_000 {
      let pattern = generator.string(from: patternAlphabet, maxLength: 5)
      let compiled = Pattern(pattern, part: part, variables: Self.variables)
      for _ in 0..<8 {
        let text = generator.string(from: ["a", "b", "/"], maxLength: 6)
        let expected = Self.reference(pattern, text, part: part)
        let prepared = PreparedText(text, part: part)
        let actual = compiled.matches(prepared)
        if actual != expected {
          disagreements.append("\(pattern) ~ \(text): expected \(expected)")
        }
        if actual && compiled.longestMatchingPrefix(of: prepared) != prepared.scalars.count {
          disagreements.append("\(pattern) ~ \(text): explain disagrees")
        }
        if actual {
          if !prepared.scalars.starts(with: compiled.literalPrefix) {
            disagreements.append("\(pattern) ~ \(text): prefix \(compiled.literalPrefixString)")
          }
          if !prepared.scalars.reversed().starts(with: compiled.literalSuffix.reversed()) {
            disagreements.append("\(pattern) ~ \(text): suffix \(compiled.literalSuffixString)")
          }
        }
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(20))")
  }

  @Test("The wildcard matcher and the automaton agree on variable-free patterns")
  func strategiesAgree() {
    var generator = SeededRandom(seed: 3)
    var disagreements: [String] = []
    for _ in 0..<3_000 {
      let pattern = generator.string(from: ["a", "b", "/", "*", "?", "$(digit)"], maxLength: 6)
      // The same pattern, forced through the automaton by a variable with one empty value.
      let forced = Pattern(
        pattern + "$(empty)", part: .fragment, variables: VariableTable(custom: ["empty": [""]]))
      let direct = Pattern(pattern, part: .fragment)
      for _ in 0..<8 {
        let text = generator.string(from: ["a", "b", "/", "1"], maxLength: 7)
        if direct.matches(text) != forced.matches(text) {
          disagreements.append("\(pattern) ~ \(text)")
        }
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(20))")
  }
}
