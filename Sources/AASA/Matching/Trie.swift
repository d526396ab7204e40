/// A trie of scalar strings, each node listing the rules whose key ends there.
///
/// Built key by key (``TrieBuilder``), then frozen into flat arrays with chains of single-child
/// nodes merged into one edge with a label (a radix tree): a walk compares a label scalar by scalar
/// in a tight loop instead of visiting a node per scalar, and touches no reference-counted storage
/// per step.
final class Trie: Sendable {
  private struct Node: Sendable, EdgeIndexedNode {
    var firstEdge: Int32 = 0
    var edgeCount: Int32 = 0
    var firstRule: Int32 = 0
    var ruleCount: Int32 = 0
    /// The label of the edge into this node, in `labels`; its first scalar is the edge's key.
    var labelStart: Int32 = 0
    var labelCount: Int32 = 0
    /// For wide nodes, where this node's ASCII table starts in `asciiTables`; otherwise -1.
    var asciiTable: Int32 = -1
  }

  private let nodes: [Node]
  /// The first scalar of each edge's label, sorted per node, so that wide nodes (the root of a trie
  /// of reversed suffixes) can be searched by halving.
  private let edgeKeys: [UInt32]
  private let edgeTargets: [Int32]
  private let labels: [UInt32]
  private let rules: [Int]
  /// 128 entries per wide node: the index of the edge for each ASCII scalar, or -1.
  private let asciiTables: [Int32]

  var isEmpty: Bool { rules.isEmpty }

  /// Freezes `builder` into flat arrays, merging chains of nodes that have one child and no rules.
  init(_ builder: TrieBuilder) {
    var nodes: [Node] = [Node()]
    var edgeKeys: [UInt32] = []
    var edgeTargets: [Int32] = []
    var labels: [UInt32] = []
    var rules: [Int] = []
    var asciiTables: [Int32] = []
    // Breadth first: a node's edges are contiguous once its children are known.
    var pending: [(builderNode: Int, node: Int)] = [(0, 0)]
    var next = 0
    while next < pending.count {
      let (builderNode, node) = pending[next]
      next += 1
      nodes[node].firstRule = Int32(rules.count)
      nodes[node].ruleCount = Int32(builder.rules[builderNode].count)
      rules.append(contentsOf: builder.rules[builderNode])
      let edges = builder.edges[builderNode].sorted { $0.key < $1.key }
      nodes[node].firstEdge = Int32(edgeKeys.count)
      nodes[node].edgeCount = Int32(edges.count)
      if edges.count > EdgeLookup.tableThreshold {
        nodes[node].asciiTable = EdgeLookup.appendASCIITable(
          for: edges.lazy.map(\.key), firstEdge: edgeKeys.count, to: &asciiTables)
      }
      for edge in edges {
        var label = [edge.key]
        var target = edge.target
        while builder.rules[target].isEmpty, builder.edges[target].count == 1 {
          label.append(builder.edges[target][0].key)
          target = builder.edges[target][0].target
        }
        var child = Node()
        child.labelStart = Int32(labels.count)
        child.labelCount = Int32(label.count)
        labels.append(contentsOf: label)
        nodes.append(child)
        edgeKeys.append(edge.key)
        edgeTargets.append(Int32(nodes.count - 1))
        pending.append((target, nodes.count - 1))
      }
    }
    self.nodes = nodes
    self.edgeKeys = edgeKeys
    self.edgeTargets = edgeTargets
    self.labels = labels
    self.rules = rules
    self.asciiTables = asciiTables
  }

  /// Appends the rules of every key that is a prefix of `text`, or with `backwards`, of `text`
  /// read from its end (for a trie of reversed suffixes).
  func collect(
    along text: UnsafeBufferPointer<UInt32>, backwards: Bool, into result: inout [Int]
  ) {
    withBuffers { trie in
      if backwards {
        trie.walk(text.count, from: 0, into: &result) { text[text.count - 1 - $0] }
      } else {
        trie.walk(text.count, from: 0, into: &result) { text[$0] }
      }
    }
  }

  private func withBuffers(_ body: (Buffers) -> Void) {
    nodes.withUnsafeBufferPointer { nodes in
      edgeKeys.withUnsafeBufferPointer { keys in
        edgeTargets.withUnsafeBufferPointer { targets in
          labels.withUnsafeBufferPointer { labels in
            rules.withUnsafeBufferPointer { rules in
              asciiTables.withUnsafeBufferPointer { tables in
                body(
                  Buffers(
                    nodes: nodes, keys: keys, targets: targets, labels: labels, rules: rules,
                    asciiTables: tables))
              }
            }
          }
        }
      }
    }
  }

  /// The trie's arrays, borrowed for one walk.
  private struct Buffers {
    let nodes: UnsafeBufferPointer<Node>
    let keys: UnsafeBufferPointer<UInt32>
    let targets: UnsafeBufferPointer<Int32>
    let labels: UnsafeBufferPointer<UInt32>
    let rules: UnsafeBufferPointer<Int>
    let asciiTables: UnsafeBufferPointer<Int32>

    /// Follows the text (`count` scalars, read through `scalar`) from `start`, appending the rules
    /// of every node reached.
    @inline(__always)
    func walk(
      _ count: Int, from start: Int, into result: inout [Int], _ scalar: (Int) -> UInt32
    ) {
      var node = nodes[0]
      appendRules(of: node, &result)
      var position = start
      while position < count {
        guard
          let edge = EdgeLookup.edge(
            from: node, for: scalar(position), keys: keys, asciiTables: asciiTables)
        else { return }
        node = nodes[Int(targets[edge])]
        let labelStart = Int(node.labelStart)
        let labelCount = Int(node.labelCount)
        guard position + labelCount <= count else { return }
        for offset in 1..<max(1, labelCount)
        where labels[labelStart + offset] != scalar(position + offset) {
          return
        }
        position += labelCount
        appendRules(of: node, &result)
      }
    }

    @inline(__always)
    private func appendRules(of node: Node, _ result: inout [Int]) {
      guard node.ruleCount > 0 else { return }
      let first = Int(node.firstRule)
      for index in first..<first + Int(node.ruleCount) { result.append(rules[index]) }
    }
  }
}
