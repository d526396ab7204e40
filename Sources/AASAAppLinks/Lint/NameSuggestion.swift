/// The name probably meant: the closest of `candidates` within two edits, or a case-insensitive
/// match. Names are short; longer ones are not compared, so this stays cheap on any input.
enum NameSuggestion {
  static func closest(to name: String, among candidates: [String]) -> String? {
    let lowered = name.lowercased()
    if let exact = candidates.first(where: { $0 == lowered }) { return exact }
    guard name.count <= 64 else { return nil }
    var best: (String, Int)?
    for candidate in candidates {
      let distance = editDistance(Array(lowered.unicodeScalars), Array(candidate.unicodeScalars))
      if distance <= 2, distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
    }
    return best?.0
  }

  /// Levenshtein distance, with one row of memory.
  private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    var previous = Array(0...b.count)
    for (i, left) in a.enumerated() {
      var current = [i + 1] + Array(repeating: 0, count: b.count)
      for (j, right) in b.enumerated() {
        current[j + 1] = min(
          previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
