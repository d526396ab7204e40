/// Collects keys, each with a rule, as a trie of scalars: frozen into a ``Trie`` for walks from one
/// end of a path, or a ``RunKeyAutomaton`` for keys anywhere in it.
struct TrieBuilder {
  private(set) var edges: [[(key: UInt32, target: Int)]] = [[]]
  private(set) var rules: [[Int]] = [[]]

  var isEmpty: Bool { rules.allSatisfy(\.isEmpty) }

  mutating func insert<S: Sequence>(_ key: S, rule: Int) where S.Element == UInt32 {
    var current = 0
    for scalar in key {
      if let next = edges[current].first(where: { $0.key == scalar })?.target {
        current = next
      } else {
        edges.append([])
        rules.append([])
        edges[current].append((scalar, edges.count - 1))
        current = edges.count - 1
      }
    }
    rules[current].append(rule)
  }
}
