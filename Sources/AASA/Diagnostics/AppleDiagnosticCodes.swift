// The catalog of apple-app-site-association findings. Append new codes; never renumber or reuse.

import AASACore

extension DiagnosticCode {
  /// The apple-app-site-association codes.
  public enum Apple {
    // MARK: Structure (AASA1xx)

    public static let notAnObject = DiagnosticCode(
      "AASA100", .error, "top level is not an object",
      help: "the file must be a JSON object such as {\"applinks\": {...}}")
    public static let noService = DiagnosticCode(
      "AASA101", .error, "no service",
      help: "add an \"applinks\", \"webcredentials\", \"appclips\" or \"activitycontinuation\" key")
    public static let unknownKey = DiagnosticCode(
      "AASA102", .warning, "unknown key", help: "remove the key, or fix its spelling")
    public static let wrongType = DiagnosticCode(
      "AASA103", .error, "wrong type", help: "use the type the key expects")
    public static let legacyAppsNotEmpty = DiagnosticCode(
      "AASA104", .error, "legacy \"apps\" not empty",
      help: "set \"apps\" to [] or remove it: app IDs belong in \"details\"")
    public static let emptyDetails = DiagnosticCode(
      "AASA105", .warning, "no details", help: "add an entry with \"appIDs\" and \"components\"")
    public static let dictionaryDetails = DiagnosticCode(
      "AASA106", .info, "dictionary-shaped details",
      help: "Apple still accepts it; the array form with \"appIDs\" is current")
    public static let noApplinksDetails = DiagnosticCode(
      "AASA107", .error, "applinks without details",
      help: "add \"details\": [{\"appIDs\": [...], \"components\": [...]}]")

    // MARK: App IDs (AASA2xx)

    public static let missingAppID = DiagnosticCode(
      "AASA200", .error, "no app ID",
      help: "add \"appIDs\": [\"TEAMID.bundle.id\"]: without one the entry applies to no app")
    public static let appIDAndAppIDs = DiagnosticCode(
      "AASA201", .warning, "\"appID\" not among \"appIDs\"",
      help:
        "iOS 13 and later use \"appIDs\", iOS 12 and earlier \"appID\": list the same app in both, or drop \"appID\" if you do not support iOS 12"
    )
    public static let malformedAppID = DiagnosticCode(
      "AASA202", .error, "malformed app ID",
      help:
        "write it as <Team ID>.<bundle ID>, the Team ID being the 10 characters in your Apple Developer account (Membership)"
    )
    public static let placeholderAppID = DiagnosticCode(
      "AASA203", .error, "placeholder app ID",
      help: "put your real Team ID (Apple Developer account, Membership) in front of the bundle ID")
    public static let unusualAppIDPrefix = DiagnosticCode(
      "AASA204", .error, "app ID prefix is not a Team ID",
      help:
        "a signed app's ID starts with its 10-character Team ID (A-Z, 0-9): copy it from your Apple Developer account (Membership) or the provisioning profile"
    )
    public static let numericAppID = DiagnosticCode(
      "AASA205", .error, "App Store ID used as app ID",
      help: "use <Team ID>.<bundle ID>, not the App Store's numeric ID")
    public static let duplicateAppID = DiagnosticCode(
      "AASA206", .warning, "duplicate app ID",
      help: "merge the entries: only the first entry's rules can decide for this app")
    public static let emptyAppIDs = DiagnosticCode(
      "AASA207", .error, "empty \"appIDs\"", help: "list at least one app ID")
    public static let lowercaseTeamID = DiagnosticCode(
      "AASA208", .error, "lowercase Team ID",
      help: "Team IDs are upper case: app IDs are compared exactly")
    public static let appNotInFile = DiagnosticCode(
      "AASA209", .warning, "app not in the file",
      help: "check the app ID: Team ID, a period, then the bundle ID, exactly as the file lists it")

    // MARK: Paths and components (AASA3xx)

    public static let pathsAndComponents = DiagnosticCode(
      "AASA300", .warning, "\"paths\" and \"components\" route differently",
      help:
        "iOS 13 and later use \"components\" and ignore \"paths\", which only iOS 12 and earlier read: make both route alike, or drop \"paths\" if you do not support iOS 12"
    )
    public static let noRules = DiagnosticCode(
      "AASA301", .warning, "no rules",
      help: "add \"components\" (or legacy \"paths\"): this app matches no URL")
    public static let questionMarkInLegacyPath = DiagnosticCode(
      "AASA302", .warning, "\"?\" in a legacy path",
      help: "in \"paths\" `?` is a one-character wildcard, not a query: use a component with \"?\"")
    public static let fragmentInLegacyPath = DiagnosticCode(
      "AASA303", .error, "\"#\" in a legacy path",
      help: "paths never contain the fragment, so this can never match: use a component with \"#\"")
    public static let fullURLAsPath = DiagnosticCode(
      "AASA304", .error, "full URL used as a path",
      help: "write only the path, e.g. \"/products/*\": the domain comes from the entitlement")
    public static let unknownComponentKey = DiagnosticCode(
      "AASA305", .warning, "unknown component key",
      help: "Apple ignores unknown keys: fix the spelling")
    public static let nonStringQueryValue = DiagnosticCode(
      "AASA306", .error, "non-string query value",
      help: "quote the value: Apple drops the whole query constraint when any value is not a string"
    )
    public static let catchAllRule = DiagnosticCode(
      "AASA307", .info, "catch-all rule",
      help: "this rule matches every URL of the site; make sure that is intended")
    public static let unreachableRule = DiagnosticCode(
      "AASA308", .warning, "unreachable rule",
      help: "an earlier rule always matches first: remove this one or move it up")
    public static let leadingQuestionMarkInQuery = DiagnosticCode(
      "AASA309", .warning, "query pattern starts with \"?\"",
      help: "the `?` is a wildcard for one character here: drop it, the query is matched without it"
    )
    public static let leadingHashInFragment = DiagnosticCode(
      "AASA310", .warning, "fragment pattern starts with \"#\"",
      help: "the fragment is matched without its `#`: drop it")
    public static let queryInPathPattern = DiagnosticCode(
      "AASA311", .warning, "query in a path pattern",
      help: "a `?` in \"/\" is a wildcard: put the query into the component's \"?\" key")
    public static let danglingEscape = DiagnosticCode(
      "AASA312", .error, "dangling escape",
      help: "a trailing `\\` escapes nothing: remove or double it")
    public static let malformedNot = DiagnosticCode(
      "AASA313", .warning, "malformed NOT",
      help: "write exactly \"NOT \" (upper case, one space) before the path")
    public static let emptyPattern = DiagnosticCode(
      "AASA314", .warning, "empty pattern",
      help: "an empty pattern matches only an empty part: use \"*\" to match anything")
    public static let nonASCIIWithPercentEncoding = DiagnosticCode(
      "AASA315", .warning, "non-ASCII pattern compared encoded",
      help:
        "URLs are compared percent-encoded: add \"percentEncoded\": false, or encode the pattern")
    public static let onlyExclusions = DiagnosticCode(
      "AASA316", .warning, "only exclusions",
      help: "every rule excludes: this app can never match; add a rule that includes")
    public static let componentNotObject = DiagnosticCode(
      "AASA317", .error, "component is not an object",
      help: "write each component as an object such as {\"/\": \"/path/*\"}")
    public static let lowercaseHexInEncodedPattern = DiagnosticCode(
      "AASA318", .info, "lowercase percent-escape",
      help: "escapes are compared as written and browsers send upper-case hex: write %2F, not %2f")
    public static let patternTooComplex = DiagnosticCode(
      "AASA319", .error, "pattern too complex",
      help: "use each multi-value variable a few times at most, or split the rule into several")

    // MARK: Substitution variables (AASA4xx)

    public static let undefinedVariable = DiagnosticCode(
      "AASA400", .error, "undefined variable",
      help:
        "define it in \"substitutionVariables\" or use a built-in: alpha upper lower alnum digit xdigit region lang"
    )
    public static let unterminatedVariable = DiagnosticCode(
      "AASA401", .error, "unterminated variable", help: "close it with `)`, as in $(name)")
    public static let nestedVariable = DiagnosticCode(
      "AASA402", .error, "variable inside a variable's value",
      help: "values cannot use other variables: Apple drops such a value; spell it out")
    public static let invalidVariableName = DiagnosticCode(
      "AASA403", .error, "invalid variable name", help: "names cannot contain `$`, `(` or `)`")
    public static let shadowedBuiltinVariable = DiagnosticCode(
      "AASA404", .info, "variable shadows a built-in",
      help: "your definition replaces the built-in one in this file")
    public static let unusedVariable = DiagnosticCode(
      "AASA405", .info, "unused variable", help: "remove it, or use it as $(name) in a pattern")
    public static let emptyVariable = DiagnosticCode(
      "AASA406", .warning, "variable with no values",
      help: "a variable with no values matches nothing: add values")

    // MARK: Other services (AASA5xx)

    public static let serviceAppsMissing = DiagnosticCode(
      "AASA500", .error, "service without apps",
      help: "add \"apps\": [\"TEAMID.bundle.id\"]")
    public static let emptyServiceApps = DiagnosticCode(
      "AASA501", .warning, "service lists no apps", help: "list the app IDs, or remove the service")
  }

  /// The codes about what a command asked rather than the file alone, such as `--app` naming an
  /// app the file does not list.
  public static let aboutQueries: [DiagnosticCode] = [Apple.appNotInFile]

  /// Every apple-app-site-association code, in number order (the JSON reader's are in
  /// ``jsonCatalog``).
  public static let appleCatalog: [DiagnosticCode] =
    ([
      Apple.notAnObject, Apple.noService, Apple.unknownKey, Apple.wrongType,
      Apple.legacyAppsNotEmpty, Apple.emptyDetails,
      Apple.dictionaryDetails, Apple.noApplinksDetails,
      Apple.missingAppID, Apple.appIDAndAppIDs, Apple.malformedAppID, Apple.placeholderAppID,
      Apple.unusualAppIDPrefix,
      Apple.numericAppID, Apple.duplicateAppID, Apple.emptyAppIDs, Apple.lowercaseTeamID,
      Apple.appNotInFile,
      Apple.pathsAndComponents, Apple.noRules, Apple.questionMarkInLegacyPath,
      Apple.fragmentInLegacyPath, Apple.fullURLAsPath,
      Apple.unknownComponentKey, Apple.nonStringQueryValue, Apple.catchAllRule,
      Apple.unreachableRule,
      Apple.leadingQuestionMarkInQuery, Apple.leadingHashInFragment, Apple.queryInPathPattern,
      Apple.danglingEscape,
      Apple.malformedNot, Apple.emptyPattern, Apple.nonASCIIWithPercentEncoding,
      Apple.onlyExclusions, Apple.componentNotObject,
      Apple.lowercaseHexInEncodedPattern, Apple.patternTooComplex,
      Apple.undefinedVariable, Apple.unterminatedVariable, Apple.nestedVariable,
      Apple.invalidVariableName,
      Apple.shadowedBuiltinVariable, Apple.unusedVariable, Apple.emptyVariable,
      Apple.serviceAppsMissing, Apple.emptyServiceApps,
    ]).sorted { $0.rawValue < $1.rawValue }
}
