import AASACore

/// Routes URLs for one association file exactly as Apple's matcher does (see
/// `aasa-behaviour.md`), and says why.
///
/// Built once from the parsed file; immutable and `Sendable`, so one matcher serves any number of
/// threads. Each entry's rules are indexed by their literal prefixes (``RuleIndex``), so the cost
/// of a URL hardly grows with the number of rules.
public struct Matcher: Sendable {
  /// One `details` entry, compiled. A class, so that visiting it per URL is one retain.
  final class Entry: Sendable {
    let detail: Int
    let appIDs: [String]
    /// The app that opens the entry's matches in bulk routing; nil when the entry names none.
    let firstApp: String?
    let rules: [CompiledRule]
    let index: RuleIndex

    init(detail: Int, appIDs: [String], rules: [CompiledRule], index: RuleIndex) {
      self.detail = detail
      self.appIDs = appIDs
      // Its own copy, not the parsed file's: bulk routing returns it per URL, and a string shared
      // by the replicas of a matcher would have its reference count written by every core.
      self.firstApp = appIDs.first.map { String(decoding: Array($0.utf8), as: UTF8.self) }
      self.rules = rules
      self.index = index
    }
  }

  /// The site; full URLs for another host are routed nowhere.
  public let site: SiteDomain?
  let entries: [Entry]
  /// Each app's entries in file order, so that one app's verdict does not scan them all per URL.
  private let entriesByApp: [String: [Entry]]
  /// The file this matcher was compiled from, for ``replica()``.
  private let association: SiteAssociation

  /// A matcher for the site `domain`, a host name taken as it is.
  public init(_ association: SiteAssociation, domain: String?) {
    self.init(association, site: domain.map { SiteDomain(host: $0) })
  }

  public init(_ association: SiteAssociation, site: SiteDomain? = nil) {
    self.site = site
    self.association = association
    guard let appLinks = association.appLinks else {
      entries = []
      entriesByApp = [:]
      return
    }
    var custom: [String: [String]] = [:]
    for variable in appLinks.substitutionVariables { custom[variable.name] = variable.values }
    let variables = VariableTable(custom: custom)
    // The matcher's own scratch memory: a replica's automata then reuse memory that only its core
    // touches (a pool shared by every thread handed each core buffers the other had just used).
    let scratch = AutomatonScratchPool()
    entries = appLinks.details.map { detail in
      let inherited = detail.defaults.merged(over: appLinks.defaults)
      let rules = detail.rules.enumerated().map { order, rule in
        CompiledRule(
          rule, order: order, detail: detail.index, inherited: inherited, variables: variables,
          scratch: scratch)
      }
      return Entry(
        detail: detail.index, appIDs: detail.appIDs, rules: rules, index: RuleIndex(rules))
    }
    var entriesByApp: [String: [Entry]] = [:]
    for entry in entries {
      for app in Set(entry.appIDs) { entriesByApp[app, default: []].append(entry) }
    }
    self.entriesByApp = entriesByApp
  }

  /// The same matcher compiled again, sharing no memory with this one: for another thread that
  /// routes many URLs.
  ///
  /// Routing reads the compiled rules without changing them, but reading a class instance or an
  /// array still counts a reference in it, an atomic write. When two cores route with one matcher,
  /// every such count moves a cache line from one core to the other: on two cores this cost a
  /// fifth of the CPU time of bulk routing. Each thread's own replica keeps its counts in its own
  /// core's cache.
  public func replica() -> Matcher {
    Matcher(association, site: site)
  }

  /// Every app ID in routing order (an ID listed in two entries appears twice).
  public var appIDs: [String] { entries.flatMap(\.appIDs) }

  /// Every app's verdict on `input`, in file order. With `explain`, `none` verdicts name the
  /// closest rule, which costs a look at every rule of the entry.
  public func route(_ input: URLInput, explain: Bool = true) -> Routing {
    if let foreignHost = foreignHost(of: input) {
      let verdicts = entries.flatMap { entry in
        entry.appIDs.map { Verdict(app: $0, kind: .none, detail: entry.detail) }
      }
      return Routing(input: input, verdicts: verdicts, foreignHost: foreignHost)
    }
    var url = PreparedURL(input)
    var candidates: [Int] = []
    var verdicts: [Verdict] = []
    for entry in entries where !entry.appIDs.isEmpty {
      let verdict = evaluate(entry, &url, &candidates, explain: explain)
      for app in entry.appIDs {
        var appVerdict = verdict
        appVerdict.app = app
        verdicts.append(appVerdict)
      }
    }
    return Routing(input: input, verdicts: verdicts)
  }

  /// The first app that opens `input`, deciding as little as possible: for bulk routing.
  public func firstMatch(_ input: URLInput) -> (app: String?, kind: Verdict.Kind) {
    if foreignHost(of: input) != nil { return (nil, .none) }
    var url = PreparedURL(input)
    return firstMatch(&url)
  }

  /// ``firstMatch(_:)`` for one line of a list of URLs, as UTF-8. A bare path of plain ASCII (nearly
  /// every line) is split straight from its bytes (``PlainPathLine``), without the general
  /// parsing of ``URLInput``, which costs more than a quick match; any other line is parsed.
  public func firstMatch(utf8 line: UnsafeBufferPointer<UInt8>) -> (
    app: String?, kind: Verdict.Kind
  ) {
    guard let plain = PlainPathLine(line) else {
      return firstMatch(URLInput(String(decoding: line, as: UTF8.self)))
    }
    return firstMatch(plain)
  }

  /// ``firstMatch(_:)`` for a plain line, split already.
  public func firstMatch(_ line: PlainPathLine) -> (app: String?, kind: Verdict.Kind) {
    var url = PreparedURL(path: line.path, query: line.query, fragment: line.fragment)
    return firstMatch(&url)
  }

  private func firstMatch(_ url: inout PreparedURL) -> (app: String?, kind: Verdict.Kind) {
    var candidates: [Int] = []
    var sawBlocked = false
    for entry in entries where entry.firstApp != nil {
      switch decidingRule(entry, &url, &candidates) {
      case .some(let decision) where !decision.exclude: return (entry.firstApp, .match)
      case .some: sawBlocked = true
      case nil: continue
      }
    }
    return (nil, sawBlocked ? .blocked : .none)
  }

  /// The verdict of one app: its first entry's verdict that is not `none`, else `none`. Nil when
  /// the file does not name the app.
  public func verdict(for input: URLInput, app: String, explain: Bool = true) -> Verdict? {
    guard let appEntries = entriesByApp[app] else { return nil }
    if foreignHost(of: input) != nil {
      return Verdict(app: app, kind: .none, detail: appEntries[0].detail)
    }
    var url = PreparedURL(input)
    var candidates: [Int] = []
    var first: Verdict?
    for entry in appEntries {
      var verdict = evaluate(entry, &url, &candidates, explain: explain)
      verdict.app = app
      if verdict.kind != .none { return verdict }
      if first == nil { first = verdict }
    }
    return first
  }

  private func foreignHost(of input: URLInput) -> String? {
    guard let site, let host = input.host, !site.accepts(host) else { return nil }
    return host
  }

  /// The order of the first rule of `entry` that matches, if any, and whether it excludes.
  /// `candidates` is scratch that serves every entry of the URL; it is left holding the index's
  /// candidates, in rule order.
  private func decidingRule(
    _ entry: Entry, _ url: inout PreparedURL, _ candidates: inout [Int]
  ) -> (order: Int, exclude: Bool)? {
    entry.index.candidates(for: &url, into: &candidates)
    var deciding: (order: Int, exclude: Bool)?
    // Rules read through the buffer: indexing the array per candidate retained it each time.
    entry.rules.withUnsafeBufferPointer { rules in
      for order in candidates where rules[order].matches(&url) {
        deciding = (order, rules[order].exclude)
        return
      }
    }
    return deciding
  }

  private func evaluate(
    _ entry: Entry, _ url: inout PreparedURL, _ candidates: inout [Int], explain: Bool
  ) -> Verdict {
    let app = entry.firstApp ?? ""
    if let order = decidingRule(entry, &url, &candidates)?.order {
      let rule = entry.rules[order]
      return Verdict(
        app: app, kind: rule.exclude ? .blocked : .match, detail: entry.detail,
        decidingRule: rule.reference)
    }
    let closest = explain ? nearMiss(entry, &url, candidates) : nil
    return Verdict(app: app, kind: .none, detail: entry.detail, closest: closest)
  }

  /// How much following patterns along the path may cost for one URL's explanation, in steps of
  /// the automaton (path scalars × pattern states). Past it, the remaining rules are compared by
  /// their literal prefixes alone, so that hundreds of unindexed rules against a long path still
  /// explain in milliseconds.
  static let explanationBudget = 2_000_000

  /// The rule that came closest: the first whose path matched (it failed on the fragment or
  /// query), else the one whose path pattern followed the URL's path the furthest, when that is
  /// close at all: through the path's first segment (or the whole path). A rule that shares only
  /// the leading `/` or a few letters (`/nope` and `/$(lang)-…`) explains nothing.
  private func nearMiss(
    _ entry: Entry, _ url: inout PreparedURL, _ candidates: [Int]
  ) -> NearMiss? {
    var best: (rule: CompiledRule, reach: Int, close: Int)?
    var budget = Self.explanationBudget
    // `candidates` are the index's (in rule order): any other rule's path cannot match, so only
    // candidates are tried in full.
    var nextCandidate = 0
    for rule in entry.rules {
      while nextCandidate < candidates.count && candidates[nextCandidate] < rule.order {
        nextCandidate += 1
      }
      let isCandidate = nextCandidate < candidates.count && candidates[nextCandidate] == rule.order
      let failure: NearMiss.Part
      if isCandidate {
        guard let found = rule.firstFailure(&url) else { continue }
        failure = found
      } else {
        failure = .path
      }
      if failure != .path {
        return NearMiss(rule: rule.reference, failedPart: failure)
      }
      let text = url.path.text(
        percentEncoded: rule.percentEncoded, caseSensitive: rule.caseSensitive)
      // Following the pattern costs O(text × pattern); on very long paths, or once the budget is
      // spent, the literal prefix alone says enough about which rule came closest.
      let cost = text.scalars.count * (rule.path.source.utf8.count + 1)
      let reach: Int
      if text.scalars.count <= 2_048 && cost <= budget {
        budget -= cost
        reach = rule.path.longestMatchingPrefix(of: text)
      } else {
        reach = zip(rule.path.literalPrefix, text.scalars).prefix(while: { $0 == $1 }).count
      }
      if best == nil || reach > best!.reach {
        let scalars = text.scalars
        let secondSlash = scalars.dropFirst().firstIndex(of: 0x2F)
        best = (rule, reach, secondSlash.map { $0 + 1 } ?? scalars.count)
      }
    }
    guard let closest = best, closest.reach >= closest.close else { return nil }
    return NearMiss(rule: closest.rule.reference, failedPart: .path)
  }
}
