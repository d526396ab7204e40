/// "Did you mean" for misspelt keys.
package enum Suggestion {
  /// The known word closest to `word`: same letters in another case, or at most two edits away.
  package static func closest(to word: String, among known: [String]) -> String? {
    if let sameLetters = known.first(where: { $0.lowercased() == word.lowercased() }) {
      return sameLetters
    }
    guard word.count >= 3 else { return nil }
    let lowered = Array(word.lowercased().unicodeScalars)
    let scored = known.map {
      (word: $0, distance: editDistance(lowered, Array($0.lowercased().unicodeScalars)))
    }
    guard let best = scored.min(by: { $0.distance < $1.distance }) else { return nil }
    let limit = word.count <= 4 ? 1 : 2
    return best.distance <= limit ? best.word : nil
  }

  package static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = Array(repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
