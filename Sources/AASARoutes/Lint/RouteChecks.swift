import AASACore

/// The checks that read the config as a whole, after parsing: route keys, parameters and regexes,
/// routes against each other, and what each route leads to.
struct RouteChecks: DiagnosticReporting {
  var diagnostics: [Diagnostic] = []
  var tally = FindingTally()
  let json: JSONValue
  /// Each route key's last JSON member: where its findings point.
  private let routeMembers: [String: JSONValue.Member]

  init(json: JSONValue) {
    self.json = json
    var members: [String: JSONValue.Member] = [:]
    for member in json["routes"]?.members ?? [] { members[member.key] = member }
    self.routeMembers = members
  }

  mutating func check(_ config: RouteConfig) {
    checkFile(config)
    let looksAndroid = Self.targetsAndroid(config)
    for route in config.routes {
      let path = DocumentPath.child("routes", route.key)
      checkKey(route, path: path)
      checkParameters(route, path: path)
      checkTarget(
        route.target, json: routeMembers[route.key]?.value, path: path,
        name: "route `\(route.key)`",
        config: config, looksAndroid: looksAndroid)
    }
    if let defaultRoute = config.defaultRoute {
      checkTarget(
        defaultRoute, json: json["defaultRoute"], path: "defaultRoute", name: "the defaultRoute",
        config: config, looksAndroid: looksAndroid)
    }
    checkOverlaps(config)
  }

  // MARK: The file

  private mutating func checkFile(_ config: RouteConfig) {
    let json = self.json
    if config.defaultRoute == nil {
      report(
        .Routes.noDefaultRoute, json, "",
        "the config has no `defaultRoute`: a link no route matches opens the app's launch screen")
    }
    if config.routes.isEmpty {
      report(
        .Routes.noRoutes, json["routes"] ?? json, json["routes"] == nil ? "" : "routes",
        json["routes"] == nil
          ? "the config has no `routes`: every link goes to the defaultRoute"
          : "`routes` is empty: every link goes to the defaultRoute")
    }
    if let logging = json["logging"] {
      if case .string(let text) = config.logging {
        report(
          .Routes.loggingAsString, logging, "logging",
          "`logging` is the string \"\(text)\": iOS reads it as \(config.logging.isOnForIOS ? "on" : "off")"
        )
      }
      if config.logging.isOnForIOS,
        let validated = config.routes.first(where: { route in
          route.parameters.values.contains { $0.regex != nil || $0.required.isRequired(on: .ios) }
        })
      {
        report(
          .Routes.loggingChangesRouting, logging, "logging",
          "logging is on: on iOS a regex or required failure (route `\(validated.key)` has them) stops trying the other routes of that length, and the link is trimmed at once"
        )
      }
    }
  }

  // MARK: Route keys

  private mutating func checkKey(_ route: Route, path: String) {
    let location = route.keyLocation
    let key = route.key
    if key.isEmpty {
      report(.Routes.keyEmpty, at: location, path, "the route key is empty: it never matches")
      return
    }
    if key.hasPrefix("/") {
      report(
        .Routes.keyLeadingSlash, at: location, path,
        "route `\(key)` starts with `/`: its first segment is empty, so it never matches (write `\(key.drop(while: { $0 == "/" }))`)"
      )
    }
    let parts = key.split(separator: "/", omittingEmptySubsequences: false)
    let trailingEmpties = parts.reversed().prefix(while: \.isEmpty).count
    let inner = parts.dropFirst().dropLast(trailingEmpties)
    if let position = inner.firstIndex(where: \.isEmpty), parts.count - trailingEmpties > 1 {
      report(
        .Routes.keyEmptySegment, at: location, path,
        "route `\(key)` has an empty segment \(position + 1) (`//`): link segments are never empty, so it never matches"
      )
    }
    if trailingEmpties > 0, parts.count > trailingEmpties {
      report(
        .Routes.keyTrailingSlash, at: location, path,
        "route `\(key)` ends with `/`: it never matches on iOS, and matches `\(key.dropLast(trailingEmpties))` on Android"
      )
    }
    var seen: Set<String> = []
    for name in route.pathParameterNames {
      if name.isEmpty {
        report(
          .Routes.keyEmptyParameterName, at: location, path,
          "route `\(key)` has a `:` without a name: the segment is captured under the empty name")
      }
      if !seen.insert(name).inserted {
        report(
          .Routes.keyRepeatedParameter, at: location, path,
          "route `\(key)` captures `:\(name)` twice: the handlers see only the later segment")
      }
    }
  }

  // MARK: Parameters and regexes

  private mutating func checkParameters(_ route: Route, path: String) {
    guard let members = routeMembers[route.key]?.value["routeParameters"]?.members else { return }
    let pathNames = Set(route.pathParameterNames)
    var checked: Set<String> = []
    // The last entry of each name is the one in force.
    for member in members.reversed() where checked.insert(member.key).inserted {
      guard let parameter = route.parameters[member.key], member.value.members != nil else {
        continue
      }
      let parameterPath = DocumentPath.child(
        DocumentPath.child(path, "routeParameters"), member.key)
      if let regexValue = member.value["regex"], let regex = parameter.regex {
        checkRegex(regex, name: member.key, value: regexValue, path: parameterPath + ".regex")
      }
      if let requiredValue = member.value["required"] {
        let requiredPath = parameterPath + ".required"
        let ios = parameter.required.isRequired(on: .ios)
        let android = parameter.required.isRequired(on: .android)
        switch parameter.required {
        case .boolean(true):
          report(
            .Routes.requiredAsBoolean, requiredValue, requiredPath,
            "`required` is the boolean true: Android requires `\(member.key)`, iOS does not (it counts only the string \"true\")"
          )
        case .string(let text) where text != "true" && text != "false":
          report(
            .Routes.requiredUnreadable, requiredValue, requiredPath,
            "`required` is \"\(text)\": \(ios ? "required" : "not required") on iOS, \(android ? "required" : "not required") on Android"
          )
        case .other:
          report(
            .Routes.requiredUnreadable, requiredValue, requiredPath,
            "`required` is \(requiredValue.typeDescription): neither library reads it as required")
        default:
          break
        }
        if (ios || android), pathNames.contains(member.key) {
          report(
            .Routes.requiredOnPathParameter, requiredValue, requiredPath,
            "`\(member.key)` is a path parameter of `\(route.key)`: it always has a value when the route matches"
          )
        }
      }
    }
  }

  private mutating func checkRegex(
    _ regex: ParameterRegex, name: String, value: JSONValue, path: String
  ) {
    if let problem = regex.problem {
      report(
        .Routes.regexInvalid, value, path,
        "the regex of `\(name)` cannot be used: \(problem); the route fails whenever `\(name)` has a value"
      )
      return
    }
    if !regex.isAnchoredBothEnds {
      report(
        .Routes.regexPlatformDependent, value, path,
        "the regex of `\(name)` (\(regex.pattern)) is searched on iOS (exactly one match anywhere in the value) and matched whole on Android"
          + Self.disagreement(regex))
    }
    if let offset = RegexRisk.nestedQuantifier(in: regex.pattern) {
      report(
        .Routes.regexCatastrophic, value, path,
        "the regex of `\(name)` repeats a group that is itself repeated (at character \(offset + 1)): matching can take exponential time"
      )
    }
  }

  /// An example value the platforms decide differently, when a few simple probes find one.
  private static func disagreement(_ regex: ParameterRegex) -> String {
    for probe in ["5", "52", "a5b", "x", "ab", "abc", "1a", "a", ""]
    where regex.accepts(probe, on: .ios) != regex.accepts(probe, on: .android) {
      let ios = regex.accepts(probe, on: .ios) ? "accepts" : "rejects"
      let android = regex.accepts(probe, on: .android) ? "accepts" : "rejects"
      return ": iOS \(ios) \"\(probe)\", Android \(android) it"
    }
    return ""
  }

  // MARK: What a route leads to

  private mutating func checkTarget(
    _ target: RouteTarget, json: JSONValue?, path: String, name: String, config: RouteConfig,
    looksAndroid: Bool
  ) {
    guard let json else { return }
    if !target.leadsSomewhere {
      report(
        .Routes.leadsNowhere, json, path,
        "\(name) has no class, storyboard identifier or handlers: a link routed there shows nothing"
      )
      return
    }
    if let className = target.className, let classValue = json["class"] {
      if !className.contains("."), looksAndroid {
        report(
          .Routes.androidClassNotQualified, classValue, path + ".class",
          "`\(className)` is not a fully qualified Activity name: Android cannot start it")
      }
      if target.identifier == nil, (target.storyboard ?? config.storyboard) != nil {
        let first = className.prefix(1).lowercased() + className.dropFirst()
        report(
          .Routes.identifierFromClassRule, classValue, path + ".class",
          "\(name) has a class and a storyboard but no identifier: the seed would derive `\(first)`; the library's last version does not"
        )
      }
    }
    if target.className == nil, target.handlers.isEmpty, looksAndroid {
      report(
        .Routes.androidIgnoresTarget, json, path,
        "\(name) has no class: Android shows nothing for it (storyboards and identifiers are iOS only)"
      )
    }
  }

  /// Whether the config is written for Android too: some class is fully qualified.
  private static func targetsAndroid(_ config: RouteConfig) -> Bool {
    let targets = config.routes.map(\.target) + [config.defaultRoute].compactMap { $0 }
    return targets.contains { $0.className?.contains(".") == true }
  }

  // MARK: Routes against each other

  private mutating func checkOverlaps(_ config: RouteConfig) {
    let json = self.json
    let (findings, complete) = RouteOverlap.find(in: config.routes)
    for finding in findings {
      switch finding {
      case .shadowed(let earlier, let later):
        report(
          .Routes.shadowed, at: later.keyLocation, DocumentPath.child("routes", later.key),
          "route `\(later.key)` is shadowed by `\(earlier.key)` (line \(earlier.keyLocation.line)): every link it matches, the earlier route matches too, so Android never reaches it (and iOS may pick either)"
        )
      case .overlap(let earlier, let later):
        report(
          .Routes.routesOverlap, at: later.keyLocation, DocumentPath.child("routes", later.key),
          "routes `\(earlier.key)` (line \(earlier.keyLocation.line)) and `\(later.key)` can match the same link: iOS may pick either; Android picks `\(earlier.key)`"
        )
      }
    }
    if !complete {
      report(
        .Routes.overlapCheckBounded, json["routes"] ?? json, "routes",
        "only the first \(RouteOverlap.maximumComparisons) pairs of routes of the same shape were compared for overlap"
      )
    }
  }
}
