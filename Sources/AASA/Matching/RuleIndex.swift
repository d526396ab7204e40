/// Finds the few rules of an entry that could match a URL without trying them all.
///
/// Every matching path starts with its pattern's literal prefix, or ends with its literal suffix,
/// so the rules are filed in a trie by prefix (or, for patterns that start with a wildcard, a
/// trie of reversed suffixes). One walk along the URL's path collects the candidates; rules with
/// neither are always candidates. The cost per URL follows the path's length, not the rule count.
/// Rules differ in `caseSensitive` and `percentEncoded`, which change the text they read, so there
/// is one index per combination in use.
struct RuleIndex: Sendable {
  private struct Group: Sendable {
    var percentEncoded: Bool
    var caseSensitive: Bool
    var prefixes = Trie()
    var suffixes = Trie()
  }

  private var groups: [Group] = []
  /// Rules with no literal prefix or suffix: always tried.
  private var unindexed: [Int] = []

  init(_ rules: [CompiledRule]) {
    for rule in rules {
      let path = rule.path
      if path.literalPrefix.isEmpty && path.literalSuffix.isEmpty {
        unindexed.append(rule.order)
        continue
      }
      let groupIndex: Int
      if let existing = groups.firstIndex(where: {
        $0.percentEncoded == rule.percentEncoded && $0.caseSensitive == rule.caseSensitive
      }) {
        groupIndex = existing
      } else {
        groups.append(Group(percentEncoded: rule.percentEncoded, caseSensitive: rule.caseSensitive))
        groupIndex = groups.count - 1
      }
      if !path.literalPrefix.isEmpty {
        groups[groupIndex].prefixes.insert(path.literalPrefix, rule: rule.order)
      } else {
        groups[groupIndex].suffixes.insert(path.literalSuffix.reversed(), rule: rule.order)
      }
    }
  }

  /// The orders of the rules that could match, ascending.
  func candidates(for url: inout PreparedURL) -> [Int] {
    var result = unindexed
    for group in groups {
      let text = url.path.text(
        percentEncoded: group.percentEncoded, caseSensitive: group.caseSensitive)
      group.prefixes.collect(along: text.scalars, into: &result)
      if !group.suffixes.isEmpty {
        group.suffixes.collect(along: text.scalars.reversed(), into: &result)
      }
    }
    if result.count > 1 { result.sort() }
    return result
  }
}

/// A trie of scalar strings, each node listing the rules whose key ends there.
struct Trie: Sendable {
  private struct Node: Sendable {
    var keys: [UInt32] = []
    var children: [Int32] = []
    var rules: [Int] = []
  }

  private var nodes = [Node()]

  var isEmpty: Bool { nodes.count == 1 && nodes[0].rules.isEmpty }

  mutating func insert<S: Sequence>(_ key: S, rule: Int) where S.Element == UInt32 {
    var current = 0
    for scalar in key {
      if let position = nodes[current].keys.firstIndex(of: scalar) {
        current = Int(nodes[current].children[position])
      } else {
        nodes.append(Node())
        let child = nodes.count - 1
        nodes[current].keys.append(scalar)
        nodes[current].children.append(Int32(child))
        current = child
      }
    }
    nodes[current].rules.append(rule)
  }

  /// Appends the rules of every key that is a prefix of `text`.
  func collect<S: Sequence>(along text: S, into result: inout [Int]) where S.Element == UInt32 {
    var current = 0
    result.append(contentsOf: nodes[0].rules)
    for scalar in text {
      let node = nodes[current]
      guard let position = node.keys.firstIndex(of: scalar) else { return }
      current = Int(node.children[position])
      result.append(contentsOf: nodes[current].rules)
    }
  }
}
