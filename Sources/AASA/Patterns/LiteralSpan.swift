/// A long literal of a ``PatternAutomaton``, matched at every live offset at once. Where it stands
/// decides how it is stepped (``Stepping``): after a `*` by its borders, elsewhere by bit masks.
struct LiteralSpan: Sendable {
  /// Shorter literals stay one node per scalar: few states, and no words to step.
  static let minimumLength = 32
  /// Longer literals are cut into several runs, which keeps each one's masks small.
  static let maximumLength = 4_096
  /// A run holds at most this many distinct scalars: one mask each.
  static let maximumKeys = 16

  /// The two ways a run's live offsets are kept.
  enum Stepping: Sendable {
    /// Right after a `*`: the literal is entered at every position from the first one where the
    /// star is alive, so the live offsets are exactly the borders of the longest one, and one
    /// number (the longest) stands for them all.
    case borders(BorderTable)
    /// Elsewhere (after a variable, say): entries come only where something before the literal
    /// ends, so each live offset is a bit of its own.
    case masks(MaskTable)
  }

  /// The literal itself, for ``MatcherProgram``, which exports it as one state per scalar.
  let scalars: [UInt32]
  /// How many scalars.
  let length: Int
  /// Where the run's bits start in the simulation's words.
  let wordOffset: Int
  let wordCount: Int
  let stepping: Stepping

  /// Whether the run is stepped by its borders (it follows a `*`); its one word is then the
  /// longest live offset.
  var followsStar: Bool {
    if case .borders = stepping { return true }
    return false
  }

  /// Whether a literal scalar can be part of a run: `/` and `*` change how a path pattern's
  /// expansion is normalized, so they stay nodes of their own.
  static func canHold(_ scalar: UInt32) -> Bool {
    scalar != PathNormalization.slash && scalar != PathNormalization.star
  }

  /// A literal that follows a `*`, of any length.
  init(afterStar scalars: [UInt32], wordOffset: Int) {
    precondition(!scalars.isEmpty)
    self.scalars = scalars
    length = scalars.count
    self.wordOffset = wordOffset
    wordCount = 1
    stepping = .borders(BorderTable(scalars))
  }

  init(_ scalars: [UInt32], wordOffset: Int) {
    precondition(!scalars.isEmpty && scalars.count <= Self.maximumLength)
    self.scalars = scalars
    length = scalars.count
    self.wordOffset = wordOffset
    wordCount = (scalars.count + 63) / 64
    stepping = .masks(MaskTable(scalars, wordCount: wordCount))
  }
}

/// A literal stepped as Knuth–Morris–Pratt does: the longest live offset, moved on in amortized
/// constant time per scalar whatever the literal's length.
struct BorderTable: Sendable {
  /// The literal and, for each length `j`, the length of the longest proper border of its first
  /// `j` scalars.
  private let scalars: [UInt32]
  private let borders: [Int32]

  init(_ scalars: [UInt32]) {
    self.scalars = scalars
    var borders = [Int32](repeating: 0, count: scalars.count + 1)
    var border = 0
    for index in 1..<max(scalars.count, 1) {
      while border > 0 && scalars[index] != scalars[border] { border = Int(borders[border]) }
      if scalars[index] == scalars[border] { border += 1 }
      borders[index + 1] = Int32(border)
    }
    self.borders = borders
  }

  /// The longest live offset after consuming `scalar` at offset `state`; the literal's length
  /// when it was completed.
  @inline(__always)
  func advance(_ state: Int, _ scalar: UInt32) -> Int {
    var state = state
    while state > 0 && scalars[state] != scalar { state = Int(borders[state]) }
    return scalars[state] == scalar ? state + 1 : 0
  }

  /// The longest live offset once the literal was completed: its longest proper border.
  var stateAfterCompletion: Int { Int(borders[scalars.count]) }
}

/// A literal stepped as the Shift-And search does (``RunSearch``): offset `j` alive is bit `j`,
/// and consuming a scalar keeps the offsets whose scalar it is and moves each one on (a shift).
struct MaskTable: Sendable {
  /// The distinct scalars, in first-seen order.
  private let keys: [UInt32]
  /// For each key, `wordCount` words: bit `j` is set when scalar `j` is that key.
  private let allMasks: [UInt64]
  private let wordCount: Int

  init(_ scalars: [UInt32], wordCount: Int) {
    self.wordCount = wordCount
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
    precondition(keys.count <= LiteralSpan.maximumKeys)
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
