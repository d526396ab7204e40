import TestSupport
import Testing

@testable import AASA

/// The rule index's Aho–Corasick automaton must report exactly the keys a search for each key at
/// every position finds, with its dense ASCII rows, beyond them and off ASCII.
@Suite("Run key automaton")
struct RunKeyAutomatonTests {
  /// Every rule whose key occurs in `text`, sorted, once each: what the automaton must find.
  private static func naiveOccurrences(_ keys: [[UInt32]], in text: [UInt32]) -> [Int] {
    keys.indices.filter { rule in
      let key = keys[rule]
      guard !key.isEmpty, key.count <= text.count else { return false }
      return (0...(text.count - key.count)).contains { start in
        text[start..<start + key.count].elementsEqual(key)
      }
    }
  }

  private static func found(_ automaton: RunKeyAutomaton, in text: [UInt32]) -> [Int] {
    var result: [Int] = []
    text.withUnsafeBufferPointer { automaton.collect(in: $0, into: &result) }
    return Array(Set(result)).sorted()
  }

  @Test("Random keys over a small alphabet are found as a search at every position finds them")
  func randomKeysAgreeWithANaiveSearch() {
    var generator = SeededRandom(seed: 21)
    // Few letters, so keys overlap and share suffixes (failure links matter); é and a scalar
    // beyond the BMP take the paths without ASCII rows.
    let alphabet: [UInt32] = [0x2F, 0x61, 0x62, 0x63, 0xE9, 0x1F600]
    var disagreements: [String] = []
    var largest = 0
    for round in 0..<300 {
      // Some rounds have more nodes than get rows of steps (4,096).
      let keyCount = round % 10 == 0 ? 1_500 : 1 + generator.next(12)
      let keys = (0..<keyCount).map { _ in
        (0..<(1 + generator.next(round % 10 == 0 ? 12 : 5))).map { _ in generator.pick(alphabet) }
      }
      var builder = TrieBuilder()
      for (rule, key) in keys.enumerated() { builder.insert(key, rule: rule) }
      let automaton = RunKeyAutomaton(builder)
      largest = max(largest, automaton.nodeCount)
      // Fewer texts against the many keys, whose naive search is slow.
      for _ in 0..<(keyCount > 100 ? 8 : 30) {
        let text = (0..<generator.next(40)).map { _ in generator.pick(alphabet) }
        let expected = Self.naiveOccurrences(keys, in: text)
        let actual = Self.found(automaton, in: text)
        if expected != actual {
          disagreements.append("round \(round): \(text) with \(keys): \(actual) ≠ \(expected)")
        }
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    #expect(largest > RunKeyAutomaton.maximumDenseNodes, "no round reached nodes without rows")
  }

  @Test("Each occurrence of a key reports its rule, and a key inside another is found too")
  func occurrencesAndNestedKeys() {
    var builder = TrieBuilder()
    builder.insert(Array("/shoes/".unicodeScalars.map(\.value)), rule: 0)
    builder.insert(Array("shoe".unicodeScalars.map(\.value)), rule: 1)
    builder.insert(Array("/c/shoes/".unicodeScalars.map(\.value)), rule: 2)
    let automaton = RunKeyAutomaton(builder)
    var result: [Int] = []
    let text = Array("/en/c/shoes/x/shoes/".unicodeScalars.map(\.value))
    text.withUnsafeBufferPointer { automaton.collect(in: $0, into: &result) }
    #expect(result.sorted() == [0, 0, 1, 1, 2])
  }
}
