/// A pattern compiled into a small nondeterministic automaton and simulated with a set of states
/// (Thompson's construction), so matching takes O(n·m) time for a text of n scalars and an
/// automaton of m states, with no backtracking, whatever the pattern.
///
/// Variables become branches: the values of one variable are merged into a trie, so `$(region)`
/// costs two steps, not one branch per code. A trie node's plain letters become one
/// ``Node/branch(first:count:)`` state that looks the next scalar up, so a step over `$(lang)`'s
/// 26 first letters follows one state rather than 26.
///
/// ## Path normalization inside the automaton
/// A path pattern with variables cannot be normalized as text before its values are known:
/// `/$(prefix)/x` with `prefix` = `["", "en"]` stands for `//x` (normalized `/x/`) and `/en/x`
/// (normalized `/en/x/`). The automaton normalizes every expansion exactly, by tracking in each
/// state what the expansion looked like so far (its ``Mode``):
/// - a `/` that follows a `/` of the expansion is skipped (runs of `//` collapse, also across a
///   variable boundary and through empty values);
/// - the expansion gets a leading `/` unless its first atom is a `*` (the ``Node/leadingSlash(next:)``
///   entry consumes it; the mode then forbids a `*` as the first atom, and the other entry, with no
///   slash, requires one);
/// - the expansion gets a trailing `/` unless its last atom is a `*` (the accepting node consumes it).
struct PatternAutomaton: Sendable {
  /// One state of the automaton. `next` is the index of the following node.
  enum Node: Sendable {
    /// Consumes exactly this scalar.
    case scalar(UInt32, next: Int32)
    /// Consumes any one scalar (`?`).
    case any(next: Int32)
    /// Consumes one scalar of the class.
    case characterClass(CharacterClass, next: Int32)
    /// Consumes any scalar and stays, or moves on to `next` without consuming (`*`).
    case star(next: Int32)
    /// Moves, without consuming, to each of `splitTargets[first ..< first + count]`. With a count of
    /// zero (a variable without values) it is a dead end.
    case split(first: Int32, count: Int32)
    /// Consumes the scalar `branchKeys[i]` and moves to `branchTargets[i]`, for `i` in
    /// `first ..< first + count` (keys ascending). Keys are never `/` or `*`, which path
    /// normalization treats specially.
    case branch(first: Int32, count: Int32)
    /// Consumes the literal ``LiteralSpan`` `runs[index]`, scalar by scalar. Every offset into
    /// the run that is alive is one bit, stepped for all offsets at once, so a long literal after
    /// a `*` (alive at every offset on a text that repeats it) costs a few word operations per
    /// scalar rather than one state per offset.
    case run(Int32, next: Int32)
    /// Path patterns only: the leading `/` that normalization adds.
    case leadingSlash(next: Int32)
    /// The end of the pattern.
    case accept
  }

  /// What the normalized expansion looked like just before a state (path patterns only).
  enum Mode {
    /// Anything else (and the only mode of patterns that are not paths).
    static let other: Int32 = 0
    /// Nothing matched yet, no leading `/` added: the first atom must be a `*`.
    static let startWithoutSlash: Int32 = 1
    /// Nothing matched yet but the added leading `/`: the first atom must not be a `*`.
    static let startAfterSlash: Int32 = 2
    /// The last atom was a `/`.
    static let afterSlash: Int32 = 3
    /// The last atom was a `*` (the wildcard or a literal star).
    static let afterStar: Int32 = 4
    static let count = 5
  }

  /// What one resolved piece of a pattern stands for.
  enum Piece {
    case atom(PatternAtom)
    /// A variable: exactly one of its values.
    case alternatives(VariableTrie)
  }

  let nodes: [Node]
  let splitTargets: [Int32]
  let branchKeys: [UInt32]
  let branchTargets: [Int32]
  let runs: [LiteralSpan]
  /// The words of every run's bits, one after the other.
  private let runWordCount: Int
  /// Where matching starts without the leading `/` (for paths), or at all.
  let start: Int32
  /// The ``Node/leadingSlash(next:)`` entry of path patterns.
  let leadingSlashEntry: Int32?
  let normalizesPath: Bool
  /// States are `node << modeShift | mode`: a shift rather than a multiplication, since the
  /// simulation decodes states in its innermost loop.
  private let modeShift: Int32
  /// Where runs take their working memory.
  private let scratch: AutomatonScratchPool

  /// Compiles `pieces`, in pattern order. With `normalizesPath`, every expansion is path-normalized
  /// as described in the type's documentation.
  init(pieces: [Piece], normalizesPath: Bool, scratch: AutomatonScratchPool = .shared) {
    var builder = Builder()
    var next: Int32 = 0
    // Literal scalars in reverse, until something else comes: emitted as runs when long.
    var literal: [UInt32] = []
    for piece in pieces.reversed() {
      if case .atom(.scalar(let value)) = piece, LiteralSpan.canHold(value) {
        literal.append(value)
        continue
      }
      var isStar = false
      if case .atom(.star) = piece { isStar = true }
      next = builder.emit(literalReversed: literal, afterStar: isStar, next: next)
      literal.removeAll(keepingCapacity: true)
      switch piece {
      case .atom(let atom): next = builder.emit(atom, next: next)
      case .alternatives(let trie): next = builder.append(trie.template, next: next)
      }
    }
    next = builder.emit(literalReversed: literal, afterStar: false, next: next)
    self.start = next
    self.leadingSlashEntry = normalizesPath ? builder.append(.leadingSlash(next: next)) : nil
    self.nodes = builder.nodes
    self.splitTargets = builder.splitTargets
    self.branchKeys = builder.branchKeys
    self.branchTargets = builder.branchTargets
    self.runs = builder.runs
    self.runWordCount = builder.runs.reduce(0) { $0 + $1.wordCount }
    self.normalizesPath = normalizesPath
    self.modeShift = normalizesPath ? 3 : 0
    self.scratch = scratch
  }

  /// Simulates the automaton on `text`.
  ///
  /// - Returns: whether the whole text matches, and the length of the longest prefix of the text
  ///   after which some state was still alive (for "how far did it get" explanations).
  func run(_ text: UnsafeBufferPointer<UInt32>) -> (matches: Bool, aliveThrough: Int) {
    let stateCount = nodes.count << Int(modeShift)
    var scratch = self.scratch.take(stateCount: stateCount)
    defer { self.scratch.give(back: scratch) }
    // Two sets of run bits, current and next, and a mark per run; only patterns with long
    // literals have any. Marks start below every generation the simulation uses.
    var runBits = [UInt64](repeating: 0, count: 2 * runWordCount)
    var runMarks = [Int32](repeating: Int32.min, count: runs.count)
    return nodes.withUnsafeBufferPointer { nodes in
      splitTargets.withUnsafeBufferPointer { targets in
        branchKeys.withUnsafeBufferPointer { branchKeys in
          branchTargets.withUnsafeBufferPointer { branchTargets in
            runs.withUnsafeBufferPointer { runs in
              runBits.withUnsafeMutableBufferPointer { runBits in
                runMarks.withUnsafeMutableBufferPointer { runMarks in
                  var simulation = Simulation(
                    nodes: nodes, targets: targets, branchKeys: branchKeys,
                    branchTargets: branchTargets, normalizesPath: normalizesPath,
                    modeShift: modeShift, marks: scratch.marks, stack: scratch.stack,
                    current: scratch.current, next: scratch.next, generation: scratch.generation,
                    runs: runs, runBits: runBits, runWordCount: runWordCount,
                    runMarks: runMarks.baseAddress ?? UnsafeMutablePointer<Int32>(bitPattern: 4)!)
                  let result = simulation.run(
                    text, start: start, leadingSlashEntry: leadingSlashEntry)
                  scratch.generation = simulation.generation + 1
                  return result
                }
              }
            }
          }
        }
      }
    }
  }

  /// The mutable part of one simulation, over scratch memory of four arrays of `stateCount`.
  private struct Simulation {
    let nodes: UnsafeBufferPointer<Node>
    let targets: UnsafeBufferPointer<Int32>
    let branchKeys: UnsafeBufferPointer<UInt32>
    let branchTargets: UnsafeBufferPointer<Int32>
    let path: Bool
    let shift: Int32
    let modeMask: Int32
    /// `marks[state] == generation` when the state is already in the set being built.
    let marks: UnsafeMutablePointer<Int32>
    let stack: UnsafeMutablePointer<Int32>
    var current: UnsafeMutablePointer<Int32>
    var next: UnsafeMutablePointer<Int32>
    let runs: UnsafeBufferPointer<LiteralSpan>
    /// `runMarks[run] == generation` when the run is already listed in the set being built.
    let runMarks: UnsafeMutablePointer<Int32>
    /// The bits of the runs in the current set, then those of the set being built.
    var currentRunBits: UnsafeMutablePointer<UInt64>
    var nextRunBits: UnsafeMutablePointer<UInt64>
    var currentCount = 0
    var nextCount = 0
    var stackCount = 0
    var generation: Int32
    /// Set when the set being built holds a `*` followed only by the end of the pattern: every
    /// continuation of the text then matches.
    var reachedFinalStar = false

    init(
      nodes: UnsafeBufferPointer<Node>, targets: UnsafeBufferPointer<Int32>,
      branchKeys: UnsafeBufferPointer<UInt32>, branchTargets: UnsafeBufferPointer<Int32>,
      normalizesPath: Bool, modeShift: Int32, marks: UnsafeMutablePointer<Int32>,
      stack: UnsafeMutablePointer<Int32>,
      current: UnsafeMutablePointer<Int32>, next: UnsafeMutablePointer<Int32>, generation: Int32,
      runs: UnsafeBufferPointer<LiteralSpan>, runBits: UnsafeMutableBufferPointer<UInt64>,
      runWordCount: Int, runMarks: UnsafeMutablePointer<Int32>
    ) {
      self.generation = generation
      self.runs = runs
      self.runMarks = runMarks
      // A pattern without runs has no bits: both point at the (empty) buffer's start.
      let base = runBits.baseAddress ?? UnsafeMutablePointer<UInt64>(bitPattern: 8)!
      self.currentRunBits = base
      self.nextRunBits = base + runWordCount
      self.nodes = nodes
      self.targets = targets
      self.branchKeys = branchKeys
      self.branchTargets = branchTargets
      self.path = normalizesPath
      self.shift = modeShift
      self.modeMask = (1 << modeShift) - 1
      self.marks = marks
      self.stack = stack
      self.current = current
      self.next = next
    }

    mutating func run(
      _ text: UnsafeBufferPointer<UInt32>, start: Int32, leadingSlashEntry: Int32?
    ) -> (matches: Bool, aliveThrough: Int) {
      if let leadingSlashEntry {
        addClosure(start, Mode.startWithoutSlash)
        addClosure(leadingSlashEntry, Mode.other)
      } else {
        addClosure(start, Mode.other)
      }
      swapSets()
      for offset in 0..<text.count {
        if reachedFinalStar { return (true, text.count) }
        let scalar = text[offset]
        for index in 0..<currentCount {
          let state = current[index]
          let node = state >> shift
          let mode = state & modeMask
          switch nodes[Int(node)] {
          case .scalar(let expected, let following):
            if expected == scalar {
              addClosure(following, path ? Self.mode(after: scalar) : Mode.other)
            }
          case .any(let following):
            addClosure(following, Mode.other)
          case .characterClass(let characterClass, let following):
            if characterClass.contains(scalar) {
              addClosure(following, Mode.other)
            }
          case .star:
            addClosure(node, path ? Mode.afterStar : Mode.other)
          case .leadingSlash(let following):
            if scalar == PathNormalization.slash {
              addClosure(following, Mode.startAfterSlash)
            }
          case .accept:
            // The trailing `/` that normalization adds after an expansion not ending in `/` or `*`.
            if path && mode == Mode.other && scalar == PathNormalization.slash {
              addClosure(node, Mode.afterSlash)
            }
          case .branch(let first, let count):
            if let following = branchTarget(first, count, scalar) {
              addClosure(following, Mode.other)
            }
          case .run(let index, let following):
            if stepRun(index, node: node, scalar: scalar) {
              addClosure(following, Mode.other)
            }
          case .split:
            break
          }
        }
        swapSets()
        if currentCount == 0 {
          return (false, offset)
        }
      }
      if reachedFinalStar { return (true, text.count) }
      for index in 0..<currentCount {
        let state = current[index]
        guard case .accept = nodes[Int(state >> shift)] else { continue }
        let mode = state & modeMask
        if !path || mode == Mode.startAfterSlash || mode == Mode.afterSlash
          || mode == Mode.afterStar
        {
          return (true, text.count)
        }
      }
      return (false, text.count)
    }

    /// The target of the branch edge for `scalar`, if there is one: a scan for a few keys, halving
    /// for many.
    @inline(__always)
    private func branchTarget(_ first: Int32, _ count: Int32, _ scalar: UInt32) -> Int32? {
      var low = Int(first)
      var high = low + Int(count)
      while high - low > 8 {
        let middle = (low + high) / 2
        if branchKeys[middle] < scalar { low = middle + 1 } else { high = middle + 1 }
      }
      while low < high {
        if branchKeys[low] == scalar { return branchTargets[low] }
        if branchKeys[low] > scalar { return nil }
        low += 1
      }
      return nil
    }

    private static func mode(after scalar: UInt32) -> Int32 {
      switch scalar {
      case PathNormalization.slash: return Mode.afterSlash
      case PathNormalization.star: return Mode.afterStar
      default: return Mode.other
      }
    }

    /// Lists run `index` in the set being built, once, with its bits cleared before the first
    /// write of this step. A run holds no `/` or `*`, so the mode before it changes nothing once
    /// its first scalar is consumed: one state per run stands for every mode.
    @inline(__always)
    private mutating func listRun(_ index: Int32, node: Int32) {
      guard runMarks[Int(index)] != generation else { return }
      runMarks[Int(index)] = generation
      let run = runs[Int(index)]
      (nextRunBits + run.wordOffset).update(repeating: 0, count: run.wordCount)
      next[nextCount] = node << shift
      nextCount += 1
    }

    /// Consumes `scalar` at every live offset of run `index`; whether the run was completed.
    private mutating func stepRun(_ index: Int32, node: Int32, scalar: UInt32) -> Bool {
      let run = runs[Int(index)]
      let table: MaskTable
      switch run.stepping {
      case .borders(let borders):
        var state = borders.advance(Int(currentRunBits[run.wordOffset]), scalar)
        let completed = state == run.length
        if completed { state = borders.stateAfterCompletion }
        // The star before it enters it again at once: it stays listed, at offset 0 at least.
        listRun(index, node: node)
        nextRunBits[run.wordOffset] = max(nextRunBits[run.wordOffset], UInt64(state))
        return completed
      case .masks(let masks):
        table = masks
      }
      guard let key = table.keyIndex(of: scalar) else { return false }
      let bits = currentRunBits + run.wordOffset
      var alive: UInt64 = 0
      var completed = false
      let lastWord = run.wordCount - 1
      let lastBit = UInt64(1) << UInt64((run.length - 1) % 64)
      for word in 0...lastWord {
        let matched = bits[word] & table.mask(key, word: word)
        if word == lastWord {
          completed = matched & lastBit != 0
          alive |= matched & ~lastBit
        } else {
          alive |= matched
        }
      }
      guard alive != 0 else { return completed }
      listRun(index, node: node)
      let target = nextRunBits + run.wordOffset
      var carry: UInt64 = 0
      for word in 0...lastWord {
        var matched = bits[word] & table.mask(key, word: word)
        if word == lastWord { matched &= ~lastBit }
        target[word] |= matched << 1 | carry
        carry = matched >> 63
      }
      return completed
    }

    private mutating func swapSets() {
      swap(&current, &next)
      swap(&currentRunBits, &nextRunBits)
      currentCount = nextCount
      nextCount = 0
      generation += 1
    }

    /// Adds the state `(node, mode)` and everything reachable from it without consuming to the set
    /// being built, keeping only the states that consume (or accept).
    @inline(__always)
    private mutating func push(_ node: Int32, _ mode: Int32) {
      let state = node << shift | mode
      if marks[Int(state)] != generation {
        marks[Int(state)] = generation
        stack[stackCount] = state
        stackCount += 1
      }
    }

    private mutating func addClosure(_ node: Int32, _ mode: Int32) {
      push(node, mode)
      while stackCount > 0 {
        stackCount -= 1
        let state = stack[stackCount]
        let node = state >> shift
        let mode = state & modeMask
        switch nodes[Int(node)] {
        case .split(let first, let count):
          for index in Int(first)..<Int(first + count) {
            push(targets[index], mode)
          }
          continue
        case .scalar(let expected, let following):
          if path {
            let isSlash = expected == PathNormalization.slash
            if isSlash && (mode == Mode.startAfterSlash || mode == Mode.afterSlash) {
              push(following, Mode.afterSlash)  // `//` collapses into one `/`
            }
            let isStar = expected == PathNormalization.star
            if mode == Mode.startWithoutSlash && !isStar { continue }
            if mode == Mode.startAfterSlash && isStar { continue }
          }
        case .any, .characterClass, .branch:
          if path && mode == Mode.startWithoutSlash { continue }
        case .run(let index, _):
          if path && mode == Mode.startWithoutSlash { continue }
          listRun(index, node: node)
          // Offset 0 alive: a bit of its own, or always so for a run stepped by borders.
          if !runs[Int(index)].followsStar { nextRunBits[runs[Int(index)].wordOffset] |= 1 }
          continue
        case .star(let following):
          if path && mode == Mode.startAfterSlash { continue }
          push(following, path ? Mode.afterStar : Mode.other)
          if case .accept = nodes[Int(following)] { reachedFinalStar = true }
        case .leadingSlash, .accept:
          break
        }
        next[nextCount] = state
        nextCount += 1
      }
    }
  }

  /// A variable's trie compiled once into nodes, with ``continuation`` standing for "after the
  /// variable", copied into every automaton that uses the variable.
  struct Template: Sendable {
    static let continuation: Int32 = -1
    let nodes: [Node]
    let splitTargets: [Int32]
    let branchKeys: [UInt32]
    let branchTargets: [Int32]
    let entry: Int32

    /// The entries one copy of the template adds to an automaton.
    var size: Int { nodes.count + splitTargets.count + branchKeys.count }

    init(_ trie: VariableTrie) {
      var builder = Builder(nodes: [])
      entry = builder.emit(trie, next: Self.continuation)
      nodes = builder.nodes
      splitTargets = builder.splitTargets
      branchKeys = builder.branchKeys
      branchTargets = builder.branchTargets
    }
  }

  /// Emits nodes back to front, so that every node's successor already exists.
  private struct Builder {
    var nodes: [Node] = [.accept]
    var splitTargets: [Int32] = []
    var branchKeys: [UInt32] = []
    var branchTargets: [Int32] = []
    var runs: [LiteralSpan] = []

    /// Emits literal scalars given last to first: one node each when few; after a `*`, one run
    /// of any length; elsewhere, runs of at most ``LiteralSpan/maximumLength`` scalars and
    /// ``LiteralSpan/maximumKeys`` distinct ones.
    mutating func emit(literalReversed scalars: [UInt32], afterStar: Bool, next: Int32) -> Int32 {
      var next = next
      guard scalars.count >= LiteralSpan.minimumLength else {
        for scalar in scalars { next = append(.scalar(scalar, next: next)) }
        return next
      }
      var wordOffset = runs.reduce(0) { $0 + $1.wordCount }
      if afterStar {
        runs.append(LiteralSpan(afterStar: scalars.reversed(), wordOffset: wordOffset))
        return append(.run(Int32(runs.count - 1), next: next))
      }
      // Cut from the front of the literal (the end of the reversed array), so runs come out
      // back to front as every emitted node does.
      var chunks: [[UInt32]] = []
      var chunk: [UInt32] = []
      var keys = Set<UInt32>()
      for scalar in scalars.reversed() {
        if chunk.count == LiteralSpan.maximumLength
          || (!keys.contains(scalar) && keys.count == LiteralSpan.maximumKeys)
        {
          chunks.append(chunk)
          chunk = []
          keys = []
        }
        chunk.append(scalar)
        keys.insert(scalar)
      }
      chunks.append(chunk)
      for chunk in chunks.reversed() {
        let run = LiteralSpan(chunk, wordOffset: wordOffset)
        wordOffset += run.wordCount
        runs.append(run)
        next = append(.run(Int32(runs.count - 1), next: next))
      }
      return next
    }

    /// Copies `template`, its continuation becoming `next`; returns the entry.
    mutating func append(_ template: Template, next: Int32) -> Int32 {
      let nodeBase = Int32(nodes.count)
      let targetBase = Int32(splitTargets.count)
      let branchBase = Int32(branchKeys.count)
      func relocate(_ index: Int32) -> Int32 {
        index == Template.continuation ? next : index + nodeBase
      }
      for node in template.nodes {
        switch node {
        case .scalar(let value, let following):
          nodes.append(.scalar(value, next: relocate(following)))
        case .any(let following): nodes.append(.any(next: relocate(following)))
        case .characterClass(let characterClass, let following):
          nodes.append(.characterClass(characterClass, next: relocate(following)))
        case .star(let following): nodes.append(.star(next: relocate(following)))
        case .split(let first, let count):
          nodes.append(.split(first: first + targetBase, count: count))
        case .branch(let first, let count):
          nodes.append(.branch(first: first + branchBase, count: count))
        case .leadingSlash(let following): nodes.append(.leadingSlash(next: relocate(following)))
        case .run:
          preconditionFailure("variable templates hold no literal runs")
        case .accept: nodes.append(.accept)
        }
      }
      splitTargets.append(contentsOf: template.splitTargets.map(relocate))
      branchKeys.append(contentsOf: template.branchKeys)
      branchTargets.append(contentsOf: template.branchTargets.map(relocate))
      return relocate(template.entry)
    }

    mutating func append(_ node: Node) -> Int32 {
      nodes.append(node)
      return Int32(nodes.count - 1)
    }

    mutating func emit(_ atom: PatternAtom, next: Int32) -> Int32 {
      switch atom {
      case .scalar(let value): return append(.scalar(value, next: next))
      case .any: return append(.any(next: next))
      case .star: return append(.star(next: next))
      case .characterClass(let characterClass):
        return append(.characterClass(characterClass, next: next))
      }
    }

    /// Emits the whole trie, children before parents. A child's index is always above its
    /// parent's, so one walk from the last node to the first does that without recursion, which a
    /// variable value thousands of characters long would take as deep.
    mutating func emit(_ trie: VariableTrie, next: Int32) -> Int32 {
      var entryOf = [Int32](repeating: 0, count: trie.children.count)
      for node in trie.children.indices.reversed() {
        var entries: [Int32] = []
        var letters: [(key: UInt32, target: Int32)] = []
        for (atom, child) in trie.children[node] {
          let rest = entryOf[child]
          if case .scalar(let value) = atom, value != PathNormalization.slash,
            value != PathNormalization.star
          {
            letters.append((value, rest))
          } else {
            entries.append(emit(atom, next: rest))
          }
        }
        if letters.count == 1 {
          entries.append(append(.scalar(letters[0].key, next: letters[0].target)))
        } else if letters.count > 1 {
          letters.sort { $0.key < $1.key }
          let first = Int32(branchKeys.count)
          branchKeys.append(contentsOf: letters.map(\.key))
          branchTargets.append(contentsOf: letters.map(\.target))
          entries.append(append(.branch(first: first, count: Int32(letters.count))))
        }
        if trie.isEnd[node] {
          entries.append(next)
        }
        if entries.count == 1 {
          entryOf[node] = entries[0]
        } else {
          let first = Int32(splitTargets.count)
          splitTargets.append(contentsOf: entries)
          entryOf[node] = append(.split(first: first, count: Int32(entries.count)))
        }
      }
      return entryOf[0]
    }
  }
}
