import AASACore
import TestSupport
import Testing

@testable import AASA

/// Every input the fuzzing campaigns (`Fuzz/`, docs/fuzzing.md) found a problem with, fed to the
/// library and checked for the right answer. A test stays disabled until the fix lands.
@Suite("Fuzz findings")
struct FuzzFindingTests {
  /// json-lint, F1: duplicate keys are warnings, but past the first 1,000 findings they were
  /// counted into one AASA016, which is an error. Valid JSON then read as a file Apple ignores.
  @Test("More than 1,000 duplicate keys in valid JSON are no error")
  func duplicateKeysPastTheSlipLimit() {
    let entry = #""applinks":{"details":[{"appIDs":["D3KQX62K1A.com.example.app"],"paths":["*"]}]}"#
    let text = "{" + String(repeating: entry + ",", count: 1_001) + entry + "}"
    let read = JSONReader.read(text)
    #expect(read.value != nil)
    #expect(!read.diagnostics.contains { $0.severity == .error })
    let report = SiteAssociationLinter().lint(Array(text.utf8))
    #expect(report.whyAppleIgnoresFile == nil)
    #expect(report.diagnostics.contains { $0.code == .JSON.duplicateKey })
  }

  /// patterns, F2: after a `*`, the greedy matcher retries the whole following literal at every
  /// text position, so `*a…ab*` against a run of `a` takes (text) × (literal) steps: 14 s
  /// optimized for a 32,000-scalar literal and 64,000 scalars of text, 3.5 s for half of each (the
  /// sizes here). A near-linear matcher takes milliseconds, even in a debug build.
  @Test("A long literal after a star is searched in near-linear time")
  func longLiteralAfterStar() {
    let pattern = Pattern("*" + String(repeating: "a", count: 16_000) + "b*", part: .fragment)
    let text = String(repeating: "a", count: 32_000)
    let elapsed = ContinuousClock().measure {
      #expect(!pattern.matches(text))
      #expect(pattern.matches(text + "b"))
    }
    // Only against a blow-up (see BlowUpBound): what the fix removed took seconds optimized at
    // these sizes, many times that in a debug build; near-linear, this takes milliseconds.
    #expect(elapsed < BlowUpBound.limit)
  }

  /// patterns, F3: a pattern with `$(region)`, `$(lang)` or a custom variable first looks for its
  /// longest literal run in the text, and that search compared the run at every position where
  /// its first scalar occurs: a 64,000-scalar run against 128,000 `a` took 3.5 s optimized.
  @Test("The required literal of a variable pattern is searched in near-linear time")
  func requiredInfixSearch() {
    let pattern = Pattern(
      "*" + String(repeating: "a", count: 64_000) + "b$(region)", part: .fragment)
    #expect(pattern.usesMultiCharacterVariables)
    let text = String(repeating: "a", count: 128_000) + "GB"
    let elapsed = ContinuousClock().measure {
      #expect(!pattern.matches(text))
    }
    // Only against a blow-up (see BlowUpBound): what the fix removed took seconds optimized at
    // these sizes, many times that in a debug build; near-linear, this takes milliseconds.
    #expect(elapsed < BlowUpBound.limit)
  }

  /// patterns, F4: the automaton that runs patterns with multi-value variables keeps a state per
  /// scalar of a literal that follows a `*`, all alive on a run of that scalar: (text) ×
  /// (literal) steps. The same pattern with 64,000 `a` and 128,000 scalars of text matched in
  /// 82 s optimized; these sizes take seconds.
  @Test("A variable pattern with a long literal after a star runs in near-linear time")
  func automatonLongLiteral() {
    let pattern = Pattern(
      "*" + String(repeating: "a", count: 16_000) + "b$(region)", part: .fragment)
    let text = String(repeating: "a", count: 32_000) + "bGB"
    let elapsed = ContinuousClock().measure {
      #expect(pattern.matches(text))
      #expect(pattern.longestMatchingPrefix(of: PreparedText(text, part: .fragment)) == 32_003)
    }
    // Only against a blow-up (see BlowUpBound): what the fix removed took seconds optimized at
    // these sizes, many times that in a debug build; near-linear, this takes milliseconds.
    #expect(elapsed < BlowUpBound.limit)
  }

  /// patterns, F5: what F2's fix leaves: a long run after a star that holds `?` (or a class) is
  /// still retried whole at every text position, so `*a?a?…a?b*` (16,000 atoms) against 32,000
  /// `a` takes 5.5 s optimized.
  @Test("A long run with `?` after a star is matched in near-linear time")
  func longRunWithWildcardsAfterStar() {
    let pattern = Pattern(
      "*" + String(repeating: "a?", count: 8_000) + "b*", part: .fragment)
    let text = String(repeating: "a", count: 32_000)
    let elapsed = ContinuousClock().measure {
      #expect(!pattern.matches(text))
      #expect(pattern.matches(text + "b"))
    }
    // Only against a blow-up (see BlowUpBound): what the fix removed took seconds optimized at
    // these sizes, many times that in a debug build; near-linear, this takes milliseconds.
    #expect(elapsed < BlowUpBound.limit)
  }
}

/// The long-literal shortcut of the wildcard matcher gives the greedy matcher's answers.
@Suite("Wildcard matcher: long literals after a star")
struct LongLiteralTests {
  @Test(
    "leftmost for a middle literal, at the end for a final one",
    arguments: [
      ("*L*", "xLy", true), ("*L", "xL", true), ("*L", "xLy", false), ("a*L*b", "aLLb", true),
      ("*L*L", "LL", true), ("*L*L", "L", false), ("*L?", "Lz", true), ("*L*c*L", "LcL", true),
      ("*L*c*L", "LLc", false), ("*L", "", false), ("*L*", "ababL", true),
      ("*Q*", "xLy", true), ("*Q*", "xL", false), ("*Q", "xLz", true), ("*Q*Q*", "LzLz", true),
      ("*Q*Q*", "Lz", false), ("*Q*", "xéLzé", true), ("*Q*b", "ababLzab", true),
    ])
  func agreesWithTheGreedyMatcher(pattern: String, text: String, expected: Bool) {
    // L is a literal long enough for the shortcuts, built to overlap itself (ab…abc); Q is L
    // and one `?`, which takes the bit-parallel search.
    let long = String(repeating: "ab", count: 20) + "c"
    let pattern = Pattern(
      pattern.replacing("Q", with: long + "?").replacing("L", with: long), part: .fragment)
    #expect(pattern.matches(text.replacing("L", with: long)) == expected)
  }
}

/// The long-run shortcuts agree with a plain dynamic-programming glob on random long runs.
@Suite("Wildcard matcher: long runs against a reference")
struct LongRunReferenceTests {
  /// Whether `text` matches `pattern` (`*` any run, `?` one scalar, anything else itself).
  static func reference(_ pattern: [Character], _ text: [Character]) -> Bool {
    var row = [Bool](repeating: false, count: text.count + 1)
    row[0] = true
    for atom in pattern {
      var next = [Bool](repeating: false, count: text.count + 1)
      if atom == "*" {
        var any = false
        for index in 0...text.count {
          any = any || row[index]
          next[index] = any
        }
      } else {
        for index in 0..<text.count where row[index] && (atom == "?" || atom == text[index]) {
          next[index + 1] = true
        }
      }
      row = next
    }
    return row[text.count]
  }

  @Test("random runs of 32 to 40 atoms between stars")
  func randomLongRuns() {
    var random = SeededRandom(seed: 2026)
    var matched = 0
    for _ in 0..<400 {
      let run = (0..<(32 + random.next(9))).map { _ in random.pick(["a", "b", "?"]) }.joined()
      let head = random.pick(["", "a", "ab"])
      let tail = random.pick(["", "*", "*b", "*?", "b"])
      let pattern = head + "*" + run + tail
      // A text the pattern matches (each `?` and `*` filled in), often with one scalar changed.
      var text = pattern.map { atom -> String in
        switch atom {
        case "?": return random.pick(["a", "b"])
        case "*": return random.string(from: ["a", "b", "ab", "ba", "aab"], maxLength: 8)
        default: return String(atom)
        }
      }.joined()
      if random.next(2) == 0, !text.isEmpty {
        var scalars = Array(text)
        let index = random.next(scalars.count)
        scalars[index] = scalars[index] == "a" ? "b" : "a"
        text = String(scalars)
      }
      let expected = Self.reference(Array(pattern), Array(text))
      if expected { matched += 1 }
      #expect(
        Pattern(pattern, part: .fragment).matches(text) == expected, "\(pattern) on \(text)")
    }
    // Both answers are common, so the comparison means something.
    #expect(matched > 100 && matched < 300, "\(matched) of 400 matched")
  }
}

/// The automaton's literal runs (F4's fix) against the same reference, through a variable with
/// several values: each use of the variable takes any of its values, every combination is
/// expanded into a pattern of its own, and the text matches when one of them does. Literals are
/// long enough to span several words and, with 20 letters, to be cut into several bit runs by
/// their distinct scalars.
@Suite("Automaton literal runs: random patterns against a reference")
struct AutomatonRunReferenceTests {
  static let values = ["x", "xa", ""]

  /// `template` with each `$(v)` replaced by each value, independently.
  static func expansions(_ template: String) -> [String] {
    let parts = template.components(separatedBy: "$(v)")
    var results = [parts[0]]
    for part in parts.dropFirst() {
      results = results.flatMap { prefix in values.map { prefix + $0 + part } }
    }
    return results
  }

  @Test("a literal after a star that occurs again overlapping itself is found again")
  func overlappingOccurrences() {
    let variables = VariableTable(custom: ["v": Self.values])
    let literal = String(repeating: "ab", count: 20)
    let pattern = Pattern("*" + literal + "$(v)c", part: .fragment, variables: variables)
    // The literal ends at offsets 40, 42, 44 …: only the last one is followed by `c`.
    #expect(pattern.matches(String(repeating: "ab", count: 23) + "c"))
    #expect(pattern.matches(String(repeating: "ab", count: 23) + "xac"))
    #expect(!pattern.matches(String(repeating: "ab", count: 23) + "ac"))
    #expect(!pattern.matches(String(repeating: "ab", count: 19) + "c"))
  }

  @Test("random long literals around a variable", arguments: [3, 20])
  func randomLiteralsAroundVariable(letterCount: Int) {
    var random = SeededRandom(seed: 4242 + UInt64(letterCount))
    let letters = (0..<letterCount).map { String(UnicodeScalar(UInt8(97 + $0))) }
    let variables = VariableTable(custom: ["v": Self.values])
    var matched = 0
    for round in 0..<300 {
      let runLength = 32 + random.next(170)
      // Mostly letters: long stretches of literal between the rare `?`.
      let run = (0..<runLength).map { _ in
        random.next(40) == 0 ? "?" : random.pick(letters)
      }.joined()
      // After a `*` the literal is stepped by its borders; after a variable or at the start, by
      // bits.
      let head = random.pick(["", "a", "*", "$(v)*", "$(v)", "a$(v)"])
      let tail = random.pick(["$(v)", "$(v)*", "*$(v)", "$(v)b"])
      let template = head + random.pick(["*", ""]) + run + tail
      var text = random.pick(Self.expansions(template)).map { atom -> String in
        switch atom {
        case "?": return random.pick(letters)
        case "*": return random.string(from: letters + ["x"], maxLength: 6)
        default: return String(atom)
        }
      }.joined()
      // The literal's start repeated before it makes many offsets into it live at once.
      if random.next(3) == 0 {
        text = String(run.prefix(20)).replacingOccurrences(of: "?", with: "a") + text
      }
      if random.next(2) == 0, !text.isEmpty {
        var scalars = Array(text)
        let index = random.next(scalars.count)
        scalars[index] = scalars[index] == "a" ? "b" : "a"
        text = String(scalars)
      }
      let expected = Self.expansions(template).contains { expansion in
        LongRunReferenceTests.reference(Array(expansion), Array(text))
      }
      if expected { matched += 1 }
      let pattern = Pattern(template, part: .fragment, variables: variables)
      #expect(pattern.usesMultiCharacterVariables)
      #expect(pattern.matches(text) == expected, "round \(round): \(template) on \(text)")
    }
    #expect(matched > 60 && matched < 240, "\(matched) of 300 matched")
  }
}
