import TestSupport
import Testing

@testable import AASA

/// A micro benchmark, run only with `AASA_PATTERN_BENCHMARK=1` in the environment. It prints
/// numbers and asserts nothing about time (timings on shared CI machines are noise).
///
///     AASA_PATTERN_BENCHMARK=1 swift test -c release --filter PatternBenchmark
@Suite("Pattern micro benchmark")
struct PatternBenchmarkTests {
  private static var enabled: Bool { System.environmentVariable("AASA_PATTERN_BENCHMARK") != nil }

  private static func seconds(_ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    let duration = clock.measure(body)
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }

  private static func report(_ label: String, iterations: Int, _ body: () -> Int) {
    var checksum = 0
    let elapsed = seconds { checksum = body() }
    let nanoseconds = elapsed / Double(iterations) * 1e9
    print("\(label): \((nanoseconds * 10).rounded() / 10) ns/op (checksum \(checksum))")
  }

  @Test(.enabled(if: enabled)) func measure() {
    let paths = (0..<100_000).map { "/products/\($0 % 977)/item-\($0)" }
    Self.report("prepare path (as written)", iterations: paths.count) {
      paths.reduce(0) { $0 + PreparedText($1, part: .path).scalars.count }
    }
    Self.report("prepare path (decoded, folded)", iterations: paths.count) {
      paths.reduce(0) {
        $0
          + PreparedText($1, part: .path, percentEncoded: false, caseSensitive: false).scalars.count
      }
    }
    let prepared = paths.map { PreparedText($0, part: .path) }
    let cases: [(String, Pattern)] = [
      ("exact", Pattern("/products/12/item-12", part: .path)),
      ("prefix*", Pattern("/products/*", part: .path)),
      ("wildcard", Pattern("/products/*/item-?*", part: .path)),
      ("class", Pattern("/products/$(digit)*/item-*", part: .path)),
      ("region", Pattern("/$(region)/products/*", part: .path)),
      (
        "lang+custom",
        Pattern(
          "/$(lang)/$(x)/*", part: .path, variables: .init(custom: ["x": ["products", "p*"]]))
      ),
    ]
    for (label, pattern) in cases {
      Self.report("match \(label)", iterations: prepared.count) {
        prepared.reduce(0) { $0 + (pattern.matches($1) ? 1 : 0) }
      }
    }
    let hostile = Pattern("*a*a*a*a*a*a*a*a*a*a*b", part: .path)
    // Ends in `b/`, so the literal-suffix check passes and the matchers do the work.
    let long = PreparedText("/" + String(repeating: "a", count: 10_000) + "cb", part: .path)
    Self.report("hostile, 10,000 characters", iterations: 100) {
      (0..<100).reduce(0) { total, _ in total + (hostile.matches(long) ? 1 : 0) }
    }
    let hostileAutomaton = Pattern(
      "*a*a*a*a*a*a*a*a*a*a*b$(empty)", part: .path, variables: .init(custom: ["empty": [""]]))
    Self.report("hostile through the automaton, 10,000 characters", iterations: 100) {
      (0..<100).reduce(0) { total, _ in total + (hostileAutomaton.matches(long) ? 1 : 0) }
    }
    let hostileVariables = Pattern(
      "$(v)$(v)$(v)$(v)$(v)$(v)$(v)$(v)$(w)", part: .path,
      variables: .init(custom: ["v": ["*a", "*a*a", "a"], "w": ["*a*b", "a*b"]]))
    Self.report("hostile variables, 10,000 characters", iterations: 100) {
      (0..<100).reduce(0) { total, _ in total + (hostileVariables.matches(long) ? 1 : 0) }
    }
    Self.report("compile /$(lang)_$(region)/*", iterations: 1_000) {
      (0..<1_000).reduce(0) { total, _ in
        total + Pattern("/$(lang)_$(region)/*", part: .path).literalPrefix.count
      }
    }
  }
}
