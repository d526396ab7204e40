/// Finds a run of single-character atoms (literals, `?`, classes) in a text with the bit-parallel
/// Shift-And algorithm: one pass over the text, a few machine words per scalar, whatever the
/// text. The greedy wildcard matcher would retry the whole run at every position instead, which a
/// long run against a long text turns into seconds.
struct RunSearch {
  private let atoms: UnsafeBufferPointer<PatternAtom>
  private let words: Int
  /// For each ASCII scalar, the atoms it matches, one bit each.
  private var asciiMasks: [UInt64]
  /// The same for the other scalars met so far.
  private var otherMasks: [UInt32: [UInt64]] = [:]

  /// How many distinct non-ASCII scalars the search computes masks for before giving up (each
  /// costs a look at every atom), so that the search stays linear.
  static let maximumOtherScalars = 256

  init(_ atoms: UnsafeBufferPointer<PatternAtom>) {
    self.atoms = atoms
    words = (atoms.count + 63) / 64
    asciiMasks = [UInt64](repeating: 0, count: 128 * words)
    for scalar in 0..<128 {
      for (index, atom) in atoms.enumerated() where atom.matchesOne(UInt32(scalar)) {
        asciiMasks[scalar * words + index / 64] |= 1 << UInt64(index % 64)
      }
    }
  }

  /// Where the run first occurs in the text; `.some(nil)` when it does not occur, nil when the
  /// text has too many distinct non-ASCII scalars to search this way.
  mutating func firstIndex(in text: UnsafeBufferPointer<UInt32>) -> Int?? {
    let count = atoms.count
    guard text.count >= count else { return .some(nil) }
    var state = [UInt64](repeating: 0, count: words)
    let lastWord = (count - 1) / 64
    let lastBit: UInt64 = 1 << UInt64((count - 1) % 64)
    for (offset, scalar) in text.enumerated() {
      let maskStart: Int
      var otherMask: [UInt64] = []
      if scalar < 128 {
        maskStart = Int(scalar) * words
      } else {
        guard let mask = mask(for: scalar) else { return nil }
        otherMask = mask
        maskStart = -1
      }
      var carry: UInt64 = 1
      for word in 0..<words {
        let shifted = state[word] << 1 | carry
        carry = state[word] >> 63
        let mask = maskStart >= 0 ? asciiMasks[maskStart + word] : otherMask[word]
        state[word] = shifted & mask
      }
      if state[lastWord] & lastBit != 0 { return .some(offset + 1 - count) }
    }
    return .some(nil)
  }

  private mutating func mask(for scalar: UInt32) -> [UInt64]? {
    if let known = otherMasks[scalar] { return known }
    guard otherMasks.count < Self.maximumOtherScalars else { return nil }
    var mask = [UInt64](repeating: 0, count: words)
    for (index, atom) in atoms.enumerated() where atom.matchesOne(scalar) {
      mask[index / 64] |= 1 << UInt64(index % 64)
    }
    otherMasks[scalar] = mask
    return mask
  }
}
