import AASACore

/// Reads and checks a statement's `relation_extensions`: Android 15's dynamic rules.
///
/// Its findings are kept apart from the statement's own, because a malformed rule does not make
/// the statement invalid: Android discards the statement's dynamic rules and keeps the grant.
/// Every field is read to the end, so one pass reports every malformed field, and the first one
/// becomes the reason the rules are discarded.
struct DynamicRulesParser: DiagnosticReporting {
  static let componentKeys = ["/", "?", "#", "exclude", "comments"]
  /// Keys people bring from Apple's components, which Android ignores.
  private static let appleKeyNotes = [
    "caseSensitive": "an Apple key; Android always matches case-sensitively",
    "percentEncoded": "an Apple key; Android always matches decoded text",
    "comment": "Apple's spelling; Android reads \"comments\"",
  ]

  var diagnostics: [Diagnostic] = []
  var tally = FindingTally()
  /// The first malformed field of the statement being read.
  private var firstProblem: (reason: String, location: SourceLocation)?

  /// The target's kind, for the checks that depend on it.
  enum Owner {
    case app(grantsHandleAllURLs: Bool)
    case web
    case include
  }

  /// Reads `extensions` (the value of `relation_extensions` at `path`). Returns the rules of the
  /// `handle_all_urls` extension, in force or discarded, or nil when there is none or when they
  /// cannot apply (a web target, an include).
  mutating func parse(_ extensions: JSONValue, path: String, owner: Owner) -> DynamicRules? {
    firstProblem = nil
    let handleAllURLs = Relation.handleAllURLs.rawValue
    guard let members = extensions.members else {
      fail(
        .AssetLinks.extensionsNotAnObject, extensions, path,
        "\(path) is \(extensions.typeDescription), not an object")
      return discarded(at: extensions)
    }
    for member in members where member.key != handleAllURLs {
      report(
        .AssetLinks.extensionForOtherRelation, at: member.keyLocation,
        DocumentPath.child(path, member.key),
        "the extension for \"\(member.key)\" is not read: Android reads dynamic rules only for \(handleAllURLs)"
      )
    }
    guard let entry = extensions[handleAllURLs] else { return nil }
    let entryPath = DocumentPath.child(path, handleAllURLs)
    switch owner {
    case .web, .include:
      let what = owner.isInclude ? "an include" : "a web target"
      report(
        .AssetLinks.rulesOnNonAppTarget, entry, entryPath,
        "dynamic rules on \(what) apply to no app: Android reads them only from an android_app statement"
      )
    case .app(let grants) where !grants:
      report(
        .AssetLinks.rulesWithoutGrant, entry, entryPath,
        "the statement does not grant \(handleAllURLs), so Android ignores its dynamic rules")
    case .app:
      break
    }
    let rules = parseEntry(entry, entryPath)
    if case .app(true) = owner { return rules }
    return nil
  }

  private mutating func parseEntry(_ entry: JSONValue, _ path: String) -> DynamicRules? {
    guard let members = entry.members else {
      fail(
        .AssetLinks.handleAllURLsExtensionNotAnObject, entry, path,
        "\(path) is \(entry.typeDescription), not an object")
      return discarded(at: entry)
    }
    for member in members where member.key != "dynamic_app_link_components" {
      report(
        .AssetLinks.unknownComponentKey, at: member.keyLocation,
        DocumentPath.child(path, member.key),
        "unknown key \"\(member.key)\" in \(path); Android reads only \"dynamic_app_link_components\""
      )
    }
    let lists = members.filter { $0.key == "dynamic_app_link_components" }
    if lists.count > 1 {
      report(
        .AssetLinks.secondRuleSet, at: lists[1].keyLocation,
        DocumentPath.child(path, "dynamic_app_link_components"),
        "\"dynamic_app_link_components\" appears \(lists.count) times; Android may use any of them (this tool reads the last)"
      )
    }
    guard let list = entry["dynamic_app_link_components"] else { return nil }
    let listPath = DocumentPath.child(path, "dynamic_app_link_components")
    guard let elements = list.elements else {
      fail(
        .AssetLinks.componentsNotAnArray, list, listPath,
        "\(listPath) is \(list.typeDescription), not an array of components")
      return discarded(at: list)
    }
    if elements.isEmpty {
      fail(.AssetLinks.componentsEmpty, list, listPath, "\(listPath) is empty")
    }
    var components: [DynamicComponent] = []
    for (index, element) in elements.enumerated() {
      if let component = parseComponent(
        element, index: index, DocumentPath.element(listPath, index))
      {
        components.append(component)
      }
    }
    guard firstProblem == nil else { return discarded(at: list) }
    reportUnreachable(components, listPath)
    return DynamicRules(location: list.location, components: components)
  }

  private mutating func discarded(at value: JSONValue) -> DynamicRules {
    DynamicRules(location: value.location, components: [], discarded: firstProblem)
  }

  /// Reports a malformed field: an error, and (the first time) the reason every rule goes.
  private mutating func fail(
    _ code: DiagnosticCode, _ value: JSONValue, _ path: String, _ message: String,
    help: String? = nil
  ) {
    if firstProblem == nil { firstProblem = (message, value.location) }
    report(
      code, value, path,
      "\(message), so Android discards every dynamic rule of this statement and the manifest alone decides",
      help: help)
  }

  // MARK: Components

  private mutating func parseComponent(_ value: JSONValue, index: Int, _ path: String)
    -> DynamicComponent?
  {
    guard let members = value.members else {
      fail(
        .AssetLinks.componentNotAnObject, value, path,
        "component \(path) is \(value.typeDescription), not an object"
          + (value.string != nil ? " (Apple's \"paths\" strings are not Android's form)" : ""))
      return nil
    }
    var pathPattern: AndroidPattern?
    var fragment: AndroidPattern?
    var query: [DynamicComponent.QueryFilter] = []
    var excludes = false
    for member in members {
      let memberPath = DocumentPath.child(path, member.key)
      switch member.key {
      case "/":
        pathPattern = part(member.value, memberPath, name: "the path pattern", part: .path)
      case "#":
        fragment = part(member.value, memberPath, name: "the fragment pattern", part: .fragment)
      case "?":
        query = queryFilters(member.value, memberPath)
      case "exclude":
        if let flag = member.value.bool {
          excludes = flag
        } else {
          fail(
            .AssetLinks.excludeNotABoolean, member.value, memberPath,
            "\"exclude\" is \(member.value.typeDescription), not true or false")
        }
      case "comments":
        if member.value.string == nil {
          report(
            .AssetLinks.commentsNotAString, member.value, memberPath,
            "\"comments\" is \(member.value.typeDescription), not a string")
        }
      default:
        let note =
          Self.appleKeyNotes[member.key]
          ?? Suggestion.closest(to: member.key, among: Self.componentKeys).map {
            "did you mean \"\($0)\"?"
          } ?? "Android ignores it"
        report(
          .AssetLinks.unknownComponentKey, at: member.keyLocation, memberPath,
          "unknown key \"\(member.key)\" in component \(path): \(note)")
      }
    }
    let component = DynamicComponent(
      index: index, location: value.location, written: value.compactText, path: pathPattern,
      query: query, fragment: fragment, excludes: excludes)
    if !component.hasFilter, members.allSatisfy({ !["/", "?", "#"].contains($0.key) }) {
      report(
        .AssetLinks.componentWithoutMatcher, value, path,
        "component \(path) has no \"/\", \"?\" or \"#\", so it never matches"
          + (excludes ? ", not even as an exclude" : ""))
    }
    return component
  }

  private mutating func part(
    _ value: JSONValue, _ path: String, name: String, part: DynamicComponent.Part
  ) -> AndroidPattern? {
    guard let text = value.string else {
      fail(
        .AssetLinks.partNotAString, value, path,
        "\(name) is \(value.typeDescription), not a string")
      return nil
    }
    guard !text.isEmpty else {
      fail(.AssetLinks.partEmpty, value, path, "\(name) is empty")
      return nil
    }
    notePatternTraps(text, value, path, part: part)
    return AndroidPattern(text)
  }

  private mutating func queryFilters(_ value: JSONValue, _ path: String)
    -> [DynamicComponent.QueryFilter]
  {
    guard let members = value.members else {
      fail(
        .AssetLinks.queryNotAnObject, value, path,
        "the query is \(value.typeDescription), not an object of name: pattern"
          + (value.string != nil ? " (Apple's string form)" : ""))
      return []
    }
    if members.isEmpty { fail(.AssetLinks.queryEmpty, value, path, "the query object is empty") }
    var filters: [DynamicComponent.QueryFilter] = []
    for member in members {
      let memberPath = DocumentPath.child(path, member.key)
      guard let pattern = member.value.string else {
        fail(
          .AssetLinks.queryValueNotAString, member.value, memberPath,
          "the query value for \"\(member.key)\" is \(member.value.typeDescription), not a string")
        continue
      }
      if member.key.isEmpty || pattern.isEmpty {
        fail(
          .AssetLinks.queryEntryEmpty, member.value, memberPath,
          member.key.isEmpty
            ? "a query parameter has an empty name"
            : "the query value for \"\(member.key)\" is empty")
        continue
      }
      if member.key.contains(where: { $0 == "*" || $0 == "?" }) {
        report(
          .AssetLinks.wildcardInParameterName, at: member.keyLocation, memberPath,
          "the parameter name \"\(member.key)\" holds a wildcard; Android matches \"\(member.key)=\(pattern)\" as one pattern"
        )
      }
      notePatternTraps(pattern, member.value, memberPath, part: .query(name: member.key))
      filters.append(.init(name: member.key, pattern: AndroidPattern(member.key + "=" + pattern)))
    }
    return filters
  }

  // MARK: Pattern traps

  /// The ways a well-formed pattern misleads: Android's glob differs from Apple's and a shell's.
  private mutating func notePatternTraps(
    _ text: String, _ value: JSONValue, _ path: String, part: DynamicComponent.Part
  ) {
    let pattern = AndroidPattern(text)
    let characters = Array(text.unicodeScalars)
    let quoted = JSONValue.quoted(text)
    if pattern.kind == .simpleGlob {
      if text.contains("**") || text.contains("*?") {
        report(
          .AssetLinks.literalAfterStar, value, path,
          "\(quoted) holds \(text.contains("**") ? "`**`" : "`*?`"): the character after `*` is searched for literally, so it matches almost nothing"
        )
      }
      let looseDot = characters.indices.contains { index in
        characters[index] == "." && (index == 0 || characters[index - 1] != "*")
      }
      if looseDot {
        report(
          .AssetLinks.dotInGlob, value, path,
          "in \(quoted), `.` matches any character, because the pattern has wildcards")
      }
      let middleStar = characters.indices.contains { index in
        characters[index] == "*" && index + 1 < characters.count
          && characters[index + 1] != "*" && characters[index + 1] != "?"
      }
      if middleStar {
        let stop = characters.indices.first { index in
          characters[index] == "*" && index + 1 < characters.count
        }.map { characters[$0 + 1] }
        report(
          .AssetLinks.lazyStar, value, path,
          "in \(quoted), `*` stops at the first \(stop.map { "\"\($0)\"" } ?? "next character") and never backtracks"
        )
      }
    }
    if text.contains("\\") {
      report(
        .AssetLinks.backslashInPattern, value, path,
        "\(quoted) holds `\\`, which Android matches as a backslash: there is no escape")
    }
    if Self.hasPercentEscape(characters) {
      report(
        .AssetLinks.percentEscapeInPattern, value, path,
        "\(quoted) holds a `%XX` escape, but Android matches decoded text")
    }
    if part == .path, let first = characters.first, !"/*?".unicodeScalars.contains(first),
      pattern.kind != .simpleGlob || first != "."
    {
      report(
        .AssetLinks.pathCannotStartWithSlash, value, path,
        "the path pattern \(quoted) does not start with `/`, and every Android path does, so it never matches"
      )
    }
  }

  private static func hasPercentEscape(_ characters: [Unicode.Scalar]) -> Bool {
    characters.indices.contains { index in
      characters[index] == "%" && index + 2 < characters.count
        && characters[index + 1].properties.isASCIIHexDigit
        && characters[index + 2].properties.isASCIIHexDigit
    }
  }

  // MARK: Order

  /// How many earlier components are compared with each one: bounds the check on a hostile
  /// file of many components sharing one lead.
  private static let comparedPerComponent = 64

  /// Components that can never decide, because an earlier one matches every URL they match.
  /// Only earlier components whose path lead starts the later one's can cover it, and the
  /// component index finds those without comparing every pair.
  private mutating func reportUnreachable(_ components: [DynamicComponent], _ listPath: String) {
    let index = ComponentIndex(components)
    for later in components where later.hasFilter {
      let lead = later.path.map(ComponentIndex.lead) ?? []
      let candidates = index.candidates(forPath: lead).lazy.filter { $0 < later.index }
        .prefix(Self.comparedPerComponent)
      guard
        let earlier = candidates.map({ components[$0] }).first(where: { $0.covers(later) })
      else { continue }
      let laterPath = DocumentPath.element(listPath, later.index)
      let earlierPath = DocumentPath.element(listPath, earlier.index)
      if earlier.isCatchAll {
        report(
          .AssetLinks.unreachableComponent, at: later.location, laterPath,
          "component \(laterPath) is never reached: \(earlierPath) \(earlier.written) before it matches every URL"
        )
      } else {
        report(
          .AssetLinks.shadowedComponent, at: later.location, laterPath,
          "component \(laterPath) is never reached: every URL it matches, \(earlierPath) \(earlier.written) matches first"
        )
      }
    }
  }
}

extension DynamicRulesParser.Owner {
  var isInclude: Bool {
    if case .include = self { return true }
    return false
  }
}
