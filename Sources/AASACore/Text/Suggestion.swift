/// "Did you mean" for misspelt keys and names: the one edit distance every format suggests with.
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

  /// The known word within two edits of `word`, or with its letters in another case: for keys
  /// and names where any near miss is worth naming (route config keys, App Links platforms and
  /// keys). Words over 64 characters are not compared, so this stays cheap on any input.
  package static func withinTwoEdits(of word: String, among known: [String]) -> String? {
    let lowered = word.lowercased()
    if let sameLetters = known.first(where: { $0.lowercased() == lowered }) {
      return sameLetters
    }
    guard word.count <= 64 else { return nil }
    let letters = Array(lowered.unicodeScalars)
    var best: (word: String, distance: Int)?
    for candidate in known {
      let distance = editDistance(letters, Array(candidate.lowercased().unicodeScalars))
      if distance <= 2, distance < (best?.distance ?? .max) { best = (candidate, distance) }
    }
    return best?.word
  }

  /// Levenshtein distance, with two rows of memory.
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
