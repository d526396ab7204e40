import AASACore

// The findings about MobileDeepLinking route configs, `MDL` + three digits, documented in
// docs/routes.md. The hundreds group them: 0xx the file's shape, 1xx route keys, 2xx parameters
// and regexes, 3xx routes against each other, 4xx what a route leads to. Append new codes; never
// renumber or reuse one.
extension DiagnosticCode {
  /// The route-config codes.
  public enum Routes {
    // MARK: The file (MDL0xx)

    public static let configNotObject = DiagnosticCode(
      "MDL001", .error, "not a route config object",
      help: "the file must be a JSON object with `routes` and `defaultRoute`")
    public static let wrongType = DiagnosticCode(
      "MDL002", .error, "wrong type",
      help: "write the value with the type the libraries read (see docs/routes.md)")
    public static let unknownKey = DiagnosticCode(
      "MDL003", .warning, "unknown key",
      help: "neither library reads this key: fix its spelling or remove it")
    public static let noDefaultRoute = DiagnosticCode(
      "MDL004", .warning, "no defaultRoute",
      help:
        "add a `defaultRoute`: without it, a link no route matches just opens the app's launch screen"
    )
    public static let noRoutes = DiagnosticCode(
      "MDL005", .warning, "no routes",
      help: "add routes: every link goes to the defaultRoute")
    public static let loggingAsString = DiagnosticCode(
      "MDL006", .info, "logging written as a string",
      help:
        "write `\"logging\": true` or `false`: iOS reads a string with `boolValue`, so `\"no\"` is off but `\"yes\"` and `\"1\"` are on"
    )
    public static let loggingChangesRouting = DiagnosticCode(
      "MDL007", .warning, "logging changes iOS routing",
      help:
        "turn logging off in release builds: on iOS, with logging on, a regex or required failure stops trying the other routes of that length"
    )

    // MARK: Route keys (MDL1xx)

    public static let keyLeadingSlash = DiagnosticCode(
      "MDL101", .error, "route key starts with /",
      help: "remove the leading `/`: the key keeps an empty first segment and never matches")
    public static let keyEmptySegment = DiagnosticCode(
      "MDL102", .error, "empty segment in route key",
      help:
        "remove the doubled `/`: a link's empty segments are dropped, so an empty key segment never matches"
    )
    public static let keyTrailingSlash = DiagnosticCode(
      "MDL103", .warning, "route key ends with /",
      help:
        "remove the trailing `/`: iOS keeps the empty segment and never matches; Android drops it"
    )
    public static let keyRepeatedParameter = DiagnosticCode(
      "MDL104", .error, "parameter captured twice",
      help:
        "give each `:name` in a key its own name: the later segment's value replaces the earlier")
    public static let keyEmptyParameterName = DiagnosticCode(
      "MDL105", .warning, "parameter without a name",
      help: "name the parameter (`:id`): a bare `:` captures the segment under the empty name")
    public static let keyDuplicated = DiagnosticCode(
      "MDL107", .warning, "route key written twice",
      help:
        "merge the two entries: the later one replaces the earlier, which keeps its place in the order"
    )
    public static let keyEmpty = DiagnosticCode(
      "MDL106", .error, "empty route key",
      help:
        "an empty key has one empty segment and never matches; route the bare link with `defaultRoute`"
    )

    // MARK: Parameters and regexes (MDL2xx)

    public static let regexInvalid = DiagnosticCode(
      "MDL201", .error, "regex does not compile",
      help: "fix the pattern: the route fails on every value of this parameter")
    public static let regexPlatformDependent = DiagnosticCode(
      "MDL202", .warning, "regex means different things on iOS and Android",
      help:
        "write it as `^…$`: iOS accepts a value holding exactly one match, Android only a whole-value match"
    )
    public static let regexCatastrophic = DiagnosticCode(
      "MDL203", .warning, "regex can backtrack catastrophically",
      help:
        "remove the nested quantifier (`(a+)+`, `(a*)*`, `(a|a)*`): a long value can hang the app"
    )
    public static let requiredAsBoolean = DiagnosticCode(
      "MDL204", .warning, "required written as a boolean",
      help:
        "write `\"required\": \"true\"`: iOS counts only the string, so a JSON `true` is not required there"
    )
    public static let requiredUnreadable = DiagnosticCode(
      "MDL205", .warning, "required value read differently",
      help: "write `\"required\": \"true\"` or `\"false\"`")
    public static let requiredOnPathParameter = DiagnosticCode(
      "MDL206", .info, "required on a path parameter",
      help: "remove it: a path parameter always has a value when its route matches")
    public static let parameterNotObject = DiagnosticCode(
      "MDL208", .error, "route parameter is not an object",
      help: "write `{\"required\": \"true\", \"regex\": \"…\"}`")

    // MARK: Routes against each other (MDL3xx)

    public static let routesOverlap = DiagnosticCode(
      "MDL301", .warning, "two routes can match the same link",
      help:
        "make the keys or regexes disjoint: iOS tries routes in dictionary order, so either may win"
    )
    public static let shadowed = DiagnosticCode(
      "MDL302", .warning, "route shadowed by an earlier one",
      help:
        "move it before the route that shadows it, or make their keys disjoint: Android never reaches it"
    )
    public static let overlapCheckBounded = DiagnosticCode(
      "MDL303", .info, "overlap not checked in full",
      help: "the config has too many routes sharing a shape for every pair to be compared")

    // MARK: What a route leads to (MDL4xx)

    public static let leadsNowhere = DiagnosticCode(
      "MDL401", .error, "route leads nowhere",
      help: "give it a `class`, a storyboard `identifier`, or `handlers`")
    public static let androidClassNotQualified = DiagnosticCode(
      "MDL402", .warning, "Android class not fully qualified",
      help: "write the Activity's full name, e.g. `com.example.app.ProductActivity`")
    public static let identifierFromClassRule = DiagnosticCode(
      "MDL403", .info, "identifier left to the seed's lower-case rule",
      help: "write the `identifier`: the library's last version does not derive it from the class")
    public static let storyboardWithoutIPhone = DiagnosticCode(
      "MDL404", .warning, "storyboard without iPhone",
      help: "add `\"iPhone\"`: an iPad falls back to it, and an iPhone has nothing else")
    public static let emptyHandlerName = DiagnosticCode(
      "MDL405", .warning, "empty handler name",
      help: "remove it or name the registered handler")
    public static let androidIgnoresTarget = DiagnosticCode(
      "MDL406", .info, "Android shows nothing for this route",
      help:
        "add the Activity's `class`: Android needs one to show anything (storyboards are iOS only)")
  }

  /// Every route-config code, in number order: the catalogue docs/routes.md documents.
  public static let routeCatalog: [DiagnosticCode] = [
    Routes.configNotObject, Routes.wrongType, Routes.unknownKey, Routes.noDefaultRoute,
    Routes.noRoutes,
    Routes.loggingAsString, Routes.loggingChangesRouting,
    Routes.keyLeadingSlash, Routes.keyEmptySegment, Routes.keyTrailingSlash,
    Routes.keyRepeatedParameter,
    Routes.keyEmptyParameterName, Routes.keyEmpty, Routes.keyDuplicated,
    Routes.regexInvalid, Routes.regexPlatformDependent, Routes.regexCatastrophic,
    Routes.requiredAsBoolean,
    Routes.requiredUnreadable, Routes.requiredOnPathParameter, Routes.parameterNotObject,
    Routes.routesOverlap, Routes.shadowed, Routes.overlapCheckBounded,
    Routes.leadsNowhere, Routes.androidClassNotQualified, Routes.identifierFromClassRule,
    Routes.storyboardWithoutIPhone, Routes.emptyHandlerName, Routes.androidIgnoresTarget,
  ]
}
