import AASACore

/// What one app's rules say about a URL, and why.
public struct Verdict: Hashable, Sendable {
  public enum Kind: String, Hashable, Sendable {
    /// A rule without `exclude` matched first: the app opens the URL.
    case match
    /// A rule with `exclude` (or a legacy `NOT `) matched first: the app never opens it.
    case blocked
    /// No rule matched.
    case none
  }

  public var app: String
  public var kind: Kind
  /// The `details` entry whose rules were evaluated for the app.
  public var detail: Int
  /// The deciding rule for `match` and `blocked`; nil for `none`.
  public var decidingRule: RuleReference?
  /// For `none`: the rule that came closest, and the part of the URL it failed on.
  public var closest: NearMiss?

  public init(
    app: String, kind: Kind, detail: Int, decidingRule: RuleReference? = nil,
    closest: NearMiss? = nil
  ) {
    self.app = app
    self.kind = kind
    self.detail = detail
    self.decidingRule = decidingRule
    self.closest = closest
  }
}

/// A rule, as a verdict names it: where it is, how it was written, and the settings in force.
public struct RuleReference: Hashable, Sendable {
  public var detail: Int
  /// The index in `components`, or in `paths` for a legacy rule.
  public var index: Int
  public var origin: Rule.Origin
  /// The path string or the component's compact JSON.
  public var written: String
  /// Effective `caseSensitive` and `percentEncoded` after `defaults`.
  public var caseSensitive: Bool
  public var percentEncoded: Bool
  public var location: SourceLocation

  public init(
    detail: Int, index: Int, origin: Rule.Origin, written: String, caseSensitive: Bool,
    percentEncoded: Bool, location: SourceLocation
  ) {
    self.detail = detail
    self.index = index
    self.origin = origin
    self.written = written
    self.caseSensitive = caseSensitive
    self.percentEncoded = percentEncoded
    self.location = location
  }

  /// `details[1].paths[1]` or `details[0].components[2]`.
  public var name: String {
    "details[\(detail)].\(origin == .legacyPath ? "paths" : "components")[\(index)]"
  }

  /// The rule as a person reads it: a legacy path in quotes, a component as JSON.
  public var displayText: String {
    origin == .legacyPath ? JSONValue.quoted(written) : written
  }
}

/// Why the closest rule did not match.
public struct NearMiss: Hashable, Sendable {
  public enum Part: Hashable, Sendable {
    case path
    case query
    /// An item of an object-shaped `?`.
    case queryItem(String)
    case fragment
  }

  public var rule: RuleReference
  public var failedPart: Part

  public init(rule: RuleReference, failedPart: Part) {
    self.rule = rule
    self.failedPart = failedPart
  }

  /// "path", "query", "query item \"ref\"", "fragment".
  public var failedPartDescription: String {
    switch failedPart {
    case .path: "path"
    case .query: "query"
    case .queryItem(let name): "query item \"\(name)\""
    case .fragment: "fragment"
    }
  }
}

/// Every app's verdict on one URL, and the app that opens it.
public struct Routing: Hashable, Sendable {
  public var input: URLInput
  /// One verdict per app, in routing order (file order).
  public var verdicts: [Verdict]
  /// Set when the URL is for another host than the site's: no app opens it.
  public var foreignHost: String?

  public init(input: URLInput, verdicts: [Verdict], foreignHost: String? = nil) {
    self.input = input
    self.verdicts = verdicts
    self.foreignHost = foreignHost
  }

  /// The first app, in file order, whose verdict is `match`: the app that opens the URL.
  public var app: String? { verdicts.first(where: { $0.kind == .match })?.app }
}
