/// Matching for patterns without multi-character variables: literals, `?`, character classes and
/// `*`, one atom per step.
///
/// The greedy algorithm: on a mismatch, only the most recent `*` is retried one character further.
/// Earlier stars never need a retry (whatever the last star can absorb, it absorbs), so the work is
/// at most (text length) × (pattern length) and usually linear; `*a*a*a*a*a*a*a*a*a*a*b` against
/// 10,000 characters takes a few hundred thousand steps, well under a millisecond.
enum WildcardMatcher {
  static func matches(
    _ atoms: UnsafeBufferPointer<PatternAtom>, _ text: UnsafeBufferPointer<UInt32>
  ) -> Bool {
    var atomIndex = 0
    var textIndex = 0
    var starAtom = -1
    var starText = 0
    while textIndex < text.count {
      if atomIndex < atoms.count {
        let atom = atoms[atomIndex]
        if atom == .star {
          starAtom = atomIndex
          starText = textIndex
          atomIndex += 1
          if let jump = longLiteralAfterStar(atoms, from: atomIndex, text, at: textIndex) {
            guard let (nextAtom, nextText) = jump.position else { return jump.matches }
            (atomIndex, textIndex) = (nextAtom, nextText)
          }
          continue
        }
        if atom.matchesOne(text[textIndex]) {
          atomIndex += 1
          textIndex += 1
          continue
        }
      }
      guard starAtom >= 0 else { return false }
      // Let the last star absorb one more character and retry what follows it.
      starText += 1
      textIndex = starText
      atomIndex = starAtom + 1
    }
    while atomIndex < atoms.count && atoms[atomIndex] == .star {
      atomIndex += 1
    }
    return atomIndex == atoms.count
  }

  /// Below this length, retrying a run after a star costs little; from it on, the run is found
  /// with ``LiteralSearch`` (literals only) or ``RunSearch`` instead, in linear time.
  static let longRun = 32

  /// What a long run of single-character atoms (literals, `?`, classes) right after a star
  /// decides, when there is one: a run followed by another star matches at its leftmost
  /// occurrence (later stars absorb whatever follows it, so no later occurrence can do better), and
  /// matching goes on at the returned position; a run that ends the pattern must end the text,
  /// which decides the match. Nil for a short run, which the greedy loop handles.
  private static func longLiteralAfterStar(
    _ atoms: UnsafeBufferPointer<PatternAtom>, from start: Int,
    _ text: UnsafeBufferPointer<UInt32>, at textStart: Int
  ) -> (matches: Bool, position: (atom: Int, text: Int)?)? {
    var end = start
    var isLiteral = true
    while end < atoms.count, atoms[end] != .star {
      if case .scalar = atoms[end] {} else { isLiteral = false }
      end += 1
    }
    let length = end - start
    guard length >= longRun else { return nil }
    let run = UnsafeBufferPointer(rebasing: atoms[start..<end])
    let rest = UnsafeBufferPointer(rebasing: text[textStart...])
    if end == atoms.count {
      guard rest.count >= length else { return (false, nil) }
      return (zip(run, rest.suffix(length)).allSatisfy { $0.matchesOne($1) }, nil)
    }
    let found: Int?
    if isLiteral {
      let literal = run.map { atom -> UInt32 in
        if case .scalar(let value) = atom { return value }
        return 0
      }
      found = LiteralSearch(literal).firstIndex(in: rest)
    } else {
      var search = RunSearch(run)
      guard let result = search.firstIndex(in: rest) else { return nil }
      found = result
    }
    guard let found else { return (false, nil) }
    return (true, (end, textStart + found + length))
  }
}
