/// Spots patterns that ICU can backtrack on for exponential time: a group that holds an unbounded
/// quantifier or an alternation and is itself repeated without bound (`(a+)+`, `(a*)*`,
/// `(\d+)*x`, `(a|a)*`). A syntactic check, one pass over the pattern: it can miss a risky
/// pattern written another way, but it never runs the pattern.
enum RegexRisk {
  /// The 0-based offset (in characters) of the outer quantifier of the first risky group.
  static func nestedQuantifier(in pattern: String) -> Int? {
    let characters = Array(pattern)
    // For each open group: whether it holds an unbounded quantifier or an alternation.
    var open: [Bool] = []
    var lastClosedRisky = false
    var index = 0
    var inClass = false
    while index < characters.count {
      let character = characters[index]
      defer { index += 1 }
      if character == "\\" {
        index += 1
        lastClosedRisky = false
        continue
      }
      if inClass {
        if character == "]" { inClass = false }
        continue
      }
      switch character {
      case "[":
        inClass = true
        lastClosedRisky = false
      case "(":
        open.append(false)
        lastClosedRisky = false
      case ")":
        lastClosedRisky = open.popLast() ?? false
        if lastClosedRisky, !open.isEmpty { open[open.count - 1] = true }
        continue
      case "|":
        if !open.isEmpty { open[open.count - 1] = true }
      case "*", "+":
        if lastClosedRisky { return index }
        if !open.isEmpty { open[open.count - 1] = true }
      case "{":
        // `{n,}` is unbounded; `{n}` and `{n,m}` are not.
        let rest = characters[(index + 1)...].prefix(while: { $0 != "}" })
        if rest.last == "," {
          if lastClosedRisky { return index }
          if !open.isEmpty { open[open.count - 1] = true }
        }
      default:
        break
      }
      lastClosedRisky = false
    }
    return nil
  }
}
