/// Finds the few rules of an entry that could match a URL without trying them all.
///
/// Every matching path starts with its pattern's literal prefix, ends with its literal suffix and
/// contains its longest literal run, so each rule is filed in a trie under the first of these that
/// says something (more than a lone `/`): prefixes, reversed suffixes, or runs (`/$(lang)/shoes/*`
/// under `/shoes/`). A walk along the URL's path (from every position, for runs) collects the
/// candidates; rules with none of the three are always candidates. The cost per URL follows the
/// path's length, not the rule count.
/// Rules differ in `caseSensitive` and `percentEncoded`, which change the text they read, so there
/// is one index per combination in use.
struct RuleIndex: Sendable {
  /// A class, so that reading one per URL costs one retain rather than one per buffer.
  private final class Group: Sendable {
    let percentEncoded: Bool
    let caseSensitive: Bool
    let prefixes: Trie
    let suffixes: Trie
    let infixes: Trie

    init(_ builder: GroupBuilder) {
      percentEncoded = builder.percentEncoded
      caseSensitive = builder.caseSensitive
      prefixes = Trie(builder.prefixes)
      suffixes = Trie(builder.suffixes)
      infixes = Trie(builder.infixes)
    }
  }

  private struct GroupBuilder {
    var percentEncoded: Bool
    var caseSensitive: Bool
    var prefixes = TrieBuilder()
    var suffixes = TrieBuilder()
    var infixes = TrieBuilder()
  }

  private var groups: [Group] = []
  /// Rules with no literal prefix or suffix: always tried.
  private var unindexed: [Int] = []

  init(_ rules: [CompiledRule]) {
    var groups: [GroupBuilder] = []
    for rule in rules {
      let path = rule.path
      // A lone "/" starts (and ends) nearly every normalized path: no use as a key.
      let usefulLength = 2
      if path.literalPrefix.count < usefulLength && path.literalSuffix.count < usefulLength
        && path.requiredInfix.count < usefulLength
      {
        unindexed.append(rule.order)
        continue
      }
      let groupIndex: Int
      if let existing = groups.firstIndex(where: {
        $0.percentEncoded == rule.percentEncoded && $0.caseSensitive == rule.caseSensitive
      }) {
        groupIndex = existing
      } else {
        groups.append(
          GroupBuilder(percentEncoded: rule.percentEncoded, caseSensitive: rule.caseSensitive))
        groupIndex = groups.count - 1
      }
      if path.literalPrefix.count >= usefulLength {
        groups[groupIndex].prefixes.insert(path.literalPrefix, rule: rule.order)
      } else if path.literalSuffix.count >= usefulLength {
        groups[groupIndex].suffixes.insert(path.literalSuffix.reversed(), rule: rule.order)
      } else {
        groups[groupIndex].infixes.insert(path.requiredInfix, rule: rule.order)
      }
    }
    self.groups = groups.map(Group.init)
  }

  /// Fills `result` with the orders of the rules that could match, ascending.
  func candidates(for url: inout PreparedURL, into result: inout [Int]) {
    result.removeAll(keepingCapacity: true)
    result.append(contentsOf: unindexed)
    var sawInfixes = false
    for group in groups {
      let text = url.path.text(
        percentEncoded: group.percentEncoded, caseSensitive: group.caseSensitive)
      group.prefixes.collect(along: text.scalars, into: &result)
      if !group.suffixes.isEmpty {
        group.suffixes.collect(along: text.scalars.reversed(), into: &result)
      }
      if !group.infixes.isEmpty {
        group.infixes.collectFromEveryPosition(of: text.scalars, into: &result)
        sawInfixes = true
      }
    }
    guard result.count > 1 else { return }
    result.sort()
    // A run can occur twice in a path, filing its rule twice.
    if sawInfixes { removeAdjacentDuplicates(&result) }
  }
}

private func removeAdjacentDuplicates(_ sorted: inout [Int]) {
  var kept = 0
  for index in sorted.indices where kept == 0 || sorted[kept - 1] != sorted[index] {
    sorted[kept] = sorted[index]
    kept += 1
  }
  sorted.removeLast(sorted.count - kept)
}

/// A trie of scalar strings, each node listing the rules whose key ends there.
///
/// Built node by node, then read through flat arrays: one node's edges and rules are contiguous
/// ranges, so a lookup touches no reference-counted storage per step.
final class Trie: Sendable {
  private struct Node: Sendable {
    var firstEdge: Int32 = 0
    var edgeCount: Int32 = 0
    var firstRule: Int32 = 0
    var ruleCount: Int32 = 0
  }

  private let nodes: [Node]
  private let edgeKeys: [UInt32]
  private let edgeTargets: [Int32]
  private let rules: [Int]
  /// The ASCII scalars that start a key, as a bitmap.
  private let rootASCII: (low: UInt64, high: UInt64)

  var isEmpty: Bool { rules.isEmpty }

  /// Freezes `builder` into flat arrays.
  init(_ builder: TrieBuilder) {
    var nodes: [Node] = []
    var edgeKeys: [UInt32] = []
    var edgeTargets: [Int32] = []
    var rules: [Int] = []
    for (edges, nodeRules) in zip(builder.edges, builder.rules) {
      nodes.append(
        Node(
          firstEdge: Int32(edgeKeys.count), edgeCount: Int32(edges.count),
          firstRule: Int32(rules.count), ruleCount: Int32(nodeRules.count)))
      // Sorted, so that wide nodes (the root of a trie of runs) can be searched by halving.
      let sorted = edges.sorted { $0.key < $1.key }
      edgeKeys.append(contentsOf: sorted.map(\.key))
      edgeTargets.append(contentsOf: sorted.map { Int32($0.target) })
      rules.append(contentsOf: nodeRules)
    }
    var rootASCII: (low: UInt64, high: UInt64) = (0, 0)
    for key in builder.edges[0].map(\.key) {
      if key < 64 {
        rootASCII.low |= 1 << UInt64(key)
      } else if key < 128 {
        rootASCII.high |= 1 << UInt64(key - 64)
      }
    }
    self.rootASCII = rootASCII
    self.nodes = nodes
    self.edgeKeys = edgeKeys
    self.edgeTargets = edgeTargets
    self.rules = rules
  }

  /// Appends the rules of every key that is a prefix of `text`.
  func collect<C: Collection>(along text: C, into result: inout [Int]) where C.Element == UInt32 {
    nodes.withUnsafeBufferPointer { nodes in
      edgeKeys.withUnsafeBufferPointer { keys in
        edgeTargets.withUnsafeBufferPointer { targets in
          rules.withUnsafeBufferPointer { rules in
            var node = nodes[0]
            appendRules(of: node, rules, &result)
            for scalar in text {
              guard let edge = Self.edge(from: node, for: scalar, keys) else { return }
              node = nodes[Int(targets[edge])]
              appendRules(of: node, rules, &result)
            }
          }
        }
      }
    }
  }

  /// The index of `node`'s edge for `scalar`: a scan for a few edges, halving for many.
  @inline(__always)
  private static func edge(from node: Node, for scalar: UInt32, _ keys: UnsafeBufferPointer<UInt32>)
    -> Int?
  {
    var low = Int(node.firstEdge)
    var high = low + Int(node.edgeCount)
    while high - low > 8 {
      let middle = (low + high) / 2
      if keys[middle] < scalar { low = middle + 1 } else { high = middle + 1 }
    }
    while low < high {
      if keys[low] == scalar { return low }
      if keys[low] > scalar { return nil }
      low += 1
    }
    return nil
  }

  /// Appends the rules of every key that occurs anywhere in `text`.
  func collectFromEveryPosition(of text: [UInt32], into result: inout [Int]) {
    nodes.withUnsafeBufferPointer { nodes in
      edgeKeys.withUnsafeBufferPointer { keys in
        edgeTargets.withUnsafeBufferPointer { targets in
          rules.withUnsafeBufferPointer { rules in
            text.withUnsafeBufferPointer { text in
              let root = nodes[0]
              for start in text.indices {
                // Most positions start no key: the root's edges say so in one look.
                guard startsKey(text[start]) else { continue }
                var node = root
                var position = start
                while position < text.count,
                  let edge = Self.edge(from: node, for: text[position], keys)
                {
                  node = nodes[Int(targets[edge])]
                  appendRules(of: node, rules, &result)
                  position += 1
                }
              }
            }
          }
        }
      }
    }
  }

  /// Whether some key starts with `scalar`: a bitmap for ASCII, true otherwise.
  @inline(__always)
  private func startsKey(_ scalar: UInt32) -> Bool {
    if scalar < 64 { return rootASCII.low & (1 << UInt64(scalar)) != 0 }
    if scalar < 128 { return rootASCII.high & (1 << UInt64(scalar - 64)) != 0 }
    return true
  }

  @inline(__always)
  private func appendRules(
    of node: Node, _ rules: UnsafeBufferPointer<Int>, _ result: inout [Int]
  ) {
    guard node.ruleCount > 0 else { return }
    let first = Int(node.firstRule)
    for index in first..<first + Int(node.ruleCount) { result.append(rules[index]) }
  }

}

/// Collects keys for a ``Trie``.
struct TrieBuilder {
  fileprivate var edges: [[(key: UInt32, target: Int)]] = [[]]
  fileprivate var rules: [[Int]] = [[]]

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
