/// Finds the few rules of an entry that could match a URL without trying them all.
///
/// Every matching path starts with its pattern's literal prefix, ends with its literal suffix and
/// contains its longest literal run, so each rule is filed under the longest of these (the prefix,
/// then the suffix, on a tie), if it says something (more than a lone `/`): in a trie of prefixes,
/// one of reversed suffixes, or among runs by their first ``maximumInfixKeyLength`` scalars
/// (`/$(lang)/shoes/*` under `/shoes/`). The longest key is the most telling one: filed under its
/// prefix `/brands/`, each of 37 rules like `/brands/$(brand)/kettles/*` was a candidate for every
/// brand URL; under its run `/kettles/`, it is one for kettle URLs only. A walk along the URL's
/// path (from its start, or its end for suffixes) collects the candidates, and one pass of an
/// Aho–Corasick automaton (``RunKeyAutomaton``) finds the runs anywhere in it; rules with none of
/// the three are always candidates. The cost per URL follows the path's length, not the rule count.
///
/// Rules differ in `percentEncoded`, which changes the text they read, so there is one index per
/// setting in use. Rules that differ only in `caseSensitive` share one: when any of them ignores case,
/// the index files every key folded and walks the folded path. A case-sensitive rule's folded key
/// is in the folded path whenever its key is in the path, so it is still found (with a few extra
/// candidates, which the rule's own match rejects), and one walk serves both kinds of rule.
///
/// A class, so that reaching it from an entry per URL costs one retain rather than one per field.
final class RuleIndex: Sendable {
  /// A class, so that reading one per URL costs one retain rather than one per buffer.
  private final class Group: Sendable {
    let percentEncoded: Bool
    /// Whether keys and the walked path are case-folded.
    let folded: Bool
    let prefixes: Trie
    let suffixes: Trie
    let infixes: RunKeyAutomaton
    /// Whether `suffixes` and `infixes` hold any key, so that a URL skips empty ones without
    /// reaching into them.
    let hasSuffixes: Bool
    let hasInfixes: Bool

    init(percentEncoded: Bool, rules: [CompiledRule]) {
      self.percentEncoded = percentEncoded
      let folded = rules.contains { !$0.caseSensitive }
      self.folded = folded
      var prefixes = TrieBuilder()
      var suffixes = TrieBuilder()
      var infixes = TrieBuilder()
      for rule in rules {
        let path = rule.path
        func key(_ scalars: [UInt32]) -> [UInt32] {
          folded && rule.caseSensitive ? scalars.map(CaseFolding.fold) : scalars
        }
        let run = min(path.requiredInfix.count, RuleIndex.maximumInfixKeyLength)
        let prefix = path.literalPrefix.count
        let suffix = path.literalSuffix.count
        if prefix >= RuleIndex.usefulKeyLength && prefix >= max(suffix, run) {
          prefixes.insert(key(path.literalPrefix), rule: rule.order)
        } else if suffix >= RuleIndex.usefulKeyLength && suffix >= run {
          suffixes.insert(key(path.literalSuffix).reversed(), rule: rule.order)
        } else {
          // Any part of a run is in the path when the run is: its start is enough of a key, and
          // short keys keep the automaton small.
          infixes.insert(
            key(Array(path.requiredInfix.prefix(RuleIndex.maximumInfixKeyLength))),
            rule: rule.order)
        }
      }
      self.prefixes = Trie(prefixes)
      self.suffixes = Trie(suffixes)
      self.infixes = RunKeyAutomaton(infixes)
      hasSuffixes = !self.suffixes.isEmpty
      hasInfixes = !self.infixes.isEmpty
    }
  }

  /// A lone "/" starts (and ends) nearly every normalized path: no use as a key.
  private static let usefulKeyLength = 2

  /// How many scalars of a run are filed: this bounds the automaton's size by the rules' count.
  static let maximumInfixKeyLength = 32

  private let encoded: Group?
  private let decoded: Group?
  /// Rules with no literal prefix, suffix or run: always tried.
  private let unindexed: [Int]

  init(_ rules: [CompiledRule]) {
    var indexed: [CompiledRule] = []
    var unindexed: [Int] = []
    for rule in rules {
      let path = rule.path
      if path.literalPrefix.count < Self.usefulKeyLength
        && path.literalSuffix.count < Self.usefulKeyLength
        && path.requiredInfix.count < Self.usefulKeyLength
      {
        unindexed.append(rule.order)
      } else {
        indexed.append(rule)
      }
    }
    self.unindexed = unindexed
    let encodedRules = indexed.filter(\.percentEncoded)
    let decodedRules = indexed.filter { !$0.percentEncoded }
    encoded = encodedRules.isEmpty ? nil : Group(percentEncoded: true, rules: encodedRules)
    decoded = decodedRules.isEmpty ? nil : Group(percentEncoded: false, rules: decodedRules)
  }

  /// Fills `result` with the orders of the rules that could match, ascending.
  func candidates(for url: inout PreparedURL, into result: inout [Int]) {
    result.removeAll(keepingCapacity: true)
    result.append(contentsOf: unindexed)
    var sawInfixes = false
    if let encoded { collect(encoded, &url, into: &result, sawInfixes: &sawInfixes) }
    if let decoded { collect(decoded, &url, into: &result, sawInfixes: &sawInfixes) }
    guard result.count > 1 else { return }
    result.sort()
    // A run can occur twice in a path, filing its rule twice.
    if sawInfixes { removeAdjacentDuplicates(&result) }
  }

  private func collect(
    _ group: Group, _ url: inout PreparedURL, into result: inout [Int], sawInfixes: inout Bool
  ) {
    // The path read in place: copying its prepared form per entry counted references to it.
    url.path.withScalars(percentEncoded: group.percentEncoded, caseSensitive: !group.folded) {
      scalars in
      group.prefixes.collect(along: scalars, backwards: false, into: &result)
      if group.hasSuffixes {
        group.suffixes.collect(along: scalars, backwards: true, into: &result)
      }
      if group.hasInfixes {
        group.infixes.collect(in: scalars, into: &result)
        sawInfixes = true
      }
    }
  }
}

private func removeAdjacentDuplicates(_ sorted: inout [Int]) {
  var kept = 0
  for index in sorted.indices where kept == 0 || sorted[kept - 1] != sorted[index] {
    sorted[kept] = sorted[index]
    kept += 1
  }
  sorted.removeLast(sorted.count - kept)
}
