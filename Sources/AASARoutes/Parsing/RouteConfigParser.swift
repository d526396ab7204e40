import AASACore

/// Reads a route config's JSON into a ``RouteConfig`` as the libraries would, and reports what is
/// written with the wrong type or a key neither library reads.
///
/// Reading never stops at a mistake: a value of the wrong type is reported and left out, so one
/// slip never hides the findings about the other routes. Duplicated keys keep their last value
/// (``JSONValue/subscript(_:)``); a duplicated route key keeps its first place in the order.
struct RouteConfigParser: DiagnosticReporting {
  var diagnostics: [Diagnostic] = []
  var tally = FindingTally()

  static let topLevelKeys = ["logging", "storyboard", "defaultRoute", "routes"]
  static let routeKeys = ["class", "identifier", "storyboard", "handlers", "routeParameters"]
  static let defaultRouteKeys = ["class", "identifier", "storyboard", "handlers"]
  static let parameterKeys = ["required", "regex"]
  static let storyboardKeys = ["iPhone", "iPad"]

  mutating func parse(_ json: JSONValue) -> RouteConfig? {
    guard let members = json.members else {
      report(
        .Routes.configNotObject, json, "",
        "the file is \(json.typeDescription), not an object with `routes` and `defaultRoute`")
      return nil
    }
    var config = RouteConfig()
    checkKeys(members, known: Self.topLevelKeys, path: "", what: "the file")
    if let logging = json["logging"] {
      switch logging.kind {
      case .bool(let value): config.logging = .boolean(value)
      case .string(let text): config.logging = .string(text)
      case .number(let text): config.logging = .number(text)
      default:
        config.logging = .other
        report(
          .Routes.wrongType, logging, "logging",
          "`logging` is \(logging.typeDescription); the libraries read a boolean")
      }
    }
    if let storyboard = json["storyboard"] {
      config.storyboard = parseStoryboard(storyboard, path: "storyboard")
    }
    if let defaultRoute = json["defaultRoute"] {
      config.defaultRoute = parseTarget(
        defaultRoute, path: "defaultRoute", known: Self.defaultRouteKeys)
    }
    if let routes = json["routes"] {
      if let routeMembers = routes.members {
        config.routes = parseRoutes(routeMembers)
      } else {
        report(
          .Routes.wrongType, routes, "routes",
          "`routes` is \(routes.typeDescription); it must be an object of route key → route")
      }
    }
    return config
  }

  private mutating func parseRoutes(_ members: [JSONValue.Member]) -> [Route] {
    var routes: [Route] = []
    var placeOfKey: [String: Int] = [:]
    for member in members {
      let path = DocumentPath.child("routes", member.key)
      guard let target = parseTarget(member.value, path: path, known: Self.routeKeys) else {
        continue
      }
      let (parameters, hasRouteParameters) = parseParameters(member.value, path: path)
      let route = Route(
        key: member.key, keyLocation: member.keyLocation, order: 0, target: target,
        parameters: parameters, hasRouteParameters: hasRouteParameters)
      if let place = placeOfKey[member.key] {
        report(
          .Routes.keyDuplicated, at: member.keyLocation, path,
          "route `\(member.key)` is written again: this entry replaces the one at line \(routes[place].keyLocation.line)"
        )
        var replacement = route
        replacement.keyLocation = routes[place].keyLocation
        routes[place] = replacement
      } else {
        placeOfKey[member.key] = routes.count
        routes.append(route)
      }
    }
    for index in routes.indices { routes[index].order = index }
    return routes
  }

  private mutating func parseTarget(_ value: JSONValue, path: String, known: [String])
    -> RouteTarget?
  {
    guard let members = value.members else {
      report(
        .Routes.wrongType, value, path,
        "`\(path)` is \(value.typeDescription); a route is an object with `class`, `identifier`, `storyboard`, `handlers`"
      )
      return nil
    }
    checkKeys(members, known: known, path: path, what: "a route")
    var target = RouteTarget()
    target.className = string(value["class"], path: DocumentPath.child(path, "class"))
    target.identifier = string(value["identifier"], path: DocumentPath.child(path, "identifier"))
    if let storyboard = value["storyboard"] {
      target.storyboard = parseStoryboard(storyboard, path: DocumentPath.child(path, "storyboard"))
    }
    if let handlers = value["handlers"] {
      let handlersPath = DocumentPath.child(path, "handlers")
      if let elements = handlers.elements {
        for (index, element) in elements.enumerated() {
          let elementPath = DocumentPath.element(handlersPath, index)
          if let name = element.string {
            if name.isEmpty {
              report(
                .Routes.emptyHandlerName, element, elementPath, "handler \(index + 1) has no name")
            }
            target.handlers.append(name)
          } else {
            report(
              .Routes.wrongType, element, elementPath,
              "handler \(index + 1) is \(element.typeDescription); handlers are named by strings")
          }
        }
      } else if let single = handlers.string {
        report(
          .Routes.wrongType, handlers, handlersPath,
          "`handlers` is a string; write an array: [\(JSONValue.quoted(single))]")
      } else {
        report(
          .Routes.wrongType, handlers, handlersPath,
          "`handlers` is \(handlers.typeDescription); write an array of handler names")
      }
    }
    return target
  }

  private mutating func parseParameters(_ route: JSONValue, path: String) -> (
    [RouteParameter], Bool
  ) {
    guard let routeParameters = route["routeParameters"] else { return ([], false) }
    let parametersPath = DocumentPath.child(path, "routeParameters")
    guard let members = routeParameters.members else {
      report(
        .Routes.wrongType, routeParameters, parametersPath,
        "`routeParameters` is \(routeParameters.typeDescription); write an object of name → {required, regex}"
      )
      return ([], false)
    }
    var parameters: [RouteParameter] = []
    for member in members {
      let parameterPath = DocumentPath.child(parametersPath, member.key)
      guard let entries = member.value.members else {
        report(
          .Routes.parameterNotObject, member.value, parameterPath,
          "parameter `\(member.key)` is \(member.value.typeDescription), not an object")
        continue
      }
      checkKeys(entries, known: Self.parameterKeys, path: parameterPath, what: "a parameter")
      var parameter = RouteParameter(name: member.key)
      if let required = member.value["required"] {
        switch required.kind {
        case .bool(let flag): parameter.required = .boolean(flag)
        case .string(let text): parameter.required = .string(text)
        default: parameter.required = .other
        }
      }
      if let regex = member.value["regex"] {
        let regexPath = DocumentPath.child(parameterPath, "regex")
        if let pattern = regex.string {
          parameter.regex = ParameterRegex(pattern)
        } else {
          report(
            .Routes.wrongType, regex, regexPath,
            "`regex` is \(regex.typeDescription); write the pattern as a string")
        }
      }
      parameters.append(parameter)
    }
    return (parameters, true)
  }

  private mutating func parseStoryboard(_ value: JSONValue, path: String) -> Storyboard? {
    if let name = value.string { return .name(name) }
    guard let members = value.members else {
      report(
        .Routes.wrongType, value, path,
        "`storyboard` is \(value.typeDescription); write a name or {\"iPhone\": …, \"iPad\": …}")
      return nil
    }
    checkKeys(members, known: Self.storyboardKeys, path: path, what: "a storyboard")
    let iPhone = string(value["iPhone"], path: DocumentPath.child(path, "iPhone"))
    let iPad = string(value["iPad"], path: DocumentPath.child(path, "iPad"))
    if iPhone == nil {
      report(
        .Routes.storyboardWithoutIPhone, value, path,
        iPad == nil
          ? "the storyboard names no device's storyboard"
          : "the storyboard names an iPad storyboard only: an iPhone has none")
    }
    return .devices(iPhone: iPhone, iPad: iPad)
  }

  private mutating func string(_ value: JSONValue?, path: String) -> String? {
    guard let value else { return nil }
    if let text = value.string { return text }
    report(.Routes.wrongType, value, path, "`\(path)` is \(value.typeDescription), not a string")
    return nil
  }

  private mutating func checkKeys(
    _ members: [JSONValue.Member], known: [String], path: String, what: String
  ) {
    for member in members where !known.contains(member.key) {
      let suggestion = Suggestion.withinTwoEdits(of: member.key, among: known)
      let message =
        "`\(member.key)` is not a key of \(what)"
        + (suggestion.map { " (did you mean `\($0)`?)" } ?? "")
      let help =
        suggestion.map { "rename it to `\($0)`" }
        ?? "neither library reads it; the keys of \(what) are " + known.joined(separator: ", ")
      report(
        .Routes.unknownKey, at: member.keyLocation, DocumentPath.child(path, member.key), message,
        help: help)
    }
  }
}
