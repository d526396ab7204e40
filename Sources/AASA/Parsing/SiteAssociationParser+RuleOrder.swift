extension SiteAssociationParser {
  /// Reports rules that can never decide because an earlier rule of the same entry matches every
  /// URL they match.
  ///
  /// The check is sound but not complete: it proves subsumption only when the earlier rule is a
  /// literal prefix followed by `*` (or matches every path) and ignores the query and fragment, or
  /// when both rules are written identically. Anything it reports is truly unreachable.
  mutating func checkRuleOrder(_ rules: [Rule], inherited: ComponentSettings) {
    let ordered = rules.map { OrderedRule($0, inherited: inherited) }
    // Large entries have hundreds of rules, so the pairs are not all compared: identical rules are
    // found by hashing, and only prefix rules can subsume a rule written differently.
    var firstWithSpelling: [OrderedRule.Spelling: Int] = [:]
    var prefixRules: [Int] = []
    for (laterIndex, later) in ordered.enumerated() {
      var subsumer = firstWithSpelling[later.spelling]
      for earlierIndex in prefixRules {
        if let found = subsumer, found < earlierIndex { break }
        if ordered[earlierIndex].subsumesByPrefix(later) {
          subsumer = earlierIndex
          break
        }
      }
      if let subsumer {
        let earlier = ordered[subsumer]
        report(
          .unreachableRule, at: later.rule.location, later.rule.path,
          "\(later.rule.path) (\(later.rule.written)) can never decide: the earlier \(earlier.rule.path) (\(earlier.rule.written)) matches every URL it matches"
        )
      }
      if firstWithSpelling[later.spelling] == nil { firstWithSpelling[later.spelling] = laterIndex }
      if later.canSubsumeByPrefix { prefixRules.append(laterIndex) }
    }
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

  /// Whether this prefix rule (see ``canSubsumeByPrefix``) matches every URL `later` matches.
  func subsumesByPrefix(_ later: OrderedRule) -> Bool {
    guard canSubsumeByPrefix, percentEncoded == later.percentEncoded else { return false }
    if matchesEveryPath { return true }
    if caseSensitive && !later.caseSensitive {
      // The later rule also matches other spellings the earlier one does not.
      return false
    }
    let laterPrefix =
      !caseSensitive && later.caseSensitive
      ? later.literalPrefix.map(CaseFolding.fold) : later.literalPrefix
    return laterPrefix.starts(with: literalPrefix)
  }
}
