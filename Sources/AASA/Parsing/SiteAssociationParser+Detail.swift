import AASACore

extension SiteAssociationParser {
  static let detailKeys = ["appID", "appIDs", "paths", "components", "defaults"]

  /// One `details` entry. `keyedAppID` is the key of a dictionary-shaped `details`.
  mutating func parseDetail(
    _ value: JSONValue, index: Int, path: String, keyedAppID: String?,
    domainDefaults: ComponentSettings
  ) -> ApplinksDetail? {
    guard let members = value.members else {
      reportWrongType(value, path, expected: "an object")
      return nil
    }
    for member in members where !Self.detailKeys.contains(member.key) {
      reportUnknownKey(
        member, in: path, known: Self.detailKeys,
        aliases: ["appid": "appID", "appId": "appID", "appIds": "appIDs", "app_id": "appID"])
    }
    let appIDs = parseAppIDs(value, path: path, keyedAppID: keyedAppID)
    var defaults = ComponentSettings()
    if let json = value["defaults"] {
      let defaultsPath = DocumentPath.child(path, "defaults")
      defaults = parseSettings(json, path: defaultsPath, isDefaults: true)
      checkDefaultsPatterns(defaults, json, path: defaultsPath)
    }
    let inherited = defaults.merged(over: domainDefaults)

    var rules: [Rule] = []
    let components = value["components"]
    let paths = value["paths"]
    if let components, let elements = components.elements {
      if let paths, let pathElements = paths.elements {
        // iOS 12 and earlier read only "paths": kept beside "components" as Apple advises, it is
        // judged by how it routes (``checkLegacyForms``), not by being there.
        let pathsPath = DocumentPath.child(path, "paths")
        var legacyRules: [Rule] = []
        for (ruleIndex, element) in pathElements.enumerated() {
          if let rule = parseLegacyPath(
            element, index: ruleIndex, path: DocumentPath.element(pathsPath, ruleIndex),
            inherited: ComponentSettings())
          {
            legacyRules.append(rule)
          }
        }
        legacyForms.append(
          LegacyForm(
            detailPath: path, pathsValue: paths, pathsPath: pathsPath,
            legacyAppID: value["appID"]?.string, rules: legacyRules))
      }
      let componentsPath = DocumentPath.child(path, "components")
      for (ruleIndex, element) in elements.enumerated() {
        if let rule = parseComponent(
          element, index: ruleIndex, path: DocumentPath.element(componentsPath, ruleIndex),
          inherited: inherited)
        {
          rules.append(rule)
        }
      }
    } else {
      if let components {
        reportWrongType(
          components, DocumentPath.child(path, "components"), expected: "an array of objects")
      }
      if let paths {
        let pathsPath = DocumentPath.child(path, "paths")
        if let elements = paths.elements {
          for (ruleIndex, element) in elements.enumerated() {
            if let rule = parseLegacyPath(
              element, index: ruleIndex, path: DocumentPath.element(pathsPath, ruleIndex),
              inherited: inherited)
            {
              rules.append(rule)
            }
          }
        } else {
          reportWrongType(paths, pathsPath, expected: "an array of path strings")
        }
      }
    }
    if components == nil && paths == nil {
      report(.Apple.noRules, value, path, "\(path) has neither \"components\" nor \"paths\"")
    } else if !rules.isEmpty,
      rules.allSatisfy({ $0.settings.merged(over: inherited).exclude == true })
    {
      report(
        .Apple.onlyExclusions, value, path,
        "every rule of \(path) excludes, so its app\(appIDs.count == 1 ? "" : "s") never match")
    }
    checkRuleOrder(rules, inherited: inherited)
    return ApplinksDetail(
      index: index, appIDs: appIDs, defaults: defaults, rules: rules, location: value.location,
      path: path)
  }

  mutating func parseAppIDs(_ value: JSONValue, path: String, keyedAppID: String?) -> [String] {
    if let keyedAppID { return [keyedAppID] }
    let single = value["appID"]
    let list = value["appIDs"]
    if let list, let elements = list.elements {
      let listPath = DocumentPath.child(path, "appIDs")
      let listed = elements.compactMap(\.string)
      if let single, !(single.string.map(listed.contains) ?? false) {
        report(
          .Apple.appIDAndAppIDs, single, DocumentPath.child(path, "appID"),
          "\(path) has \"appID\" \(single.string.map { "\"\($0)\" " } ?? "")that \"appIDs\" does not list: iOS 12 and earlier open that app, later versions only those of \"appIDs\""
        )
      }
      if elements.isEmpty {
        report(
          .Apple.emptyAppIDs, list, listPath, "\(listPath) is empty, so the entry applies to no app"
        )
      }
      return checkedAppIDs(elements, path: listPath)
    }
    if let list {
      reportWrongType(
        list, DocumentPath.child(path, "appIDs"), expected: "an array of app ID strings")
    }
    if let single {
      let singlePath = DocumentPath.child(path, "appID")
      guard let id = single.string else {
        reportWrongType(single, singlePath, expected: "an app ID string")
        return []
      }
      checkAppID(id, single, singlePath)
      return [id]
    }
    if list == nil {
      report(
        .Apple.missingAppID, value, path, "\(path) names no app: it has no \"appIDs\" or \"appID\"")
    }
    return []
  }

  /// The strings of an app ID list, each checked; other values are reported and skipped.
  mutating func checkedAppIDs(_ elements: [JSONValue], path: String) -> [String] {
    var ids: [String] = []
    for (index, element) in elements.enumerated() {
      let elementPath = DocumentPath.element(path, index)
      guard let id = element.string else {
        reportWrongType(element, elementPath, expected: "an app ID string")
        continue
      }
      checkAppID(id, element, elementPath)
      ids.append(id)
    }
    return ids
  }

  mutating func checkDuplicateAppIDs(_ details: [ApplinksDetail], _ json: JSONValue) {
    var firstSeen: [String: String] = [:]
    for detail in details {
      for (position, id) in detail.appIDs.enumerated() {
        if let first = firstSeen[id] {
          // Name the key the entry really used: `appIDs[n]`, or its single `appID`.
          let entry = json.elements.flatMap { detail.index < $0.count ? $0[detail.index] : nil }
          let path =
            entry?["appIDs"]?.elements != nil
            ? DocumentPath.element(DocumentPath.child(detail.path, "appIDs"), position)
            : entry != nil ? DocumentPath.child(detail.path, "appID") : detail.path
          let location = locationOfAppID(in: json, detail: detail, position: position)
          report(
            .Apple.duplicateAppID, at: location, path,
            "\(id) is listed again (first in \(first)); only the first entry can decide for it")
        } else {
          firstSeen[id] = detail.path
        }
      }
    }
  }

  private func locationOfAppID(in json: JSONValue, detail: ApplinksDetail, position: Int)
    -> SourceLocation
  {
    guard let elements = json.elements, detail.index < elements.count else {
      return detail.location
    }
    let entry = elements[detail.index]
    if let list = entry["appIDs"]?.elements, position < list.count {
      return list[position].location
    }
    return entry["appID"]?.location ?? detail.location
  }
}
