/// The values of one variable as a trie of atoms, so values sharing a beginning share states
/// (`$(region)` is 26 first letters, then the second letters of each). Built-in tables are built
/// once per process and shared by every pattern that uses them.
struct VariableTrie: Sendable {
  /// For each node, its outgoing atoms and the node each leads to.
  private(set) var children: [[(atom: PatternAtom, node: Int)]] = [[]]
  /// For each node, whether a value ends there.
  private(set) var isEnd: [Bool] = [false]
  /// Whether the variable has no value at all (it can never match).
  private(set) var isEmpty = true
  /// The trie as automaton nodes, built once.
  private(set) var template: PatternAutomaton.Template!

  /// A trie of `values`, each a sequence of atoms (an empty sequence is the value `""`).
  init(_ values: [[PatternAtom]]) {
    var lookup: [[PatternAtom: Int]] = [[:]]
    for value in values {
      isEmpty = false
      var node = 0
      for atom in value {
        if let child = lookup[node][atom] {
          node = child
          continue
        }
        let child = children.count
        children.append([])
        isEnd.append(false)
        lookup.append([:])
        children[node].append((atom, child))
        lookup[node][atom] = child
        node = child
      }
      isEnd[node] = true
    }
    template = PatternAutomaton.Template(self)
  }
}
