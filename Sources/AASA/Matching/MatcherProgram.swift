/// A ``Matcher``'s compiled rules as plain data, for a runtime that cannot call Swift: the
/// validator page answers its as-you-type box with it, without a request per URL
/// (`docs/validator.md`, "The matcher program").
///
/// It is an export of what Swift already compiled, not a second reading of the pattern language:
/// each pattern is its ``PatternAutomaton`` (variables resolved, case folded, path normalization
/// built in), node for node, with every rule's resolved settings and the names verdicts give it.
/// What a runtime still does itself is the URL's side, as ``URLInput`` and ``PreparedText`` do it:
/// the address bar's encoding, splitting, percent-decoding, path normalization and case folding
/// of the URL, then a Thompson simulation of each automaton (linear in the text, whatever the
/// pattern: no backtracking regular expressions).
///
/// Encoded (`Encodable`) as
/// `{"entries": [{"detail", "apps", "rules": [RULE]}], "states"}` where a rule is
/// `{"detail", "index", "kind": "path"|"component", "written", "exclude", "caseSensitive",
/// "percentEncoded", "path": PATTERN, "fragment": PATTERN, "query": null | {"whole": PATTERN} |
/// {"items": [[NAME, PATTERN]]}}` and a pattern is `"all"`, `"none"` or
/// `{"path": Bool, "start", "slash": Int|null, "nodes": [NODE]}`; a node is an array whose first
/// number says what it is (see ``NodeKind``).
public struct MatcherProgram: Encodable, Sendable {
  /// What each node array's first number means; the rest of the array follows.
  public enum NodeKind: Int, Sendable, CaseIterable {
    /// `[0, scalar, next]`: consumes exactly this scalar.
    case scalar = 0
    /// `[1, next]`: consumes any one scalar (`?`).
    case any = 1
    /// `[2, [[low, high], …], next]`: consumes one scalar in one of the ranges (`$(digit)`…).
    case ranges = 2
    /// `[3, next]`: consumes any scalar and stays, or moves to `next` without consuming.
    case star = 3
    /// `[4, [target, …]]`: moves to each target without consuming (none: a dead end).
    case split = 4
    /// `[5, [key, …], [target, …]]`: consumes `key[i]` and moves to `target[i]`.
    case branch = 5
    /// `[6, next]`: path patterns only, the leading `/` normalization adds.
    case leadingSlash = 6
    /// `[7]`: the end of the pattern.
    case accept = 7
  }

  /// One `details` entry: its apps and its rules in order.
  public struct Entry: Encodable, Sendable {
    public var detail: Int
    public var apps: [String]
    public var rules: [RuleProgram]
  }

  /// One rule, its `defaults` resolved, and how verdicts name it (``RuleReference``).
  public struct RuleProgram: Encodable, Sendable {
    public var detail: Int
    public var index: Int
    /// `"path"` for a legacy `paths` string, `"component"` for a `components` object: the
    /// `ruleKind` of `--format json`.
    public var kind: String
    /// The path string, or the component's compact JSON (``RuleReference/written``).
    public var written: String
    public var exclude: Bool
    public var caseSensitive: Bool
    public var percentEncoded: Bool
    public var path: PatternProgram
    public var fragment: PatternProgram
    public var query: QueryProgram
  }

  /// A rule's `?`: any query, the whole query against one pattern, or listed items.
  public enum QueryProgram: Encodable, Sendable {
    case any
    case whole(PatternProgram)
    case items([(name: String, value: PatternProgram)])

    public func encode(to encoder: any Encoder) throws {
      switch self {
      case .any:
        var container = encoder.singleValueContainer()
        try container.encodeNil()
      case .whole(let pattern):
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(pattern, forKey: .whole)
      case .items(let items):
        var container = encoder.container(keyedBy: Key.self)
        var list = container.nestedUnkeyedContainer(forKey: .items)
        for item in items {
          var pair = list.nestedUnkeyedContainer()
          try pair.encode(item.name)
          try pair.encode(item.value)
        }
      }
    }

    private enum Key: String, CodingKey {
      case whole, items
    }
  }

  /// One compiled pattern: matches everything, nothing, or what its automaton accepts.
  public enum PatternProgram: Encodable, Sendable {
    case everything
    case nothing
    case automaton(AutomatonProgram)

    public func encode(to encoder: any Encoder) throws {
      switch self {
      case .everything:
        var container = encoder.singleValueContainer()
        try container.encode("all")
      case .nothing:
        var container = encoder.singleValueContainer()
        try container.encode("none")
      case .automaton(let automaton):
        try automaton.encode(to: encoder)
      }
    }

    /// How many nodes it holds (0 for `all` and `none`).
    public var stateCount: Int {
      if case .automaton(let automaton) = self { return automaton.nodes.count }
      return 0
    }
  }

  /// A ``PatternAutomaton`` as nodes (see ``NodeKind``), its literal runs spelled out one node
  /// per scalar (a run is an optimization of exactly that chain).
  public struct AutomatonProgram: Encodable, Sendable {
    /// Whether the automaton normalizes each expansion as a path (modes, leading and trailing
    /// `/`); patterns without multi-value variables are normalized before they are compiled and
    /// say `false`.
    public var path: Bool
    public var start: Int
    /// The ``NodeKind/leadingSlash`` entry, tried beside ``start`` when ``path``.
    public var slash: Int?
    public var nodes: [Node]

    /// One node as its array.
    public struct Node: Encodable, Sendable {
      public var kind: NodeKind
      public var numbers: [Int]
      public var lists: [[Int]]
      public var ranges: [[Int]]

      public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(kind.rawValue)
        switch kind {
        case .scalar: try container.encode(numbers[0])
        case .ranges: try container.encode(ranges)
        case .split: try container.encode(lists[0])
        case .branch:
          try container.encode(lists[0])
          try container.encode(lists[1])
        case .any, .star, .leadingSlash, .accept: break
        }
        switch kind {
        case .scalar: try container.encode(numbers[1])
        case .any, .ranges, .star, .leadingSlash: try container.encode(numbers.last!)
        case .split, .branch, .accept: break
        }
      }
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Key.self)
      try container.encode(path, forKey: .path)
      try container.encode(start, forKey: .start)
      try container.encode(slash, forKey: .slash)
      try container.encode(nodes, forKey: .nodes)
    }

    private enum Key: String, CodingKey {
      case path, start, slash, nodes
    }
  }

  public var entries: [Entry]
  /// The nodes of every pattern together: what a runtime's work per URL grows with.
  public var states: Int

  /// The program of `matcher`. The matcher's site (`--domain`) is not part of it: a runtime that
  /// routes full URLs of other hosts must not use it (the validator's box sends no domain).
  public init(_ matcher: Matcher) {
    var states = 0
    entries = matcher.entries.map { entry in
      Entry(
        detail: entry.detail, apps: entry.appIDs,
        rules: entry.rules.map { rule in
          let program = RuleProgram(rule)
          states += program.path.stateCount + program.fragment.stateCount
          switch program.query {
          case .any: break
          case .whole(let pattern): states += pattern.stateCount
          case .items(let items): states += items.reduce(0) { $0 + $1.value.stateCount }
          }
          return program
        })
    }
    self.states = states
  }

  private enum Key: String, CodingKey {
    case entries, states
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(entries, forKey: .entries)
    try container.encode(states, forKey: .states)
  }
}

extension MatcherProgram.RuleProgram {
  init(_ rule: CompiledRule) {
    let reference = rule.reference
    detail = reference.detail
    index = reference.index
    kind = reference.origin == .legacyPath ? "path" : "component"
    written = reference.written
    exclude = rule.exclude
    caseSensitive = reference.caseSensitive
    percentEncoded = reference.percentEncoded
    path = MatcherProgram.PatternProgram(rule.path)
    fragment = MatcherProgram.PatternProgram(rule.fragment)
    switch rule.query {
    case .any: query = .any
    case .whole(let pattern): query = .whole(MatcherProgram.PatternProgram(pattern))
    case .items(let patterns):
      query = .items(patterns.items.map { ($0.name, MatcherProgram.PatternProgram($0.value)) })
    }
  }
}

extension MatcherProgram.PatternProgram {
  /// The pattern as the matcher decides it: `never` and `everything` first, as ``Pattern``'s own
  /// strategy does, else its automaton.
  init(_ pattern: Pattern) {
    if pattern.neverMatches {
      self = .nothing
    } else if pattern.matchesEverything {
      self = .everything
    } else {
      self = .automaton(MatcherProgram.AutomatonProgram(pattern.automaton))
    }
  }
}

extension MatcherProgram.AutomatonProgram {
  init(_ automaton: PatternAutomaton) {
    typealias Node = MatcherProgram.AutomatonProgram.Node
    func node(_ kind: MatcherProgram.NodeKind, _ numbers: [Int] = [], lists: [[Int]] = [])
      -> Node
    {
      Node(kind: kind, numbers: numbers, lists: lists, ranges: [])
    }
    var nodes: [Node] = []
    nodes.reserveCapacity(automaton.nodes.count)
    // A run's scalars after the first become nodes past the automaton's own, so that every
    // index into the automaton stays what it was.
    var extra: [Node] = []
    let base = automaton.nodes.count
    for original in automaton.nodes {
      switch original {
      case .scalar(let value, let next):
        nodes.append(node(.scalar, [Int(value), Int(next)]))
      case .any(let next):
        nodes.append(node(.any, [Int(next)]))
      case .characterClass(let characterClass, let next):
        nodes.append(
          Node(
            kind: .ranges, numbers: [Int(next)], lists: [],
            ranges: Self.ranges(of: characterClass)))
      case .star(let next):
        nodes.append(node(.star, [Int(next)]))
      case .split(let first, let count):
        let targets = automaton.splitTargets[Int(first)..<Int(first + count)].map { Int($0) }
        nodes.append(node(.split, lists: [targets]))
      case .branch(let first, let count):
        let range = Int(first)..<Int(first + count)
        nodes.append(
          node(
            .branch,
            lists: [
              automaton.branchKeys[range].map { Int($0) },
              automaton.branchTargets[range].map { Int($0) },
            ]))
      case .run(let index, let next):
        let scalars = automaton.runs[Int(index)].scalars
        // The first scalar takes the run's place; each following one is a node of `extra`,
        // the last leading to the run's `next`.
        let firstExtra = base + extra.count
        nodes.append(
          node(.scalar, [Int(scalars[0]), scalars.count == 1 ? Int(next) : firstExtra]))
        for offset in 1..<scalars.count {
          let target = offset == scalars.count - 1 ? Int(next) : base + extra.count + 1
          extra.append(node(.scalar, [Int(scalars[offset]), target]))
        }
      case .leadingSlash(let next):
        nodes.append(node(.leadingSlash, [Int(next)]))
      case .accept:
        nodes.append(node(.accept))
      }
    }
    self.nodes = nodes + extra
    self.path = automaton.normalizesPath
    self.start = Int(automaton.start)
    self.slash = automaton.leadingSlashEntry.map { Int($0) }
  }

  /// The ASCII scalars of a class as ranges, read from the class itself.
  private static func ranges(of characterClass: CharacterClass) -> [[Int]] {
    var ranges: [[Int]] = []
    for value in 0..<128 where characterClass.contains(UInt32(value)) {
      if let last = ranges.last, last[1] == value - 1 {
        ranges[ranges.count - 1][1] = value
      } else {
        ranges.append([value, value])
      }
    }
    return ranges
  }
}
