import AASACore

/// An ``AndroidRouter``'s compiled dynamic rules as plain data, for a runtime that cannot call
/// Swift: the validator page routes its as-you-type box with it for an `assetlinks.json`, without
/// a request per URL (`docs/validator.md`, "The matcher program").
///
/// It is an export of what Swift compiled, not a second reading of Android's rules: per app the
/// statement whose rules apply and whether they are in force, per component in file order its
/// `exclude` and each pattern as ``AndroidPattern`` stores it (its kind and its UTF-16 text, a
/// glob already rewritten into `PatternMatcher`'s syntax). What a runtime does itself is the
/// URL's side as ``AndroidURLParts`` does it (split, decode, the query's parameters) and
/// `PatternMatcher`'s single forward pass (``AndroidPattern/matchGlob(_:_:)``): linear in the
/// URL, with no regular expression.
///
/// Encoded as `{"apps": [APP], "units"}` where an app is `{"package", "statement", "rules":
/// "none" | {"discarded": REASON} | [COMPONENT]}`, a component `{"index", "rule": JSON,
/// "written", "exclude", "path": PATTERN|null, "query": [[NAME, PATTERN]], "fragment": PATTERN|null}` and a
/// pattern `[KIND, TEXT]` (`KIND` 0 literal, 1 prefix, 2 glob; `TEXT` the compared UTF-16 text).
/// `rule` is the component as `--format json` writes it in a verdict, `written` as its reason
/// quotes it.
public struct AndroidRouterProgram: Encodable, Sendable {
  public struct App: Encodable, Sendable {
    public var package: String
    public var statement: Int
    public var rules: Rules
  }

  /// An app's dynamic rules: none, discarded (and why), or the components in force.
  public enum Rules: Encodable, Sendable {
    case none
    case discarded(String)
    case components([Component])

    private enum Key: String, CodingKey { case discarded }

    public func encode(to encoder: any Encoder) throws {
      switch self {
      case .none:
        var container = encoder.singleValueContainer()
        try container.encode("none")
      case .discarded(let reason):
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(reason, forKey: .discarded)
      case .components(let components):
        var container = encoder.singleValueContainer()
        try container.encode(components)
      }
    }
  }

  public struct Component: Encodable, Sendable {
    public var index: Int
    public var rule: JSONValue
    public var written: String
    public var exclude: Bool
    public var path: Pattern?
    public var query: [QueryFilter]
    public var fragment: Pattern?

    private enum Key: String, CodingKey {
      case index, rule, written, exclude, path, query, fragment
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Key.self)
      try container.encode(index, forKey: .index)
      try container.encode(rule, forKey: .rule)
      try container.encode(written, forKey: .written)
      try container.encode(exclude, forKey: .exclude)
      // Written even when null, so that a runtime reads one shape.
      try container.encode(path, forKey: .path)
      try container.encode(query, forKey: .query)
      try container.encode(fragment, forKey: .fragment)
    }
  }

  /// `[NAME, PATTERN]`: the name is only for explanations (`query parameter NAME`); the pattern
  /// is `name=pattern` as Android matches it against a whole parameter.
  public struct QueryFilter: Encodable, Sendable {
    public var name: String
    public var pattern: Pattern

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.unkeyedContainer()
      try container.encode(name)
      try container.encode(pattern)
    }
  }

  /// `[KIND, TEXT]`, as ``AndroidPattern`` stores it.
  public struct Pattern: Encodable, Sendable {
    public var kind: Int
    public var text: String

    init(_ pattern: AndroidPattern) {
      switch pattern.kind {
      case .literal: kind = 0
      case .prefix: kind = 1
      case .simpleGlob: kind = 2
      }
      // From a Swift string's UTF-16 (and ASCII added by the rewrite): never a lone surrogate.
      text = String(decoding: pattern.units, as: UTF16.self)
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.unkeyedContainer()
      try container.encode(kind)
      try container.encode(text)
    }
  }

  public var apps: [App]
  /// How many UTF-16 units all patterns hold: what one URL may cost to route, per unit of its
  /// length at most.
  public var units: Int

  public init(_ router: AndroidRouter) {
    var units = 0
    func pattern(_ pattern: AndroidPattern) -> Pattern {
      units += pattern.units.count
      return Pattern(pattern)
    }
    apps = router.apps.map { app in
      let rules: Rules
      if let dynamic = app.rules {
        if let discarded = dynamic.discarded {
          rules = .discarded(discarded.reason)
        } else {
          rules = .components(
            dynamic.components.map { component in
              Component(
                index: component.index, rule: Self.rule(component.written),
                written: component.written,
                exclude: component.excludes, path: component.path.map(pattern),
                query: component.query.map {
                  QueryFilter(name: $0.name, pattern: pattern($0.pattern))
                },
                fragment: component.fragment.map(pattern))
            })
        }
      } else {
        rules = .none
      }
      return App(package: app.package, statement: app.statement, rules: rules)
    }
    self.units = units
  }

  /// The component as a verdict writes it: its compact JSON read back, or the text itself.
  static func rule(_ written: String) -> JSONValue {
    JSONReader.read(written).value ?? JSONValue(.string(written), at: .start)
  }
}
