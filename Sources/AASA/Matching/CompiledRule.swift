/// A rule with its patterns compiled and its `defaults` resolved: what the matcher runs.
///
/// A class, not a struct: the matcher hands rules around on every URL, and copying a struct of
/// patterns would retain and release each of their buffers every time.
final class CompiledRule: Sendable {
  enum Query: Sendable {
    case any
    case whole(Pattern)
    case items(QueryItemPatterns)
  }

  /// The rule's position in its entry: candidates are tried in this order.
  let order: Int
  let reference: RuleReference
  let exclude: Bool
  let path: Pattern
  let query: Query
  let fragment: Pattern

  var caseSensitive: Bool { reference.caseSensitive }
  var percentEncoded: Bool { reference.percentEncoded }

  init(
    _ rule: Rule, order: Int, detail: Int, inherited: ComponentSettings, variables: VariableTable,
    scratch: AutomatonScratchPool
  ) {
    let settings = rule.settings.merged(over: inherited).merged(over: .builtIn)
    let caseSensitive = settings.caseSensitive!
    self.order = order
    self.reference = RuleReference(
      detail: detail, index: rule.index, origin: rule.origin, written: rule.written,
      caseSensitive: caseSensitive, percentEncoded: settings.percentEncoded!,
      location: rule.location)
    self.exclude = settings.exclude!
    self.path = Pattern(
      settings.path!, part: .path, caseSensitive: caseSensitive, variables: variables,
      scratch: scratch)
    self.fragment = Pattern(
      settings.fragment!, part: .fragment, caseSensitive: caseSensitive, variables: variables,
      scratch: scratch)
    switch settings.query! {
    case .dropped:
      self.query = .any
    case .whole(let source):
      let pattern = Pattern(
        source, part: .query, caseSensitive: caseSensitive, variables: variables,
        scratch: scratch)
      self.query = pattern.matchesEverything ? .any : .whole(pattern)
    case .items(let items):
      let patterns = QueryItemPatterns(
        items.map { (name: $0.name, value: $0.pattern) }, caseSensitive: caseSensitive,
        variables: variables, scratch: scratch)
      self.query =
        patterns.matchesEveryQuery ? .any : .items(patterns)
    }
  }

  /// The part of `url` this rule fails on, or nil when it matches.
  func firstFailure(_ url: inout PreparedURL) -> NearMiss.Part? {
    // Each part read in place (`withScalars`): copying the prepared form per rule counted a
    // reference to it, several per rule tried.
    let (percentEncoded, caseSensitive) = (self.percentEncoded, self.caseSensitive)
    // Each part's match is bound before it is tested: a trailing closure in an `if` condition
    // is a warning.
    if !path.matchesEverything {
      let matched = url.path.withScalars(
        percentEncoded: percentEncoded, caseSensitive: caseSensitive
      ) { path.matches(scalars: $0) }
      if !matched { return .path }
    }
    if !fragment.matchesEverything {
      let matched = url.fragment.withScalars(
        percentEncoded: percentEncoded, caseSensitive: caseSensitive
      ) { fragment.matches(scalars: $0) }
      if !matched { return .fragment }
    }
    switch query {
    case .any:
      return nil
    case .whole(let pattern):
      let matched = url.query.withScalars(
        percentEncoded: percentEncoded, caseSensitive: caseSensitive
      ) { pattern.matches(scalars: $0) }
      return matched ? nil : .query
    case .items(let patterns):
      guard
        let failing = patterns.firstFailingItem(in: url.parsedQuery, percentEncoded: percentEncoded)
      else { return nil }
      return .queryItem(patterns.name(at: failing))
    }
  }

  func matches(_ url: inout PreparedURL) -> Bool { firstFailure(&url) == nil }
}

/// One URL's parts, each prepared lazily in the forms the rules ask for.
struct PreparedURL {
  var path: PreparedURLPart
  var query: PreparedURLPart
  var fragment: PreparedURLPart
  private var parsedQueryStorage: ParsedQuery?

  init(_ input: borrowing URLInput) {
    self.init(path: input.path, query: input.query ?? "", fragment: input.fragment ?? "")
  }

  /// The parts as sent, still percent-encoded; `""` for an absent query or fragment.
  init(path: Substring, query: Substring, fragment: Substring) {
    self.path = PreparedURLPart(path, part: .path)
    self.query = PreparedURLPart(query, part: .query)
    self.fragment = PreparedURLPart(fragment, part: .fragment)
  }

  var parsedQuery: ParsedQuery {
    mutating get {
      if let parsedQueryStorage { return parsedQueryStorage }
      let parsed = ParsedQuery(query.raw)
      parsedQueryStorage = parsed
      return parsed
    }
  }
}
