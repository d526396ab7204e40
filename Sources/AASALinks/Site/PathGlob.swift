/// A rule's path pattern as a glob of literal characters, `?` and `*`, for the two questions the
/// matcher does not answer: can two patterns match one path (overlapping rules), and which
/// example paths does a pattern match (to ask the site's association files about).
///
/// `$(…)` substitution variables are read as `*`, which can only make two patterns look like they
/// overlap when they do not (a rule is refused rather than an overlap missed). Case-insensitive
/// patterns compare folded literals.
struct PathGlob: Sendable {
  enum Token: Hashable, Sendable {
    case literal(Character)
    case any
    case star
  }

  let tokens: [Token]

  init(_ pattern: String, folded: Bool) {
    var tokens: [Token] = []
    var characters = pattern[...]
    while let character = characters.popFirst() {
      switch character {
      case "\\":
        if let escaped = characters.popFirst() {
          tokens.append(.literal(folded ? Character(escaped.lowercased()) : escaped))
        } else {
          tokens.append(.literal("\\"))
        }
      case "*":
        if tokens.last != .star { tokens.append(.star) }
      case "?":
        tokens.append(.any)
      case "$" where characters.first == "(":
        if let close = characters.firstIndex(of: ")") {
          characters = characters[characters.index(after: close)...]
          if tokens.last != .star { tokens.append(.star) }
        } else {
          tokens.append(.literal("$"))
        }
      default:
        tokens.append(.literal(folded ? Character(character.lowercased()) : character))
      }
    }
    self.tokens = tokens
  }

  /// Whether some text matches both globs: a search of the product of the two patterns' automata,
  /// at most (n+1)·(m+1) states.
  func intersects(_ other: PathGlob) -> Bool {
    let a = tokens
    let b = other.tokens
    let width = b.count + 1
    var seen = [Bool](repeating: false, count: (a.count + 1) * width)
    var stack = [(0, 0)]
    while let (i, j) = stack.popLast() {
      guard !seen[i * width + j] else { continue }
      seen[i * width + j] = true
      if i == a.count && j == b.count { return true }
      if i < a.count, a[i] == .star { stack.append((i + 1, j)) }
      if j < b.count, b[j] == .star { stack.append((i, j + 1)) }
      guard i < a.count, j < b.count else { continue }
      let compatible: Bool =
        switch (a[i], b[j]) {
        case (.literal(let x), .literal(let y)): x == y
        default: true
        }
      guard compatible else { continue }
      let next = (a[i] == .star ? i : i + 1, b[j] == .star ? j : j + 1)
      if next != (i, j) { stack.append(next) }
    }
    return false
  }

  /// Paths the pattern matches, to route through the site's files: each wildcard as the least it
  /// can be and as one segment (`/p/*` gives `/p/` and `/p/a`).
  var examples: [String] {
    func render(star: String) -> String {
      var text = ""
      for token in tokens {
        switch token {
        case .literal(let character): text.append(character)
        case .any: text += "a"
        case .star: text += star
        }
      }
      return text
    }
    var seen: Set<String> = []
    return [render(star: ""), render(star: "a"), render(star: "a/b")].filter {
      seen.insert($0).inserted
    }
  }
}
