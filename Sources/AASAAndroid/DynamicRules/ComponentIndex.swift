/// Finds, for a URL's path, the few components that can match it, so that a URL is not tried
/// against every one of hundreds of components.
///
/// Every text a path pattern matches starts with the pattern's literal lead (the whole text of a
/// literal pattern, the prefix of a prefix pattern, a glob's text before its first `*`, `?`, `.`
/// or `\`). The leads form a trie: walking the path through it collects the components whose lead
/// the path starts with; components without a path filter, or with an empty lead, are always
/// candidates. The candidates are then tried in file order, so the first match still decides.
struct ComponentIndex: Hashable, Sendable {
  /// Components with a filter but no path lead: tried for every URL. In file order.
  private var always: [Int] = []
  /// The trie: each node's children by UTF-16 unit, and the components whose lead ends there.
  private var children: [[UInt16: Int]] = [[:]]
  private var ending: [[Int]] = [[]]

  init(_ components: [DynamicComponent]) {
    for component in components where component.hasFilter {
      let lead = component.path.map(Self.lead) ?? []
      guard !lead.isEmpty else {
        always.append(component.index)
        continue
      }
      var node = 0
      for unit in lead {
        if let next = children[node][unit] {
          node = next
        } else {
          children.append([:])
          ending.append([])
          children[node][unit] = children.count - 1
          node = children.count - 1
        }
      }
      ending[node].append(component.index)
    }
  }

  /// The text every match of `pattern` starts with, in UTF-16 units.
  static func lead(_ pattern: AndroidPattern) -> [UInt16] {
    switch pattern.kind {
    case .literal, .prefix: return pattern.units
    case .simpleGlob:
      return Array(pattern.written.utf16.prefix { !"*?.\\".utf16.contains($0) })
    }
  }

  /// The components that may match a URL whose decoded path is `path`, in file order.
  func candidates(forPath path: [UInt16]) -> [Int] {
    var found = always
    var node = 0
    for unit in path {
      guard let next = children[node][unit] else { break }
      node = next
      found += ending[node]
    }
    if found.count > 1 { found.sort() }
    return found
  }
}
