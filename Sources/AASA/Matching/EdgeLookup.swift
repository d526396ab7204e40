/// A node of a trie frozen into flat arrays (``Trie``, ``RunKeyAutomaton``): its edges are the
/// run `firstEdge..<firstEdge + edgeCount` of the arrays of edge keys and targets, sorted by key.
protocol EdgeIndexedNode {
  var firstEdge: Int32 { get }
  var edgeCount: Int32 { get }
  /// For wide nodes, where the node's ASCII table starts in the tables array; otherwise -1.
  var asciiTable: Int32 { get }
}

/// How the frozen tries find a node's edge for a scalar, and the ASCII tables that make it one
/// look-up on wide nodes. Shared so the two tries cannot drift apart on the hottest loop of
/// routing.
enum EdgeLookup {
  /// Nodes with more edges than this get a table from ASCII scalar to edge: a search by halving
  /// among many keys mispredicts a branch at nearly every step.
  static let tableThreshold = 8

  /// Appends a node's ASCII table to `tables`: 128 entries, the index of the edge for each ASCII
  /// scalar, or -1. `sortedKeys` are the node's edge keys, whose edges start at `firstEdge`.
  /// Returns where the table starts, for the node's `asciiTable`.
  static func appendASCIITable(
    for sortedKeys: some Sequence<UInt32>, firstEdge: Int, to tables: inout [Int32]
  ) -> Int32 {
    let start = tables.count
    tables.append(contentsOf: repeatElement(-1, count: 128))
    for (offset, key) in sortedKeys.enumerated() where key < 128 {
      tables[start + Int(key)] = Int32(firstEdge + offset)
    }
    return Int32(start)
  }

  /// The index of `node`'s edge for `scalar`: the table for ASCII on wide nodes, a scan for a
  /// few edges, halving for many.
  @inline(__always)
  static func edge(
    from node: some EdgeIndexedNode, for scalar: UInt32, keys: UnsafeBufferPointer<UInt32>,
    asciiTables: UnsafeBufferPointer<Int32>
  ) -> Int? {
    if node.asciiTable >= 0 && scalar < 128 {
      let edge = asciiTables[Int(node.asciiTable) + Int(scalar)]
      return edge < 0 ? nil : Int(edge)
    }
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
}
