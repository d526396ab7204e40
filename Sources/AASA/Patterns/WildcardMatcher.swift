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
}
