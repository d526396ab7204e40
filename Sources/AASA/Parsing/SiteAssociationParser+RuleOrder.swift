extension SiteAssociationParser {
  /// Reports rules that can never decide because an earlier rule of the same entry matches every
  /// URL they match.
  ///
  /// The check is sound but not complete: it proves subsumption only when the earlier rule is a
  /// literal prefix followed by `*` (or matches every path) and ignores the query and fragment, or
  /// when both rules are written identically. Anything it reports is truly unreachable.
  mutating func checkRuleOrder(_ rules: [Rule], inherited: ComponentSettings) {
    let ordered = rules.map { OrderedRule($0, inherited: inherited) }
    // Entries can have tens of thousands of rules, so pairs are never compared one by one:
    // identical rules are found by hashing, and the earliest prefix rule that can subsume a rule
    // by a walk along its literal prefix in a trie of the prefix rules seen so far.
    var firstWithSpelling: [OrderedRule.Spelling: Int] = [:]
    var prefixRules = PrefixRuleIndex()
    for (laterIndex, later) in ordered.enumerated() {
      let subsumer = [firstWithSpelling[later.spelling], prefixRules.earliestSubsumer(of: later)]
        .compactMap { $0 }.min()
      if let subsumer {
        let earlier = ordered[subsumer]
        report(
          .Apple.unreachableRule, at: later.rule.location, later.rule.path,
          "\(later.rule.path) (\(later.rule.written)) can never decide: the earlier \(earlier.rule.path) (\(earlier.rule.written)) matches every URL it matches"
        )
      }
      if firstWithSpelling[later.spelling] == nil { firstWithSpelling[later.spelling] = laterIndex }
      if later.canSubsumeByPrefix { prefixRules.insert(later, index: laterIndex) }
    }
  }
}

/// The prefix rules of an entry seen so far (see ``OrderedRule/canSubsumeByPrefix``), in tries
/// keyed by their literal prefixes, one per setting that decides whether one can subsume another.
private struct PrefixRuleIndex {
  /// A trie whose nodes remember the earliest rule ending there.
  struct Trie {
    var children: [[UInt32: Int]] = [[:]]
    var earliestRule: [Int?] = [nil]

    mutating func insert(_ key: [UInt32], rule: Int) {
      var node = 0
      for scalar in key {
        if let next = children[node][scalar] {
          node = next
        } else {
          children.append([:])
          earliestRule.append(nil)
          children[node][scalar] = children.count - 1
          node = children.count - 1
        }
      }
      if earliestRule[node] == nil { earliestRule[node] = rule }
    }

    /// The earliest rule whose key is a prefix of `text`.
    func earliestPrefix(of text: [UInt32]) -> Int? {
      var node = 0
      var earliest = earliestRule[0]
      for scalar in text {
        guard let next = children[node][scalar] else { break }
        node = next
        if let rule = earliestRule[node], rule < (earliest ?? .max) { earliest = rule }
      }
      return earliest
    }
  }

  /// By `percentEncoded`, then by the earlier rule's `caseSensitive`.
  private var tries: [Bool: [Bool: Trie]] = [:]
  /// The earliest rule that matches every path, by `percentEncoded`.
  private var everyPath: [Bool: Int] = [:]

  mutating func insert(_ rule: OrderedRule, index: Int) {
    if rule.matchesEveryPath {
      if everyPath[rule.percentEncoded] == nil { everyPath[rule.percentEncoded] = index }
      return
    }
    tries[rule.percentEncoded, default: [:]][rule.caseSensitive, default: Trie()].insert(
      rule.literalPrefix, rule: index)
  }

  /// The earliest rule seen that matches every URL `later` matches.
  func earliestSubsumer(of later: OrderedRule) -> Int? {
    var candidates = [everyPath[later.percentEncoded]]
    if let byCase = tries[later.percentEncoded] {
      // A case-insensitive rule subsumes by its folded prefix; a case-sensitive one only rules
      // that are case-sensitive too, which also match no other spellings.
      let folded =
        later.caseSensitive ? later.literalPrefix.map(CaseFolding.fold) : later.literalPrefix
      candidates.append(byCase[false]?.earliestPrefix(of: folded))
      if later.caseSensitive {
        candidates.append(byCase[true]?.earliestPrefix(of: later.literalPrefix))
      }
    }
    return candidates.compactMap { $0 }.min()
  }
}

/// A rule with the facts the order check needs, read from its text: compiling every pattern here
/// would double the start-up cost of large files, which the matcher compiles anyway. A class, so
/// that the check's loops share rules rather than copy them.
private final class OrderedRule {
  /// What makes two rules identical: the same settings, written the same way.
  struct Spelling: Hashable {
    let effective: ComponentSettings
    let origin: Rule.Origin
  }

  let rule: Rule
  let caseSensitive: Bool
  let percentEncoded: Bool
  /// The query and fragment accept anything.
  let ignoresQueryAndFragment: Bool
  /// The path pattern is only stars: it matches every path.
  let matchesEveryPath: Bool
  /// The path pattern is a literal followed by `*`.
  let isPrefixPattern: Bool
  /// What every path the pattern matches starts with, normalized and folded like the URL's path.
  let literalPrefix: [UInt32]
  let effective: ComponentSettings

  init(_ rule: Rule, inherited: ComponentSettings) {
    self.rule = rule
    let settings = rule.settings.merged(over: inherited)
    effective = settings
    caseSensitive = settings.caseSensitive ?? true
    percentEncoded = settings.percentEncoded ?? true
    let source = settings.path ?? "*"
    matchesEveryPath = !source.isEmpty && source.allSatisfy { $0 == "*" }
    var stem = Substring(source)
    while stem.last == "*" { stem.removeLast() }
    isPrefixPattern = source.hasSuffix("*") && !stem.contains(where: { "*?\\$".contains($0) })
    literalPrefix = Self.literalPrefix(of: source, caseSensitive: caseSensitive)
    ignoresQueryAndFragment = settings.acceptsAnyQueryAndFragment
  }

  /// The text before the first wildcard, escape or variable, with the leading `/` and the `//`
  /// collapsing of path normalization. It may be shorter than what the matcher computes, never
  /// longer, which keeps the check sound.
  static func literalPrefix(of source: String, caseSensitive: Bool) -> [UInt32] {
    var prefix: [UInt32] = []
    let scalars = Array(source.unicodeScalars)
    if let first = scalars.first, first != "*", first != "/", scalars.count > 1 {
      prefix.append(PathNormalization.slash)
    }
    for (index, scalar) in scalars.enumerated() {
      if scalar == "*" || scalar == "?" || scalar == "\\" { break }
      if scalar == "$", index + 1 < scalars.count, scalars[index + 1] == "(" { break }
      if scalar == "/" && prefix.last == PathNormalization.slash { continue }
      prefix.append(caseSensitive ? scalar.value : CaseFolding.fold(scalar.value))
    }
    return prefix
  }

  var spelling: Spelling { Spelling(effective: effective, origin: rule.origin) }

  /// Whether this rule can match every URL of a rule written differently: it is a literal prefix
  /// followed by `*`, or matches every path, and accepts any query and fragment.
  var canSubsumeByPrefix: Bool { (isPrefixPattern || matchesEveryPath) && ignoresQueryAndFragment }
}
