/// The tree Bolts builds from the tags (`docs/applinks.md#how-a-page-is-read`), kept as a flat list
/// of nodes.
///
/// At each level below `al` a key holds an array of nodes. Walking down a property, take the
/// last node of the key's array, or append a new one when the array is empty or the name is the
/// property's last. So a bare marker `al:ios` opens a new, empty group, `al:ios:url` adds a value
/// to the last `ios` group, and repeated tags without markers line up by position.
struct PropertyTree {
  struct Node {
    var value: TagValue?
    /// Each key's nodes, in the order they were appended.
    var children: [String: [Int]] = [:]
  }

  /// Node 0 is `al` itself.
  private(set) var nodes: [Node] = [Node()]

  /// Adds one tag. Linear in the number of names.
  mutating func add(names: [Substring], value: TagValue) {
    var current = 0
    for (position, name) in names.enumerated() {
      let key = String(name)
      var list = nodes[current].children[key, default: []]
      if list.isEmpty || position == names.count - 1 {
        nodes.append(Node())
        list.append(nodes.count - 1)
        nodes[current].children[key] = list
      }
      current = list[list.count - 1]
    }
    if names.isEmpty { return }
    nodes[current].value = value
  }

  /// The groups of a platform (`al:ios` nodes), in document order.
  func groups(of platform: String) -> [Int] { nodes[0].children[platform] ?? [] }

  /// The values a group gives `key`, in order (a value whose tag had no content is kept).
  func values(_ key: String, in group: Int) -> [TagValue] {
    (nodes[group].children[key] ?? []).compactMap { nodes[$0].value }
  }

  /// Every key of a group, for the checks.
  func keys(in group: Int) -> [String] { Array(nodes[group].children.keys) }
}
