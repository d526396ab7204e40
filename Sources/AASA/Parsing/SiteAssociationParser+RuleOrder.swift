extension SiteAssociationParser {
  /// Reports rules that can never decide because an earlier rule of the same entry matches every
  /// URL they match.
  ///
  /// The check is sound but not complete: it proves subsumption only when the earlier rule is a
  /// literal prefix followed by `*` (or matches every path) and ignores the query and fragment, or
  /// when both rules are written identically. Anything it reports is truly unreachable.
  mutating func checkRuleOrder(_ rules: [Rule], inherited: ComponentSettings) {
    let compiled = rules.map { OrderedRule($0, inherited: inherited, variables: variableTable) }
    var reported: Set<Int> = []
    for (laterIndex, later) in compiled.enumerated() {
      for earlier in compiled[..<laterIndex] where earlier.subsumes(later) {
        guard reported.insert(laterIndex).inserted else { break }
        report(
          .unreachableRule, at: later.rule.location, later.rule.path,
          "\(later.rule.path) (\(later.rule.written)) can never decide: the earlier \(earlier.rule.path) (\(earlier.rule.written)) matches every URL it matches"
        )
        break
      }
    }
  }
}

/// A rule with the facts the order check needs.
private struct OrderedRule {
  let rule: Rule
  let path: Pattern
  let caseSensitive: Bool
  let percentEncoded: Bool
  /// The query and fragment accept anything.
  let ignoresQueryAndFragment: Bool
  /// The path pattern is a literal followed by `*`, or matches every path.
  let isPrefixPattern: Bool
  let effective: ComponentSettings

  init(_ rule: Rule, inherited: ComponentSettings, variables: VariableTable) {
    self.rule = rule
    let settings = rule.settings.merged(over: inherited)
    effective = settings
    caseSensitive = settings.caseSensitive ?? true
    percentEncoded = settings.percentEncoded ?? true
    let source = settings.path ?? "*"
    path = Pattern(source, part: .path, caseSensitive: caseSensitive, variables: variables)
    var stem = Substring(source)
    while stem.last == "*" { stem.removeLast() }
    isPrefixPattern =
      path.matchesEverything
      || (source.hasSuffix("*") && !stem.contains(where: { "*?\\$".contains($0) }))
    let fragmentIsAny = settings.fragment.map { $0 == "*" } ?? true
    let queryIsAny: Bool
    switch settings.query {
    case nil, .dropped: queryIsAny = true
    case .whole(let pattern): queryIsAny = pattern == "*"
    case .items(let items): queryIsAny = items.allSatisfy { $0.pattern == "*" }
    }
    ignoresQueryAndFragment = fragmentIsAny && queryIsAny
  }

  func subsumes(_ later: OrderedRule) -> Bool {
    guard !path.neverMatches, percentEncoded == later.percentEncoded else { return false }
    if effective == later.effective && rule.origin == later.rule.origin {
      return true
    }
    guard isPrefixPattern, ignoresQueryAndFragment else { return false }
    if path.matchesEverything { return true }
    var laterPrefix = later.path.literalPrefix
    if !caseSensitive && later.caseSensitive {
      laterPrefix = laterPrefix.map(CaseFolding.fold)
    } else if caseSensitive && !later.caseSensitive {
      // The later rule also matches other spellings the earlier one does not.
      return false
    }
    return laterPrefix.starts(with: path.literalPrefix)
  }
}
