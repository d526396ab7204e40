import AASACore

/// Walks the JSON of a statement list once, building the model and the diagnostics together.
///
/// Every statement is read to the end even after an error, so one pass reports every problem in
/// the file; the per-target checks live in `AssetLinksParser+Target.swift`.
struct AssetLinksParser: DiagnosticReporting {
  static let statementKeys = ["relation", "target"]
  /// Android 15's dynamic rules, beside the statement's relations.
  static let extensionsKey = "relation_extensions"

  var diagnostics: [Diagnostic] = []
  var tally = FindingTally()
  /// The dynamic rules' own findings: they never make a statement invalid.
  var dynamicRulesParser = DynamicRulesParser()

  mutating func reportWrongType(_ value: JSONValue, _ path: String, expected: String) {
    report(
      .AssetLinks.wrongType, value, path,
      "\(path) must be \(expected), found \(value.typeDescription)")
  }

  /// The elements of `value`, which must be an array of strings; anything else is reported, with
  /// the fix for the usual slip of a lone string where a one-element array belongs.
  mutating func stringArrayElements(_ value: JSONValue, _ path: String) -> [JSONValue]? {
    if let elements = value.elements { return elements }
    if let single = value.string {
      report(
        .AssetLinks.wrongType, value, path, "\(path) must be an array of strings, found a string",
        help: "write it as an array: [\(JSONValue.quoted(single))]")
    } else {
      reportWrongType(value, path, expected: "an array of strings")
    }
    return nil
  }

  /// Reports `key` missing from `object`, pointing at a misspelt key when there is one, since
  /// "missing relation" next to a `"relations"` key is the usual story.
  mutating func reportMissingKey(_ key: String, in object: JSONValue, _ path: String) {
    let misspelt = object.members?.first { member in
      member.key != key && Suggestion.closest(to: member.key, among: [key]) != nil
    }
    if let misspelt {
      report(
        .AssetLinks.missingKey, object, path,
        "\(Self.describe(path)) has no \"\(key)\" (it has \"\(misspelt.key)\")",
        help: "rename \"\(misspelt.key)\" to \"\(key)\": Google rejects the statement without it")
    } else {
      report(.AssetLinks.missingKey, object, path, "\(Self.describe(path)) has no \"\(key)\"")
    }
  }

  /// Reports keys of `object` outside `known`; `notes` explains keys people often put there.
  mutating func reportUnknownKeys(
    in object: JSONValue, _ path: String, known: [String], notes: [String: String] = [:]
  ) {
    for member in object.members ?? [] where !known.contains(member.key) {
      let memberPath = DocumentPath.child(path, member.key)
      let message = "unknown key \"\(member.key)\" in \(Self.describe(path))"
      if let note = notes[member.key] {
        report(.AssetLinks.unknownKey, at: member.keyLocation, memberPath, "\(message): \(note)")
      } else if let suggestion = Suggestion.closest(to: member.key, among: known) {
        report(
          .AssetLinks.unknownKey, at: member.keyLocation, memberPath,
          "\(message); did you mean \"\(suggestion)\"?",
          help: "rename it to \"\(suggestion)\": Google ignores \"\(member.key)\"")
      } else {
        report(
          .AssetLinks.unknownKey, at: member.keyLocation, memberPath, message,
          help: "remove it: Google ignores it; known keys here: \(known.joined(separator: ", "))")
      }
    }
  }

  /// `[2]` reads as "statement [2]" in a sentence; deeper paths read as themselves.
  static func describe(_ path: String) -> String {
    path.hasPrefix("[") && !path.contains(".") ? "statement \(path)" : path
  }

  // MARK: The list

  mutating func parseList(_ json: JSONValue) -> StatementList? {
    guard let elements = json.elements else {
      let looksLikeStatement = json["relation"] != nil || json["target"] != nil
      report(
        .AssetLinks.notAnArray, json, "",
        "the file's top level is \(json.typeDescription), not an array of statements",
        help: looksLikeStatement
          ? "wrap the statement in [ and ]: Google reads a list even when it holds one statement"
          : nil)
      return nil
    }
    if elements.isEmpty {
      report(.AssetLinks.emptyList, json, "", "the statement list is empty, so it grants nothing")
    }
    var list = StatementList(
      statements: [], includes: [], invalidStatementIndices: [], entryCount: elements.count)
    for (index, element) in elements.enumerated() {
      let errorsBefore = tally.errors
      let entry = parseEntry(element, index: index)
      let isValid = tally.errors == errorsBefore
      if !isValid { list.invalidStatementIndices.append(index) }
      switch entry {
      case .statement(var statement)?:
        statement.isValid = isValid
        list.statements.append(statement)
      case .include(var include)?:
        include.isValid = isValid
        list.includes.append(include)
      case nil:
        break
      }
    }
    reportDuplicateStatements(list.statements)
    reportSecondRuleSets(list.statements)
    if list.isIgnoredByGoogle {
      reportListIgnored(list, at: json)
    }
    return list
  }

  private mutating func reportListIgnored(_ list: StatementList, at json: JSONValue) {
    let invalid = list.invalidStatementIndices
    let shown = invalid.prefix(10).map { "[\($0)]" }.joined(separator: ", ")
    let named = invalid.count > 10 ? "\(shown) and \(invalid.count - 10) more" : shown
    let subject = invalid.count == 1 ? "statement \(named) is" : "statements \(named) are"
    let others = list.entryCount - invalid.count
    let consequence =
      others == 0
      ? "so Google ignores the whole file"
      : "so Google ignores the whole file, including the \(others) valid statement\(others == 1 ? "" : "s")"
    report(.AssetLinks.listIgnored, json, "", "\(subject) invalid, \(consequence)")
  }

  /// A statement repeated with the same relations and target: harmless, but usually a merge slip
  /// that hides the edit the author meant to make.
  private mutating func reportDuplicateStatements(_ statements: [Statement]) {
    var firstIndexByMeaning: [String: Int] = [:]
    for statement in statements {
      let meaning = Self.meaningKey(statement)
      if let first = firstIndexByMeaning[meaning] {
        report(
          .AssetLinks.duplicateStatement, at: statement.location, statement.path,
          "statement \(statement.path) repeats statement [\(first)]")
      } else {
        firstIndexByMeaning[meaning] = statement.index
      }
    }
  }

  /// What a statement says, independent of key order, relation order and fingerprint spelling.
  private static func meaningKey(_ statement: Statement) -> String {
    let relations = Set(statement.relations.map(\.rawValue)).sorted().joined(separator: " ")
    switch statement.target {
    case .androidApp(let packageName, let fingerprints):
      let prints = Set(fingerprints.map(\.canonicalText)).sorted().joined(separator: " ")
      return "app \(packageName) \(prints) | \(relations)"
    case .web(let site):
      let origin = site.hasSuffix("/") ? String(site.dropLast()) : site
      return "web \(origin) | \(relations)"
    }
  }

  // MARK: Statements

  enum Entry {
    case statement(Statement)
    case include(IncludeStatement)
  }

  mutating func parseEntry(_ value: JSONValue, index: Int) -> Entry? {
    let path = DocumentPath.element("", index)
    guard value.members != nil else {
      report(
        .AssetLinks.statementNotAnObject, value, path,
        "statement \(path) is \(value.typeDescription), not an object")
      return nil
    }
    if let include = value["include"] {
      return parseInclude(include, in: value, path: path, index: index).map(Entry.include)
    }
    reportUnknownKeys(in: value, path, known: Self.statementKeys + [Self.extensionsKey])
    let relations = parseRelations(in: value, path: path)
    let target = parseTarget(in: value, path: path)
    guard let relations, let target else { return nil }
    reportRelationsUnsuitable(for: target, relations, in: value, path: path)
    var dynamicRules: DynamicRules?
    if let extensions = value[Self.extensionsKey] {
      let owner: DynamicRulesParser.Owner
      switch target {
      case .androidApp:
        owner = .app(grantsHandleAllURLs: relations.contains { $0.relation == .handleAllURLs })
      case .web: owner = .web
      }
      dynamicRules = dynamicRulesParser.parse(
        extensions, path: DocumentPath.child(path, Self.extensionsKey), owner: owner)
    }
    return .statement(
      Statement(
        index: index, location: value.location, relations: relations.map(\.relation),
        target: target, isValid: true, dynamicRules: dynamicRules))
  }

  /// A package with dynamic rules in two statements: Android may use either set.
  private mutating func reportSecondRuleSets(_ statements: [Statement]) {
    var firstByPackage: [String: Int] = [:]
    for statement in statements {
      guard let rules = statement.dynamicRules, let package = statement.target.packageName
      else { continue }
      if let first = firstByPackage[package] {
        dynamicRulesParser.report(
          .AssetLinks.secondRuleSet, at: rules.location,
          DocumentPath.child(statement.path, Self.extensionsKey),
          "\(package) already has dynamic rules in statement [\(first)]; Android may use either set"
        )
      } else {
        firstByPackage[package] = statement.index
      }
    }
  }

  private mutating func parseInclude(
    _ include: JSONValue, in statement: JSONValue, path: String, index: Int
  ) -> IncludeStatement? {
    let includePath = DocumentPath.child(path, "include")
    for member in statement.members ?? [] where Self.statementKeys.contains(member.key) {
      report(
        .AssetLinks.includeWithOtherKeys, at: member.keyLocation,
        DocumentPath.child(path, member.key),
        "statement \(path) has both \"include\" and \"\(member.key)\"; Google ignores \"\(member.key)\""
      )
    }
    reportUnknownKeys(
      in: statement, path, known: ["include", Self.extensionsKey] + Self.statementKeys)
    if let extensions = statement[Self.extensionsKey] {
      _ = dynamicRulesParser.parse(
        extensions, path: DocumentPath.child(path, Self.extensionsKey), owner: .include)
    }
    guard let url = include.string else {
      reportWrongType(include, includePath, expected: "a string holding an https:// URL")
      return nil
    }
    if let problem = Self.includeURLProblem(url) {
      report(
        .AssetLinks.invalidInclude, include, includePath, "the include URL \"\(url)\" \(problem)")
    }
    return IncludeStatement(index: index, location: statement.location, url: url, isValid: true)
  }

  /// Why `url` cannot be an include, or nil: Google fetches included lists only over https, from
  /// an absolute URL (a path of its own is fine, unlike a web target's site).
  static func includeURLProblem(_ url: String) -> String? {
    let lowered = url.lowercased()
    if lowered.hasPrefix("http://") {
      return "uses http; Google fetches included statement lists only over https"
    }
    guard lowered.hasPrefix("https://") else {
      return "is not an absolute https:// URL"
    }
    if !url.hasPrefix("https://") { return "has the scheme in upper case; write https://" }
    let afterScheme = url.dropFirst("https://".count)
    let host = afterScheme.prefix(while: { $0 != "/" && $0 != "?" && $0 != "#" })
    if host.isEmpty || host.hasPrefix(":") { return "has no host" }
    if host.contains(where: \.isWhitespace) || url.contains(where: \.isWhitespace) {
      return "contains whitespace"
    }
    return nil
  }
}
