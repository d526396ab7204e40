/// The known key a mistyped one was probably meant to be: same letters in another case, or within
/// two edits. Keys are short, so the edit distance is cheap; longer keys are not compared.
enum KeySuggestion {
  static func closest(to key: String, among known: [String]) -> String? {
    guard key.count <= 64 else { return nil }
    if let sameLetters = known.first(where: { $0.lowercased() == key.lowercased() }) {
      return sameLetters
    }
    var best: (key: String, distance: Int)?
    for candidate in known {
      let distance = editDistance(Array(key.lowercased()), Array(candidate.lowercased()))
      if distance <= 2, distance < (best?.distance ?? .max) { best = (candidate, distance) }
    }
    return best?.key
  }

  private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
      var current = [i + 1] + Array(repeating: 0, count: b.count)
      for (j, y) in b.enumerated() {
        current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
