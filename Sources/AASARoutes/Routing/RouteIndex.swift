import AASACore

/// The routes that could match a link of a given shape, in file order: grouped by segment count,
/// then by first segment (a literal first segment only meets links with that host; a `:param`
/// first segment meets every link of its length).
struct RouteIndex: Sendable {
  private struct Group: Sendable {
    /// For each literal first segment: the routes with it merged with the parameter-first ones,
    /// in file order.
    var byFirst: [String: [Int]] = [:]
    /// The parameter-first routes, for hosts no literal route names.
    var anyFirst: [Int] = []
  }

  private let groups: [Int: Group]

  init(_ routes: [Route], platform: Platform) {
    var literal: [Int: [String: [Int]]] = [:]
    var anyFirst: [Int: [Int]] = [:]
    for (position, route) in routes.enumerated() {
      let segments = route.segments(on: platform)
      // A key with an empty segment never matches: leave it out of the index.
      guard let first = segments.first, !segments.contains(.empty) else { continue }
      switch first {
      case .literal(let text):
        literal[segments.count, default: [:]][text, default: []].append(position)
      case .parameter: anyFirst[segments.count, default: []].append(position)
      case .empty: continue
      }
    }
    var groups: [Int: Group] = [:]
    for count in Set(literal.keys).union(anyFirst.keys) {
      var group = Group()
      group.anyFirst = anyFirst[count] ?? []
      for (text, positions) in literal[count] ?? [:] {
        group.byFirst[text] = (positions + group.anyFirst).sorted()
      }
      groups[count] = group
    }
    self.groups = groups
  }

  func candidates(_ segments: ArraySlice<String>) -> [Int] {
    guard let group = groups[segments.count], let first = segments.first else { return [] }
    return group.byFirst[first] ?? group.anyFirst
  }
}
