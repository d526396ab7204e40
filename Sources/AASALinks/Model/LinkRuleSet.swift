/// The rules of one `links.json`, compiled, checked and immutable: what the server answers from,
/// shared by every event loop, swapped as a whole when a new file is accepted.
public struct LinkRuleSet: Sendable {
  public let rules: [LinkRule]
  /// The link domain's host (`domain`, or the `--sites` folder's name): absolute links on the
  /// pages (`og:url`, `al:ios:url`, "Open in the app") are made on it, never on the request's
  /// `Host`. Nil when neither names one; the pages then link by path.
  public let domain: String?

  public init(rules: [LinkRule], domain: String?) {
    self.rules = rules
    self.domain = domain
  }

  /// The rule that answers `path` (percent-encoded, without the query). Rules never overlap (the
  /// file is refused when two could), so the first that matches is the only one. A linear scan:
  /// link domains have a handful of patterns, and the file is capped at
  /// ``LinksParser/maximumRules``.
  public func rule(forPath path: String) -> LinkRule? {
    position(forPath: path).map { rules[$0] }
  }

  /// Where in ``rules`` the rule that answers `path` is.
  public func position(forPath path: String) -> Int? {
    rules.firstIndex { $0.matches(path: path) }
  }

  /// Every destination of every rule: the only URLs an answer may name.
  public var destinations: Set<String> { Set(rules.flatMap(\.destinations)) }
}
