/// A compiled pattern for one URL part (`docs/matching.md#pattern-language`): compile once, match
/// many prepared texts.
///
/// ```swift
/// let variables = VariableTable(custom: ["section": ["news", "blog/*"]])
/// let pattern = Pattern("/$(lang)/$(section)", part: .path, caseSensitive: false, variables: variables)
/// var path = PreparedURLPart("/EN/blog/2024/post", part: .path)
/// pattern.matches(path.text(percentEncoded: true, caseSensitive: false))  // true
/// ```
///
/// ## Language
/// `*` is zero or more characters (`/` included; runs of `*` are one star), `?` exactly one
/// Unicode scalar, `\c` the character `c`, `$(name)` exactly one value of the variable `name`
/// (values may use `*` and `?`). A pattern that is exactly `*` matches anything, an absent part
/// too (absent parts are `""`). An empty pattern matches only `""` (for paths: only `/` and the
/// empty path, since both normalize to `/`).
///
/// ## Readings chosen where Apple's documentation is silent
/// - A trailing lone `\` is a literal backslash (reported as ``PatternIssue/trailingBackslash``).
/// - An unterminated `$(` is literal text (reported).
/// - `$(name)` with an undefined or malformed name makes the whole pattern never match (reported).
///   So does a custom variable all of whose values were dropped (values containing `$(`).
/// - Path normalization works on pattern atoms, after escapes: `\/` is a `/` for the `//`-run rule,
///   and both the `*` wildcard and an escaped `\*` count as "ends with `*`" (the URL side only has
///   literal stars, so `/a\*` matches the URL path `/a*`).
/// - With variables, normalization applies to each expansion (the pattern with the variable
///   replaced by one of its values), exactly: `/$(x)` gets a trailing `/` unless the value ends in
///   `*`; `/$(x)/y` with the value `""` is `//y`, normalized `/y/`. See ``PatternAutomaton``.
///   The "one-character strings stay" rule applies to the pattern as written only.
/// - Case-insensitive patterns fold their literals and variable values (see ``CaseFolding``); the
///   text must be prepared folded as well.
public struct Pattern: Sendable, CustomStringConvertible {
  /// The pattern as written.
  public let source: String
  /// The URL part this pattern is for.
  public let part: PatternPart
  /// Whether case matters (`caseSensitive`).
  public let caseSensitive: Bool
  /// What compiling noticed (trailing `\`, undefined variables, ...).
  public let issues: [PatternIssue]
  /// The scalars every matching prepared text starts with: the pattern's literal beginning, after
  /// normalization (paths) and folding (case-insensitive). Empty when the pattern starts with a
  /// wildcard or variable. Use it to index rules by prefix.
  public let literalPrefix: [UInt32]
  /// The scalars every matching prepared text ends with (normalized and folded like the prefix).
  public let literalSuffix: [UInt32]
  /// Whether the pattern matches every text (it is `*`, after normalization).
  public let matchesEverything: Bool
  /// Whether the pattern can never match (an undefined variable, or a variable without values).
  public let neverMatches: Bool
  /// Whether the pattern uses substitution variables with several values (`$(region)`, custom
  /// variables), which are matched by the automaton rather than the wildcard matcher.
  public let usesMultiCharacterVariables: Bool

  private let strategy: Strategy
  /// Built for every pattern (for near-miss explanations), and what ``MatcherProgram`` exports.
  let automaton: PatternAutomaton
  /// The longest run of literal scalars outside wildcards and variables, which every matching text
  /// contains (normalized and folded like the prefix). The rule index files patterns without a
  /// useful prefix or suffix under it, and automaton patterns check it before they run.
  let requiredInfix: [UInt32]
  private let requiredInfixSearch: LiteralSearch

  /// How ``matches(_:)`` decides, from cheapest to most general.
  private enum Strategy: Sendable {
    case never
    case everything
    /// The text must equal ``literalPrefix``.
    case exact
    /// The text must start with ``literalPrefix`` (the pattern is a literal followed by `*`).
    case prefix
    /// Literals, `?`, classes and stars: the fixed ends first, then ``WildcardMatcher``.
    case wildcard(FixedEnds)
    /// Variables with several values: ``PatternAutomaton``.
    case automaton
  }

  /// How many automaton states the variables of one pattern may expand to. Every use of a
  /// variable with several values copies its states, so `$(lang)` thousands of times would take
  /// gigabytes; real patterns use a handful, far below this.
  public static let maximumExpansion = 100_000

  /// Compiles `source` for `part`.
  public init(
    _ source: String, part: PatternPart, caseSensitive: Bool = true,
    variables: VariableTable = .builtIns
  ) {
    self.init(
      source, part: part, caseSensitive: caseSensitive, variables: variables,
      scratch: .shared)
  }

  /// Compiles `source` for `part`; its automaton runs in memory from `scratch` (a matcher's own
  /// pool, so that the memory stays in the cache of the core that routes with it).
  init(
    _ source: String, part: PatternPart, caseSensitive: Bool, variables: VariableTable,
    scratch: AutomatonScratchPool
  ) {
    self.source = source
    self.part = part
    self.caseSensitive = caseSensitive
    var issues: [PatternIssue] = []
    let elements = PatternSyntax.parse(source, allowsVariables: true, issues: &issues)

    var pieces: [PatternAutomaton.Piece] = []
    var neverMatches = false
    var usesAlternatives = false
    for element in elements {
      switch element {
      case .atom(let atom):
        pieces.append(.atom(caseSensitive ? atom : atom.caseFolded))
      case .invalidVariable:
        neverMatches = true
      case .variable(let name):
        switch variables.resolve(name, caseSensitive: caseSensitive, issues: &issues) {
        case .characterClass(let characterClass):
          pieces.append(.atom(.characterClass(characterClass)))
        case .alternatives(let trie):
          if trie.isEmpty { neverMatches = true }
          pieces.append(.alternatives(trie))
          usesAlternatives = true
        case .undefined:
          neverMatches = true
        }
      }
    }
    let expansion = pieces.reduce(0) { total, piece in
      if case .alternatives(let trie) = piece { return total + trie.template.size }
      return total
    }
    if expansion > Self.maximumExpansion {
      issues.append(.tooComplex(expansion: expansion))
      neverMatches = true
      pieces = []
    }
    self.issues = issues
    self.neverMatches = neverMatches
    self.usesMultiCharacterVariables = usesAlternatives

    let normalizes = part.normalizesAsPath && source.unicodeScalars.count != 1
    if usesAlternatives {
      requiredInfix = Self.longestLiteralRun(of: pieces, normalizesPath: normalizes)
      requiredInfixSearch = LiteralSearch(requiredInfix)
      automaton = PatternAutomaton(pieces: pieces, normalizesPath: normalizes, scratch: scratch)
      literalPrefix = Self.literalPrefix(of: pieces, normalizesPath: normalizes)
      literalSuffix = Self.literalSuffix(of: pieces, normalizesPath: normalizes)
      matchesEverything = false
      strategy = neverMatches ? .never : .automaton
      return
    }
    var atoms = pieces.compactMap { piece -> PatternAtom? in
      if case .atom(let atom) = piece { return atom }
      return nil
    }
    if normalizes {
      atoms = Self.normalizedPath(atoms)
    }
    automaton = PatternAutomaton(
      pieces: atoms.map { .atom($0) }, normalizesPath: false, scratch: scratch)
    requiredInfix = Self.longestLiteralRun(of: atoms.map { .atom($0) }, normalizesPath: false)
    requiredInfixSearch = LiteralSearch(requiredInfix)
    let prefix = atoms.prefix { if case .scalar = $0 { true } else { false } }
    let suffix = atoms.reversed().prefix { if case .scalar = $0 { true } else { false } }
    literalPrefix = prefix.map(Self.scalarValue)
    literalSuffix = suffix.reversed().map(Self.scalarValue)
    matchesEverything = !neverMatches && atoms == [.star]
    if neverMatches {
      strategy = .never
    } else if matchesEverything {
      strategy = .everything
    } else if prefix.count == atoms.count {
      strategy = .exact
    } else if prefix.count == atoms.count - 1 && atoms.last == .star {
      strategy = .prefix
    } else {
      strategy = .wildcard(FixedEnds(atoms))
    }
  }

  /// A wildcard pattern cut at its first and last `*`: what comes before the first and after the
  /// last star matches a fixed number of scalars at each end of the text, checked in that many
  /// steps before any search. Without this, a text that cannot end as the pattern does was still
  /// searched in full for every literal in the middle, and the last star retried at every
  /// position: thousands of such rules took 387 ms on a 100 KB URL.
  struct FixedEnds: Sendable {
    let head: [PatternAtom]
    /// From the first `*` to the last, both included; empty when the pattern has no star.
    let middle: [PatternAtom]
    let tail: [PatternAtom]

    init(_ atoms: [PatternAtom]) {
      guard let first = atoms.firstIndex(of: .star), let last = atoms.lastIndex(of: .star) else {
        (head, middle, tail) = (atoms, [], [])
        return
      }
      head = Array(atoms[..<first])
      middle = Array(atoms[first...last])
      tail = Array(atoms[(last + 1)...])
    }

    func matches(_ text: UnsafeBufferPointer<UInt32>) -> Bool {
      guard middle.isEmpty ? text.count == head.count : text.count >= head.count + tail.count,
        Self.matches(head, text, at: 0), Self.matches(tail, text, at: text.count - tail.count)
      else { return false }
      if middle.isEmpty { return true }
      let inside = UnsafeBufferPointer(rebasing: text[head.count..<(text.count - tail.count)])
      return middle.withUnsafeBufferPointer { WildcardMatcher.matches($0, inside) }
    }

    private static func matches(
      _ atoms: [PatternAtom], _ text: UnsafeBufferPointer<UInt32>, at start: Int
    ) -> Bool {
      for index in atoms.indices where !atoms[index].matchesOne(text[start + index]) {
        return false
      }
      return true
    }
  }

  /// The pattern as written.
  public var description: String { source }

  /// ``literalPrefix`` as a string, for index keys and messages.
  public var literalPrefixString: String { Self.string(literalPrefix) }

  /// ``literalSuffix`` as a string.
  public var literalSuffixString: String { Self.string(literalSuffix) }

  /// Whether `text` matches. The text must be prepared for this pattern's part, and folded exactly
  /// when the pattern is case-insensitive.
  public func matches(_ text: PreparedText) -> Bool {
    assert(text.part == part, "text prepared for \(text.part), pattern is for \(part)")
    assert(text.caseFolded == !caseSensitive, "text folding does not match caseSensitive")
    return text.scalars.withUnsafeBufferPointer { matches(scalars: $0) }
  }

  /// Whether the prepared scalars `scalars` match: ``matches(_:)-(PreparedText)`` on a form the
  /// caller borrows in place (the matcher's, with no copy of the form to count references to).
  func matches(scalars: UnsafeBufferPointer<UInt32>) -> Bool {
    switch strategy {
    case .never:
      return false
    case .everything:
      return true
    case .exact:
      return scalars.count == literalPrefix.count && hasLiteralPrefix(scalars)
    case .prefix:
      return hasLiteralPrefix(scalars)
    case .wildcard(let parts):
      return parts.matches(scalars)
    case .automaton:
      guard hasLiteralPrefix(scalars), hasLiteralSuffix(scalars), containsRequiredInfix(scalars)
      else { return false }
      return automaton.run(scalars).matches
    }
  }

  /// Prepares `text` (the URL part as it appears in the URL) and matches it. Convenient for tests
  /// and one-off checks; the matcher should prepare each URL part once instead.
  public func matches(_ text: String, percentEncoded: Bool = true) -> Bool {
    matches(
      PreparedText(text, part: part, percentEncoded: percentEncoded, caseSensitive: caseSensitive))
  }

  /// How many scalars of the prepared text the pattern could follow before it failed: the whole
  /// text when it matches, and for a near miss the point where it went wrong (for "closest rule"
  /// explanations). `0` for patterns that never match.
  public func longestMatchingPrefix(of text: PreparedText) -> Int {
    if neverMatches { return 0 }
    return text.scalars.withUnsafeBufferPointer { automaton.run($0).aliveThrough }
  }

  private func hasLiteralPrefix(_ scalars: UnsafeBufferPointer<UInt32>) -> Bool {
    guard scalars.count >= literalPrefix.count else { return false }
    return literalPrefix.withUnsafeBufferPointer { prefix in
      for index in 0..<prefix.count where prefix[index] != scalars[index] {
        return false
      }
      return true
    }
  }

  private func containsRequiredInfix(_ scalars: UnsafeBufferPointer<UInt32>) -> Bool {
    requiredInfix.count <= 1 || requiredInfixSearch.occurs(in: scalars)
  }

  /// The longest run of literal scalars between wildcards and variables. Path normalization only
  /// adds slashes at the ends and collapses runs of `/`, so the run with its own `//` runs collapsed
  /// appears in every normalized text the pattern matches.
  static func longestLiteralRun(of pieces: [PatternAutomaton.Piece], normalizesPath: Bool)
    -> [UInt32]
  {
    var best: [UInt32] = []
    var current: [UInt32] = []
    func close() {
      if current.count > best.count { best = current }
      current.removeAll()
    }
    for piece in pieces {
      guard case .atom(.scalar(let value)) = piece else {
        close()
        continue
      }
      if normalizesPath && value == PathNormalization.slash
        && current.last == PathNormalization.slash
      {
        continue
      }
      current.append(value)
    }
    close()
    return best
  }

  private func hasLiteralSuffix(_ scalars: UnsafeBufferPointer<UInt32>) -> Bool {
    guard scalars.count >= literalSuffix.count else { return false }
    let offset = scalars.count - literalSuffix.count
    return literalSuffix.withUnsafeBufferPointer { suffix in
      for index in 0..<suffix.count where suffix[index] != scalars[offset + index] {
        return false
      }
      return true
    }
  }

  /// Path normalization of a pattern without multi-character variables (see ``PathNormalization``).
  static func normalizedPath(_ atoms: [PatternAtom]) -> [PatternAtom] {
    guard let first = atoms.first, let last = atoms.last else {
      return [.scalar(PathNormalization.slash)]
    }
    var result: [PatternAtom] = []
    result.reserveCapacity(atoms.count + 2)
    if !first.isStarLike && !first.isSlash {
      result.append(.scalar(PathNormalization.slash))
    }
    for atom in atoms where !(atom.isSlash && result.last?.isSlash == true) {
      result.append(atom)
    }
    if !last.isStarLike && !last.isSlash {
      result.append(.scalar(PathNormalization.slash))
    }
    return result
  }

  /// The literal beginning of a pattern with variables: the atoms before the first wildcard or
  /// variable, normalized like the start of a path.
  private static func literalPrefix(
    of pieces: [PatternAutomaton.Piece], normalizesPath: Bool
  ) -> [UInt32] {
    var literals: [UInt32] = []
    for piece in pieces {
      guard case .atom(.scalar(let value)) = piece else { break }
      literals.append(value)
    }
    guard normalizesPath, let first = literals.first else { return literals }
    if first != PathNormalization.slash && first != PathNormalization.star {
      literals.insert(PathNormalization.slash, at: 0)
    }
    PathNormalization.collapseSlashRuns(&literals)
    return literals
  }

  /// The literal end of a pattern with variables: the atoms after the last wildcard or variable,
  /// normalized like the end of a path.
  private static func literalSuffix(
    of pieces: [PatternAutomaton.Piece], normalizesPath: Bool
  ) -> [UInt32] {
    // Collected back to front and reversed once: inserting at the front per scalar made a long
    // literal after a variable quadratic to compile.
    var literals: [UInt32] = []
    for piece in pieces.reversed() {
      guard case .atom(.scalar(let value)) = piece else { break }
      literals.append(value)
    }
    literals.reverse()
    guard normalizesPath, let last = literals.last else { return literals }
    PathNormalization.collapseSlashRuns(&literals)
    if last != PathNormalization.slash && last != PathNormalization.star {
      literals.append(PathNormalization.slash)
    }
    return literals
  }

  private static func scalarValue(_ atom: PatternAtom) -> UInt32 {
    if case .scalar(let value) = atom { return value }
    preconditionFailure("not a literal atom")
  }

  private static func string(_ scalars: [UInt32]) -> String {
    var result = ""
    result.unicodeScalars.append(contentsOf: scalars.compactMap(Unicode.Scalar.init))
    return result
  }
}
