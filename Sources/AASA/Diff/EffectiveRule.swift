import AASACore

/// A rule reduced to what decides matching: every setting resolved through `defaults`, the
/// comment and formatting gone, variables replaced by their values. Two rules with equal
/// `EffectiveRule`s behave identically, however they are written.
public struct EffectiveRule: Hashable, Sendable {
  public var path: String
  public var query: QueryPattern
  public var fragment: String
  public var exclude: Bool
  public var caseSensitive: Bool
  public var percentEncoded: Bool
  /// The values of the custom variables the patterns use, by name.
  public var variables: [String: [String]]

  /// Where it stands in its entry, and how it was written; not part of equality.
  public struct Origin: Sendable {
    public var reference: String
    public var written: String
  }

  init(_ rule: Rule, detail: ApplinksDetail, appLinks: ApplinksService) {
    let settings = rule.settings.merged(over: detail.defaults).merged(over: appLinks.defaults)
      .merged(over: .builtIn)
    path = settings.path!
    switch settings.query! {
    case .items(let items):
      query = .items(items.sorted { ($0.name, $0.pattern) < ($1.name, $1.pattern) })
    case .whole("*"), .dropped:
      query = .whole("*")
    case let other:
      query = other
    }
    fragment = settings.fragment!
    exclude = settings.exclude!
    caseSensitive = settings.caseSensitive!
    percentEncoded = settings.percentEncoded!
    var used: [String: [String]] = [:]
    let patterns = [path, fragment] + Self.patterns(of: query)
    for variable in appLinks.substitutionVariables
    where patterns.contains(where: { $0.contains("$(\(variable.name))") }) {
      used[variable.name] = variable.values
    }
    variables = used
  }

  private static func patterns(of query: QueryPattern) -> [String] {
    switch query {
    case .whole(let pattern): [pattern]
    case .items(let items): items.map(\.pattern)
    case .dropped: []
    }
  }

  /// The settings that differ from `other`, as `key: old → new` phrases.
  func differences(from other: EffectiveRule) -> [String] {
    var changes: [String] = []
    func note(_ key: String, _ old: String, _ new: String) {
      if old != new { changes.append("\(key): \(old) → \(new)") }
    }
    note("/", JSONValue.quoted(other.path), JSONValue.quoted(path))
    note("?", Self.describe(other.query), Self.describe(query))
    note("#", JSONValue.quoted(other.fragment), JSONValue.quoted(fragment))
    note("exclude", "\(other.exclude)", "\(exclude)")
    note("caseSensitive", "\(other.caseSensitive)", "\(caseSensitive)")
    note("percentEncoded", "\(other.percentEncoded)", "\(percentEncoded)")
    for name in Set(variables.keys).union(other.variables.keys).sorted() {
      note(
        "$(\(name))", (other.variables[name] ?? []).description, (variables[name] ?? []).description
      )
    }
    return changes
  }

  static func describe(_ query: QueryPattern) -> String {
    switch query {
    case .whole(let pattern): JSONValue.quoted(pattern)
    case .items(let items):
      "{"
        + items.map { "\(JSONValue.quoted($0.name)): \(JSONValue.quoted($0.pattern))" }
        .joined(separator: ", ") + "}"
    case .dropped: "\"*\""
    }
  }
}
