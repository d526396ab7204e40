/// Finds every run key of a ``RuleIndex`` that occurs anywhere in a path in one pass over the
/// path (Aho–Corasick), so that the path is read once rather than walked from each position.
///
/// The keys form a trie; each node also knows its *failure* node, the node of the longest proper
/// suffix of its key that is itself a key prefix, and its *output* link, the nearest node along
/// the failure chain where a key ends. Reading a scalar follows an edge when there is one and
/// failure links until there is: each failure step shortens the current match, which only reading
/// lengthened, so a text of n scalars costs at most 2n steps, whatever the keys; from the
/// shallowest nodes, an ASCII scalar takes one step through a table with the failures already
/// followed. Every key that ends at a position is then reported by following output links, each
/// of which ends a key.
final class RunKeyAutomaton: Sendable {
  private struct Node: Sendable, EdgeIndexedNode {
    var firstEdge: Int32 = 0
    var edgeCount: Int32 = 0
    var firstRule: Int32 = 0
    var ruleCount: Int32 = 0
    /// For wide nodes, where this node's ASCII table starts in `asciiTables`; otherwise -1.
    var asciiTable: Int32 = -1
    var failure: Int32 = 0
    /// The nearest node on the failure chain, this one included, where a key ends; -1 for none.
    var output: Int32 = -1
  }

  private let nodes: [Node]
  /// The scalar of each edge, sorted per node, so that wide nodes can be searched by halving.
  private let edgeKeys: [UInt32]
  private let edgeTargets: [Int32]
  private let rules: [Int]
  /// 128 entries per wide node: the index of the edge for each ASCII scalar, or -1.
  private let asciiTables: [Int32]
  /// For the first ``denseNodeCount`` nodes, one entry per class of ASCII scalars: the step from
  /// it by a scalar of that class, failure links already followed. Breadth-first order puts the
  /// shallowest nodes first, where a scan spends nearly all its steps, so most scalars cost one
  /// look-up. A step is a *state* shifted left by one, its low bit set when a key ends at the node
  /// reached. A state is the offset of the node's row (`node × classCount`) when it has one, else
  /// `-(node + 1)`: the scan's next look-up then needs no multiplication, which on the chain of one
  /// look-up per scalar costs as much as the look-up.
  private let steps: [Int32]
  private let denseNodeCount: Int
  /// The class of each ASCII scalar: its own for each scalar some key holds, 0 for all others
  /// (which lead every node to the root). Rows are as wide as the keys' alphabet, not 128 entries,
  /// so that the rows a scan visits stay in the nearest cache.
  private let asciiClasses: [UInt8]
  private let classCount: Int
  /// Each node's ``Node/output``, apart, so that the check after each scalar reads 4 bytes of
  /// a small array rather than a whole node.
  private let outputs: [Int32]

  /// How many nodes get a row of ``steps`` (a few hundred KiB at most, whatever the rules).
  static let maximumDenseNodes = 4_096

  var isEmpty: Bool { rules.isEmpty }

  /// How many nodes the trie of keys has (for tests that need more than get rows).
  var nodeCount: Int { nodes.count }

  /// Freezes `builder`'s keys into flat arrays, breadth first, and links each node to its failure
  /// and output nodes.
  init(_ builder: TrieBuilder) {
    var nodes: [Node] = [Node()]
    var edgeKeys: [UInt32] = []
    var edgeTargets: [Int32] = []
    var rules: [Int] = []
    var asciiTables: [Int32] = []
    // Breadth first: a node's edges are contiguous once its children are known, and every node
    // comes after the shorter keys its failure link may point to.
    var pending: [Int] = [0]
    var next = 0
    while next < pending.count {
      let builderNode = pending[next]
      let node = next
      next += 1
      nodes[node].firstRule = Int32(rules.count)
      nodes[node].ruleCount = Int32(builder.rules[builderNode].count)
      rules.append(contentsOf: builder.rules[builderNode])
      let edges = builder.edges[builderNode].sorted { $0.key < $1.key }
      nodes[node].firstEdge = Int32(edgeKeys.count)
      nodes[node].edgeCount = Int32(edges.count)
      // The root always has a table: every failure ends there.
      if node == 0 || edges.count > EdgeLookup.tableThreshold {
        nodes[node].asciiTable = EdgeLookup.appendASCIITable(
          for: edges.lazy.map(\.key), firstEdge: edgeKeys.count, to: &asciiTables)
      }
      for edge in edges {
        nodes.append(Node())
        edgeKeys.append(edge.key)
        edgeTargets.append(Int32(nodes.count - 1))
        pending.append(edge.target)
      }
    }
    // Failure and output links, breadth first: a node's links depend only on shallower nodes'.
    nodes[0].output = nodes[0].ruleCount > 0 ? 0 : -1
    edgeKeys.withUnsafeBufferPointer { keys in
      asciiTables.withUnsafeBufferPointer { tables in
        for node in nodes.indices {
          let parent = nodes[node]
          let first = Int(parent.firstEdge)
          for edge in first..<first + Int(parent.edgeCount) {
            let child = Int(edgeTargets[edge])
            var failure = 0
            if node != 0 {
              var candidate = Int(parent.failure)
              while true {
                if let step = EdgeLookup.edge(
                  from: nodes[candidate], for: keys[edge], keys: keys, asciiTables: tables)
                {
                  failure = Int(edgeTargets[step])
                  break
                }
                if candidate == 0 { break }
                candidate = Int(nodes[candidate].failure)
              }
            }
            nodes[child].failure = Int32(failure)
            nodes[child].output = nodes[child].ruleCount > 0 ? Int32(child) : nodes[failure].output
          }
        }
      }
    }
    // Dense rows, breadth first: a missing edge goes where the failure node's row goes, and the
    // failure node is shallower, so its row is already filled.
    var asciiClasses = [UInt8](repeating: 0, count: 128)
    var classCount = 1
    for key in edgeKeys where key < 128 && asciiClasses[Int(key)] == 0 {
      asciiClasses[Int(key)] = UInt8(classCount)
      classCount += 1
    }
    let denseNodeCount = min(nodes.count, Self.maximumDenseNodes)
    var denseRows = [Int32](repeating: 0, count: denseNodeCount * classCount)
    for node in 0..<denseNodeCount {
      let first = Int(nodes[node].firstEdge)
      let failureRow = Int(nodes[node].failure) * classCount
      for scalarClass in 0..<classCount {
        denseRows[node * classCount + scalarClass] =
          node == 0 ? 0 : denseRows[failureRow + scalarClass]
      }
      for edge in first..<first + Int(nodes[node].edgeCount) where edgeKeys[edge] < 128 {
        denseRows[node * classCount + Int(asciiClasses[Int(edgeKeys[edge])])] = edgeTargets[edge]
      }
    }
    let outputs = nodes.map(\.output)
    self.steps = denseRows.map { target in
      let node = Int(target)
      let state = node < denseNodeCount ? node * classCount : -(node + 1)
      return Int32(state << 1 | (outputs[node] >= 0 ? 1 : 0))
    }
    self.denseNodeCount = denseNodeCount
    self.asciiClasses = asciiClasses
    self.classCount = classCount
    self.outputs = outputs
    self.nodes = nodes
    self.edgeKeys = edgeKeys
    self.edgeTargets = edgeTargets
    self.rules = rules
    self.asciiTables = asciiTables
  }

  /// Appends the rules of every key that occurs in `text`, once per occurrence.
  func collect(in text: UnsafeBufferPointer<UInt32>, into result: inout [Int]) {
    withBuffers { automaton in
      var state = 0
      for scalar in text {
        let node: Int
        if state >= 0 && scalar < 128 {
          let scalarClass = Int(automaton.asciiClasses[Int(scalar)])
          let step = Int(automaton.steps[state &+ scalarClass])
          state = step >> 1
          guard step & 1 != 0 else { continue }
          node = state >= 0 ? state / classCount : -state - 1
        } else {
          // A node without a row, or a scalar beyond ASCII: edges and failure links.
          var current = state >= 0 ? state / classCount : -state - 1
          while true {
            if let edge = EdgeLookup.edge(
              from: automaton.nodes[current], for: scalar, keys: automaton.keys,
              asciiTables: automaton.asciiTables)
            {
              current = Int(automaton.targets[edge])
              break
            }
            if current == 0 { break }
            current = Int(automaton.nodes[current].failure)
          }
          state = current < denseNodeCount ? current * classCount : -(current + 1)
          guard automaton.outputs[current] >= 0 else { continue }
          node = current
        }
        var output = Int(automaton.outputs[node])
        while output >= 0 {
          let found = automaton.nodes[output]
          let first = Int(found.firstRule)
          for index in first..<first + Int(found.ruleCount) {
            result.append(automaton.rules[index])
          }
          output = Int(automaton.outputs[Int(found.failure)])
        }
      }
    }
  }

  private func withBuffers(_ body: (Buffers) -> Void) {
    nodes.withUnsafeBufferPointer { nodes in
      edgeKeys.withUnsafeBufferPointer { keys in
        edgeTargets.withUnsafeBufferPointer { targets in
          rules.withUnsafeBufferPointer { rules in
            asciiTables.withUnsafeBufferPointer { tables in
              steps.withUnsafeBufferPointer { steps in
                asciiClasses.withUnsafeBufferPointer { asciiClasses in
                  outputs.withUnsafeBufferPointer { outputs in
                    body(
                      Buffers(
                        nodes: nodes, keys: keys, targets: targets, rules: rules,
                        asciiTables: tables, steps: steps, asciiClasses: asciiClasses,
                        outputs: outputs))
                  }
                }
              }
            }
          }
        }
      }
    }
  }

  /// The automaton's arrays, borrowed for one pass.
  private struct Buffers {
    let nodes: UnsafeBufferPointer<Node>
    let keys: UnsafeBufferPointer<UInt32>
    let targets: UnsafeBufferPointer<Int32>
    let rules: UnsafeBufferPointer<Int>
    let asciiTables: UnsafeBufferPointer<Int32>
    let steps: UnsafeBufferPointer<Int32>
    let asciiClasses: UnsafeBufferPointer<UInt8>
    let outputs: UnsafeBufferPointer<Int32>
  }
}
