import AASACore

extension SiteAssociationParser {
  static let componentKeys = [
    "/", "?", "#", "exclude", "caseSensitive", "percentEncoded", "comment",
  ]
  static let componentKeyAliases = [
    "path": "/", "paths": "/", "query": "?", "fragment": "#", "excluded": "exclude",
    "not": "exclude", "NOT": "exclude",
  ]

  /// A `components` element, a `defaults` object (`isDefaults`), or anything of that shape.
  mutating func parseSettings(_ value: JSONValue, path: String, isDefaults: Bool)
    -> ComponentSettings
  {
    guard let members = value.members else {
      if isDefaults {
        reportWrongType(value, path, expected: "an object")
      } else {
        report(
          .Apple.componentNotObject, value, path,
          "\(path) is \(value.typeDescription); a component is an object")
      }
      return ComponentSettings()
    }
    var settings = ComponentSettings()
    for member in members {
      let memberPath = DocumentPath.child(path, member.key)
      let field = member.value
      switch member.key {
      case "/":
        settings.path = patternString(field, memberPath)
      case "#":
        settings.fragment = patternString(field, memberPath)
        if let fragment = settings.fragment, fragment.hasPrefix("#") {
          report(
            .Apple.leadingHashInFragment, field, memberPath,
            "the fragment pattern \"\(fragment)\" starts with \"#\", which the fragment never does")
        }
      case "?":
        settings.query = parseQuery(field, memberPath)
      case "exclude":
        settings.exclude = flag(field, memberPath)
      case "caseSensitive":
        settings.caseSensitive = flag(field, memberPath)
      case "percentEncoded":
        settings.percentEncoded = flag(field, memberPath)
      case "comment":
        if field.string == nil && field.elements == nil {
          reportWrongType(field, memberPath, expected: "a string")
        }
      default:
        reportUnknownKey(
          member, in: path, known: Self.componentKeys, code: .Apple.unknownComponentKey,
          aliases: Self.componentKeyAliases)
      }
    }
    return settings
  }

  /// A `components` element, as a rule.
  mutating func parseComponent(
    _ value: JSONValue, index: Int, path: String, inherited: ComponentSettings
  ) -> Rule? {
    guard value.members != nil else {
      _ = parseSettings(value, path: path, isDefaults: false)
      return nil
    }
    let settings = parseSettings(value, path: path, isDefaults: false)
    let rule = Rule(
      index: index, origin: .component, settings: settings, written: value.compactText,
      location: value.location, path: path)
    checkPatterns(of: rule, inherited: inherited, json: value)
    return rule
  }

  /// A legacy `paths` string: `"/x/*"`, or `"NOT /x/*"`, which always excludes case-sensitively.
  mutating func parseLegacyPath(
    _ value: JSONValue, index: Int, path: String, inherited: ComponentSettings
  ) -> Rule? {
    guard let written = value.string else {
      reportWrongType(value, path, expected: "a path string")
      return nil
    }
    var settings = ComponentSettings()
    if written.hasPrefix("NOT ") {
      settings.path = String(written.dropFirst(4))
      settings.exclude = true
      settings.caseSensitive = true
      if settings.path!.hasPrefix(" ") {
        report(
          .Apple.malformedNot, value, path,
          "\"\(written)\" has more than one space after NOT, so the path starts with a space")
      }
    } else {
      settings.path = written
      if let malformed = Self.malformedNotPrefix(written) {
        report(
          .Apple.malformedNot, value, path,
          "\"\(written)\" starts with \"\(malformed)\", which Apple reads as part of the path, not as NOT"
        )
      }
    }
    // Legacy paths never look at the query or fragment, whatever the defaults say.
    settings.query = .whole("*")
    settings.fragment = "*"
    let pattern = settings.path!
    if pattern.contains("#") {
      report(
        .Apple.fragmentInLegacyPath, value, path,
        "\"\(written)\" contains \"#\", but paths never contain the fragment: it can never match")
    }
    if Self.looksLikeQuery(pattern) {
      report(
        .Apple.questionMarkInLegacyPath, value, path,
        "\"\(written)\" contains \"?\", which in a legacy path matches any one character, not a query"
      )
    }
    let rule = Rule(
      index: index, origin: .legacyPath, settings: settings, written: written,
      location: value.location, path: path)
    checkPatterns(of: rule, inherited: inherited, json: value)
    return rule
  }

  private mutating func patternString(_ value: JSONValue, _ path: String) -> String? {
    guard let string = value.string else {
      reportWrongType(value, path, expected: "a pattern string")
      return nil
    }
    return string
  }

  private mutating func flag(_ value: JSONValue, _ path: String) -> Bool? {
    if let bool = value.bool { return bool }
    var help: String?
    if let string = value.string, ["true", "false"].contains(string.lowercased()) {
      help = "write \(string.lowercased()) without quotes: Apple ignores a string here"
    }
    report(
      .Apple.wrongType, value, path,
      "\(path) must be true or false, found \(value.typeDescription)",
      help: help ?? "write true or false")
    return nil
  }

  private mutating func parseQuery(_ value: JSONValue, _ path: String) -> QueryPattern? {
    if let string = value.string {
      if string.hasPrefix("?") && string != "?" && !string.hasPrefix("?*") {
        report(
          .Apple.leadingQuestionMarkInQuery, value, path,
          "the query pattern \"\(string)\" starts with \"?\", a wildcard for one character")
      }
      return .whole(string)
    }
    guard let members = value.members else {
      reportWrongType(value, path, expected: "a pattern string or an object of item patterns")
      return nil
    }
    var items: [QueryItemPattern] = []
    var dropped = false
    for member in members {
      let memberPath = DocumentPath.child(path, member.key)
      guard let pattern = member.value.string else {
        dropped = true
        report(
          .Apple.nonStringQueryValue, member.value, memberPath,
          "the query item \"\(member.key)\" has \(member.value.typeDescription) as its pattern; Apple then drops this component's whole query constraint",
          help: "write it as a string, e.g. \"\(member.key)\": \"\(member.value.compactText)\"")
        continue
      }
      items.append(QueryItemPattern(name: member.key, pattern: pattern))
    }
    return dropped ? .dropped : .items(items)
  }

  static func malformedNotPrefix(_ path: String) -> String? {
    let head = path.prefix(4)
    if head.lowercased() == "not " { return String(head) }
    if path.hasPrefix("NOT/") || path.hasPrefix("NOT*") || path.hasPrefix("NOT\t") {
      return "NOT"
    }
    return nil
  }

  /// `?` followed by `name=`: somebody wrote a query into a path.
  static func looksLikeQuery(_ pattern: String) -> Bool {
    guard let mark = pattern.firstIndex(of: "?") else { return false }
    let rest = pattern[pattern.index(after: mark)...]
    let segment = rest.prefix(while: { $0 != "/" })
    return segment.contains("=")
  }
}
