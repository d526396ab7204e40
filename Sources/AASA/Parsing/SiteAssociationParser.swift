import AASACore

extension SiteAssociation {
  /// Reads the association out of `json` as Apple would, leniently, with a diagnostic for every
  /// problem: a broken entry is reported and skipped, and the rest of the file is still read.
  public static func parse(_ json: JSONValue) -> (
    association: SiteAssociation?, diagnostics: [Diagnostic]
  ) {
    var parser = SiteAssociationParser()
    let association = parser.parseDocument(json)
    return (association, parser.allDiagnostics)
  }
}

/// Walks the JSON of an association file once, building the model and the diagnostics together.
struct SiteAssociationParser: DiagnosticReporting {
  static let serviceKeys = ["applinks", "webcredentials", "appclips", "activitycontinuation"]
  static let appLinksKeys = ["apps", "details", "defaults", "substitutionVariables"]

  var diagnostics: [Diagnostic] = []
  var tally = FindingTally()
  /// Custom variables by name, once `substitutionVariables` is read.
  var variableNames: Set<String> = []
  var usedVariables: Set<String> = []
  /// The values of the file's variables, to judge what patterns using them cost.
  var variableValues: [String: [String]] = [:]
  /// What one use of a variable adds to a pattern, by name and case sensitivity: each used
  /// variable is compiled once, as the matcher compiles it, and unused ones never.
  var expansions: [String: Int] = [:]
  /// Entries that keep iOS 12's "paths" beside "components", judged once the service is read.
  var legacyForms: [LegacyForm] = []

  mutating func expansion(of name: String, caseSensitive: Bool) -> Int {
    let key = (caseSensitive ? "s:" : "i:") + name
    if let known = expansions[key] { return known }
    let table =
      variableValues[name].map { VariableTable(custom: [name: $0]) } ?? VariableTable.builtIns
    let expansion = table.expansion(of: name, caseSensitive: caseSensitive)
    expansions[key] = expansion
    return expansion
  }

  mutating func reportWrongType(_ value: JSONValue, _ path: String, expected: String) {
    report(
      .Apple.wrongType, value, path, "\(path) must be \(expected), found \(value.typeDescription)",
      help: "write \(path.split(separator: ".").last.map(String.init) ?? path) as \(expected)")
  }

  mutating func reportUnknownKey(
    _ member: JSONValue.Member, in path: String, known: [String],
    code: DiagnosticCode = .Apple.unknownKey, aliases: [String: String] = [:]
  ) {
    let memberPath = DocumentPath.child(path, member.key)
    let place = path.isEmpty ? "at the top level" : "in \(path)"
    if let suggestion = aliases[member.key] ?? Suggestion.closest(to: member.key, among: known) {
      report(
        code, at: member.keyLocation, memberPath,
        "unknown key \"\(member.key)\" \(place); did you mean \"\(suggestion)\"?",
        help: "rename it to \"\(suggestion)\": Apple ignores \"\(member.key)\"")
    } else {
      report(
        code, at: member.keyLocation, memberPath, "unknown key \"\(member.key)\" \(place)",
        help: "Apple ignores it; known keys here: \(known.joined(separator: ", "))")
    }
  }

  // MARK: Document

  mutating func parseDocument(_ json: JSONValue) -> SiteAssociation? {
    guard let members = json.members else {
      report(
        .Apple.notAnObject, json, "",
        "the file's top level is \(json.typeDescription), not an object")
      return nil
    }
    var association = SiteAssociation()
    for member in members where !Self.serviceKeys.contains(member.key) {
      reportUnknownKey(member, in: "", known: Self.serviceKeys)
    }
    if !members.contains(where: { Self.serviceKeys.contains($0.key) }) {
      report(.Apple.noService, json, "", "the file names no service, so it associates nothing")
    }
    if let value = json["applinks"] {
      association.appLinks = parseAppLinks(value)
    }
    association.webCredentials = json["webcredentials"].flatMap {
      parseServiceApps($0, path: "webcredentials")
    }
    association.appClips = json["appclips"].flatMap { parseServiceApps($0, path: "appclips") }
    association.activityContinuation = json["activitycontinuation"].flatMap {
      parseServiceApps($0, path: "activitycontinuation")
    }
    return association
  }

  mutating func parseServiceApps(_ value: JSONValue, path: String) -> ServiceApps? {
    guard let members = value.members else {
      reportWrongType(value, path, expected: "an object such as {\"apps\": [...]}")
      return nil
    }
    for member in members where member.key != "apps" {
      reportUnknownKey(member, in: path, known: ["apps"])
    }
    guard let apps = value["apps"] else {
      report(.Apple.serviceAppsMissing, value, path, "\(path) has no \"apps\" list")
      return nil
    }
    let appsPath = DocumentPath.child(path, "apps")
    guard let elements = apps.elements else {
      reportWrongType(apps, appsPath, expected: "an array of app IDs")
      return nil
    }
    if elements.isEmpty {
      report(.Apple.emptyServiceApps, apps, appsPath, "\(appsPath) is empty")
    }
    return ServiceApps(apps: checkedAppIDs(elements, path: appsPath))
  }

  // MARK: applinks

  mutating func parseAppLinks(_ value: JSONValue) -> ApplinksService? {
    let path = "applinks"
    guard let members = value.members else {
      reportWrongType(value, path, expected: "an object")
      return nil
    }
    for member in members where !Self.appLinksKeys.contains(member.key) {
      reportUnknownKey(member, in: path, known: Self.appLinksKeys)
    }
    if let apps = value["apps"] {
      if let elements = apps.elements {
        if !elements.isEmpty {
          report(
            .Apple.legacyAppsNotEmpty, apps, "applinks.apps",
            "applinks.apps lists \(elements.count) value\(elements.count == 1 ? "" : "s"); it must be empty"
          )
        }
      } else {
        reportWrongType(apps, "applinks.apps", expected: "an empty array")
      }
    }
    var appLinks = ApplinksService()
    if let variables = value["substitutionVariables"] {
      appLinks.substitutionVariables = parseSubstitutionVariables(variables)
    }
    if let defaults = value["defaults"] {
      appLinks.defaults = parseSettings(defaults, path: "applinks.defaults", isDefaults: true)
      checkDefaultsPatterns(appLinks.defaults, defaults, path: "applinks.defaults")
    }
    guard let details = value["details"] else {
      report(
        .Apple.noApplinksDetails, value, path, "applinks has no \"details\", so no URL opens an app"
      )
      return appLinks
    }
    appLinks.details = parseDetails(details, domainDefaults: appLinks.defaults)
    checkDuplicateAppIDs(appLinks.details, details)
    checkUnusedVariables(appLinks.substitutionVariables, value["substitutionVariables"])
    checkLegacyForms(appLinks)
    return appLinks
  }

  mutating func parseDetails(_ value: JSONValue, domainDefaults: ComponentSettings)
    -> [ApplinksDetail]
  {
    let path = "applinks.details"
    if let elements = value.elements {
      if elements.isEmpty {
        report(
          .Apple.emptyDetails, value, path, "applinks.details is empty, so no URL opens an app")
      }
      var details: [ApplinksDetail] = []
      for (index, element) in elements.enumerated() {
        if let detail = parseDetail(
          element, index: index, path: DocumentPath.element(path, index),
          keyedAppID: nil, domainDefaults: domainDefaults)
        {
          details.append(detail)
        }
      }
      return details
    }
    if let members = value.members {
      report(
        .Apple.dictionaryDetails, value, path,
        "applinks.details is the old dictionary keyed by app ID")
      if members.isEmpty {
        report(
          .Apple.emptyDetails, value, path, "applinks.details is empty, so no URL opens an app")
      }
      var details: [ApplinksDetail] = []
      for member in members {
        let memberPath = DocumentPath.child(path, member.key)
        checkAppID(member.key, JSONValue(.string(member.key), at: member.keyLocation), memberPath)
        if let detail = parseDetail(
          member.value, index: details.count, path: memberPath, keyedAppID: member.key,
          domainDefaults: domainDefaults)
        {
          details.append(detail)
        }
      }
      return details
    }
    reportWrongType(value, path, expected: "an array of entries")
    return []
  }
}
