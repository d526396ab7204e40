import AASACore

extension SiteAssociationParser {
  /// The checks on a rule's own pattern strings, judged with the settings in force for it.
  mutating func checkPatterns(of rule: Rule, inherited: ComponentSettings, json: JSONValue) {
    let effective = rule.settings.merged(over: inherited)
    let encoded = effective.percentEncoded ?? true
    let caseSensitive = effective.caseSensitive ?? true
    func location(_ key: String) -> JSONValue {
      rule.origin == .legacyPath ? json : (json[key] ?? json)
    }
    if let path = rule.settings.path {
      let pathPath = rule.origin == .legacyPath ? rule.path : DocumentPath.child(rule.path, "/")
      checkPatternText(
        path, location("/"), pathPath, encoded: encoded, caseSensitive: caseSensitive)
      checkPathPattern(path, location("/"), pathPath, isComponent: rule.origin == .component)
    }
    if rule.origin == .component {
      if let fragment = rule.settings.fragment {
        checkPatternText(
          fragment, location("#"), DocumentPath.child(rule.path, "#"), encoded: encoded,
          caseSensitive: caseSensitive)
      }
      if let query = rule.settings.query {
        checkQueryTexts(
          query, location("?"), DocumentPath.child(rule.path, "?"), encoded: encoded,
          caseSensitive: caseSensitive)
      }
    }
    if effective.exclude != true, Self.isCatchAll(effective) {
      report(
        .Apple.catchAllRule, json, rule.path,
        "\(rule.path) (\(rule.written)) matches every URL of the site")
    }
  }

  /// The same checks for the patterns a `defaults` object sets.
  mutating func checkDefaultsPatterns(
    _ settings: ComponentSettings, _ json: JSONValue, path: String
  ) {
    let encoded = settings.percentEncoded ?? true
    let caseSensitive = settings.caseSensitive ?? true
    if let pattern = settings.path, let value = json["/"] {
      checkPatternText(
        pattern, value, DocumentPath.child(path, "/"), encoded: encoded,
        caseSensitive: caseSensitive)
      checkPathPattern(pattern, value, DocumentPath.child(path, "/"), isComponent: true)
    }
    if let pattern = settings.fragment, let value = json["#"] {
      checkPatternText(
        pattern, value, DocumentPath.child(path, "#"), encoded: encoded,
        caseSensitive: caseSensitive)
    }
    if let query = settings.query, let value = json["?"] {
      checkQueryTexts(
        query, value, DocumentPath.child(path, "?"), encoded: encoded,
        caseSensitive: caseSensitive)
    }
  }

  private mutating func checkQueryTexts(
    _ query: QueryPattern, _ value: JSONValue, _ path: String, encoded: Bool, caseSensitive: Bool
  ) {
    switch query {
    case .whole(let pattern):
      checkPatternText(pattern, value, path, encoded: encoded, caseSensitive: caseSensitive)
    case .items(let items):
      // One lookup table, not a search of the object per item: queries can have thousands.
      var valueByName: [String: JSONValue] = [:]
      for member in value.members ?? [] { valueByName[member.key] = member.value }
      for item in items {
        checkPatternText(
          item.pattern, valueByName[item.name] ?? value, DocumentPath.child(path, item.name),
          encoded: encoded, caseSensitive: caseSensitive)
      }
    case .dropped:
      break
    }
  }

  private mutating func checkPathPattern(
    _ pattern: String, _ value: JSONValue, _ path: String, isComponent: Bool
  ) {
    let lowered = pattern.lowercased()
    if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") || lowered.contains("://")
      || Self.startsWithHostName(pattern)
    {
      report(
        .Apple.fullURLAsPath, value, path,
        "\"\(pattern)\" is a URL, but a path pattern is matched against the path alone")
    }
    if pattern.isEmpty {
      report(
        .Apple.emptyPattern, value, path,
        "the empty path pattern matches only the root path \"/\"",
        help: "write \"/\" if you mean the root, or \"*\" to match every path")
    }
    if isComponent && Self.looksLikeQuery(pattern) {
      report(
        .Apple.queryInPathPattern, value, path,
        "\"\(pattern)\" contains \"?\" followed by a query; in \"/\" it matches any one character")
    }
  }

  /// Checks common to every pattern string: escapes, variables, encoding.
  mutating func checkPatternText(
    _ pattern: String, _ value: JSONValue, _ path: String, encoded: Bool, caseSensitive: Bool
  ) {
    var scalars = pattern.unicodeScalars[...]
    var expansion = 0
    var sawNonASCII = false
    var sawLowercaseEscape = false
    while let scalar = scalars.popFirst() {
      switch scalar {
      case "\\":
        if scalars.popFirst() == nil {
          report(.Apple.danglingEscape, value, path, "\"\(pattern)\" ends with a lone backslash")
        }
      case "$" where scalars.first == "(":
        scalars.removeFirst()
        guard let close = scalars.firstIndex(of: ")") else {
          report(
            .Apple.unterminatedVariable, value, path,
            "\"\(pattern)\" opens a variable with \"$(\" and never closes it")
          scalars = scalars[scalars.endIndex...]
          continue
        }
        let name = String(String.UnicodeScalarView(scalars[..<close]))
        scalars = scalars[scalars.index(after: close)...]
        if name.contains("$") || name.contains("(") {
          report(
            .Apple.invalidVariableName, value, path,
            "\"\(pattern)\" nests a variable inside a variable reference", help: nil)
        } else if variableNames.contains(name) {
          usedVariables.insert(name)
          expansion += self.expansion(of: name, caseSensitive: caseSensitive)
        } else if VariableTable.builtInNames.contains(name) {
          expansion += self.expansion(of: name, caseSensitive: caseSensitive)
        } else if !VariableTable.builtInNames.contains(name) {
          report(
            .Apple.undefinedVariable, value, path,
            "\"\(pattern)\" uses $(\(name)), which is neither defined in substitutionVariables nor built in; it never matches"
          )
        }
      case "%":
        let hex = scalars.prefix(2)
        if hex.count == 2, hex.allSatisfy({ $0.properties.isASCIIHexDigit }),
          hex.contains(where: { ("a"..."f").contains($0) })
        {
          sawLowercaseEscape = true
        }
      default:
        if !scalar.isASCII { sawNonASCII = true }
      }
    }
    if expansion > Pattern.maximumExpansion {
      report(
        .Apple.patternTooComplex, value, path,
        "\"\(pattern.prefix(80))\(pattern.count > 80 ? "…" : "")\" uses variables that expand to \(expansion) states, over the \(Pattern.maximumExpansion) a pattern may have; it never matches"
      )
    }
    if encoded && sawNonASCII {
      report(
        .Apple.nonASCIIWithPercentEncoding, value, path,
        "\"\(pattern)\" has non-ASCII characters, but URLs are compared percent-encoded, so it never matches them"
      )
    }
    if encoded && sawLowercaseEscape {
      report(
        .Apple.lowercaseHexInEncodedPattern, value, path,
        "\"\(pattern)\" has a lower-case percent-escape; the escape's case must equal the URL's")
    }
  }

  /// Whether the settings match every URL: all-star path, and any query and fragment.
  static func isCatchAll(_ settings: ComponentSettings) -> Bool {
    let path = settings.path ?? "*"
    let pathMatchesAll =
      !path.isEmpty && path.allSatisfy({ $0 == "*" || $0 == "/" }) && path.contains("*")
      && !path.dropFirst().contains("/") && (path.hasPrefix("*") || path.hasPrefix("/"))
    return pathMatchesAll && settings.acceptsAnyQueryAndFragment
  }

  /// `example.com/path`: a host name written where the path belongs.
  static func startsWithHostName(_ pattern: String) -> Bool {
    guard !pattern.hasPrefix("/"), !pattern.hasPrefix("*"),
      let slash = pattern.firstIndex(of: "/")
    else { return false }
    let head = pattern[..<slash]
    let labels = head.split(separator: ".", omittingEmptySubsequences: false)
    guard labels.count >= 2, let top = labels.last, top.count >= 2,
      top.allSatisfy({ $0.isLetter })
    else { return false }
    return labels.allSatisfy {
      !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
    }
  }
}
