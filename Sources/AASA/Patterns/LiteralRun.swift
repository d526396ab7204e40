/// A long literal of a ``PatternAutomaton``, matched at every live offset at once: offset `j`
/// alive is bit `j`, and consuming a scalar keeps the offsets whose scalar it is and moves each
/// one on (a shift), as the Shift-And search does (``RunSearch``).
struct LiteralRun: Sendable {
  /// Shorter literals stay one node per scalar: few states, and no words to step.
  static let minimumLength = 32
  /// Longer literals are cut into several runs, which keeps each one's masks small.
  static let maximumLength = 4_096
  /// A run holds at most this many distinct scalars: one mask each.
  static let maximumKeys = 16

  /// How many scalars.
  let length: Int
  /// Where the run's bits start in the simulation's words.
  let wordOffset: Int
  let wordCount: Int
  /// The distinct scalars, in first-seen order.
  private let keys: [UInt32]
  /// For each key, `wordCount` words: bit `j` is set when scalar `j` is that key.
  private let allMasks: [UInt64]

  /// Whether a literal scalar can be part of a run: `/` and `*` change how a path pattern's
  /// expansion is normalized, so they stay nodes of their own.
  static func canHold(_ scalar: UInt32) -> Bool {
    scalar != PathNormalization.slash && scalar != PathNormalization.star
  }

  init(_ scalars: [UInt32], wordOffset: Int) {
    precondition(!scalars.isEmpty && scalars.count <= Self.maximumLength)
    length = scalars.count
    self.wordOffset = wordOffset
    wordCount = (scalars.count + 63) / 64
    var keys: [UInt32] = []
    var masks: [UInt64] = []
    for (offset, scalar) in scalars.enumerated() {
      var key = keys.firstIndex(of: scalar) ?? -1
      if key < 0 {
        key = keys.count
        keys.append(scalar)
        masks.append(contentsOf: repeatElement(0, count: wordCount))
      }
      masks[key * wordCount + offset / 64] |= UInt64(1) << UInt64(offset % 64)
    }
    precondition(keys.count <= Self.maximumKeys)
    self.keys = keys
    self.allMasks = masks
  }

  @inline(__always)
  func keyIndex(of scalar: UInt32) -> Int? {
    for index in keys.indices where keys[index] == scalar { return index }
    return nil
  }

  /// Word `word` of the mask of key `key`.
  @inline(__always)
  func mask(_ key: Int, word: Int) -> UInt64 {
    allMasks[key * wordCount + word]
  }
}
