// The codes of Android 15's dynamic rules (`dynamic_app_link_components`), DAL001–DAL036, in the
// assetlinks.json catalog. Append new codes; never renumber or reuse.
//
// The severities follow Android, not Google's list rule: a malformed rule makes Android discard
// every dynamic rule of its statement (the manifest alone decides again), but the statement, and
// so the grant, stays valid. These errors therefore never make a statement invalid (no ASL026).

import AASACore

extension DiagnosticCode.AssetLinks {
  private static let discards =
    "Android discards every dynamic rule of the statement when one field is malformed or empty"

  // MARK: Malformed: every rule of the statement discarded (DAL001–DAL012)

  public static let extensionsNotAnObject = DiagnosticCode(
    "DAL001", .error, "relation_extensions is not an object",
    help: "write {\"delegate_permission/common.handle_all_urls\": {...}}: \(discards)")
  public static let handleAllURLsExtensionNotAnObject = DiagnosticCode(
    "DAL002", .error, "handle_all_urls extension is not an object",
    help: "write {\"dynamic_app_link_components\": [...]}: \(discards)")
  public static let componentsNotAnArray = DiagnosticCode(
    "DAL003", .error, "dynamic_app_link_components is not an array",
    help: "write an array of component objects: \(discards)")
  public static let componentsEmpty = DiagnosticCode(
    "DAL004", .error, "dynamic_app_link_components is empty",
    help: "add components, or remove the key: \(discards)")
  public static let componentNotAnObject = DiagnosticCode(
    "DAL005", .error, "component is not an object",
    help: "write each component as {\"/\": \"/path/*\"}; Apple's \"paths\" strings are not read")
  public static let partNotAString = DiagnosticCode(
    "DAL006", .error, "path or fragment is not a string",
    help: "write \"/\" and \"#\" as strings: \(discards)")
  public static let partEmpty = DiagnosticCode(
    "DAL007", .error, "empty path or fragment pattern",
    help: "remove the key (an absent part is unconstrained) or write \"*\": \(discards)")
  public static let queryNotAnObject = DiagnosticCode(
    "DAL008", .error, "query is not an object",
    help: "write \"?\" as {\"name\": \"pattern\"}; Apple's string form is malformed for Android")
  public static let queryEmpty = DiagnosticCode(
    "DAL009", .error, "empty query object",
    help: "remove \"?\" or name a parameter: \(discards)")
  public static let queryValueNotAString = DiagnosticCode(
    "DAL010", .error, "query value is not a string",
    help: "write each query value as a pattern string: \(discards)")
  public static let queryEntryEmpty = DiagnosticCode(
    "DAL011", .error, "empty query name or value",
    help: "name the parameter and give a pattern (\"*\" for any value): \(discards)")
  public static let excludeNotABoolean = DiagnosticCode(
    "DAL012", .error, "exclude is not a boolean",
    help: "write \"exclude\": true (a JSON boolean, not a string): \(discards)")

  // MARK: Accepted but probably not meant (DAL020–DAL028)

  public static let componentWithoutMatcher = DiagnosticCode(
    "DAL020", .warning, "component with no matcher",
    help: "add \"/\", \"?\" or \"#\": a component constraining nothing never matches")
  public static let unknownComponentKey = DiagnosticCode(
    "DAL021", .warning, "unknown component key",
    help: "remove it: Android reads \"/\", \"?\", \"#\", \"exclude\" and \"comments\"")
  public static let commentsNotAString = DiagnosticCode(
    "DAL022", .warning, "comments is not a string", help: "write \"comments\" as a string")
  public static let extensionForOtherRelation = DiagnosticCode(
    "DAL023", .warning, "extension for another relation",
    help: "Android reads only the delegate_permission/common.handle_all_urls extension")
  public static let rulesWithoutGrant = DiagnosticCode(
    "DAL024", .warning, "dynamic rules on a statement without handle_all_urls",
    help: "add delegate_permission/common.handle_all_urls to the statement's relations")
  public static let secondRuleSet = DiagnosticCode(
    "DAL025", .warning, "second set of dynamic rules for the app",
    help: "keep one dynamic_app_link_components per app: with two, Android may use either")
  public static let rulesOnNonAppTarget = DiagnosticCode(
    "DAL026", .warning, "dynamic rules outside an android_app statement",
    help: "put relation_extensions on the android_app statement that grants handle_all_urls")
  public static let unreachableComponent = DiagnosticCode(
    "DAL027", .info, "unreachable component",
    help: "move it before the catch-all, or remove it: the first matching component decides")
  public static let shadowedComponent = DiagnosticCode(
    "DAL028", .warning, "component shadowed by an earlier one",
    help: "move it before the earlier component, or remove it: the first matching component decides"
  )

  // MARK: Patterns that do not do what they seem to (DAL030–DAL036)

  public static let literalAfterStar = DiagnosticCode(
    "DAL030", .warning, "`**` or `*?` in a pattern",
    help:
      "Android searches the character after `*` literally: `**` needs a real `.*`, `*?` a real `.`; write a single `*`"
  )
  public static let dotInGlob = DiagnosticCode(
    "DAL031", .warning, "`.` in a glob matches any character",
    help: "in a pattern with wildcards, Android's `.` matches any one character, not only `.`")
  public static let backslashInPattern = DiagnosticCode(
    "DAL032", .warning, "backslash in a pattern",
    help: "Android's patterns have no escape: `\\` matches a backslash")
  public static let percentEscapeInPattern = DiagnosticCode(
    "DAL033", .warning, "percent escape in a pattern",
    help: "write the decoded character: Android matches decoded text, so `%20` matches only `%2520`"
  )
  public static let lazyStar = DiagnosticCode(
    "DAL034", .info, "`*` in the middle is lazy",
    help:
      "Android's `*` stops at the first occurrence of the next character and never backtracks: `/a/*/c` fails on /a/b/x/c"
  )
  public static let pathCannotStartWithSlash = DiagnosticCode(
    "DAL035", .warning, "path pattern cannot match",
    help: "start the path pattern with `/` (or `*`): Android paths always start with `/`")
  public static let wildcardInParameterName = DiagnosticCode(
    "DAL036", .warning, "wildcard in a query parameter name",
    help: "`*` and `?` in a parameter name act as wildcards over the whole `name=value` text")

  /// The dynamic-rule codes, in code order.
  static let dynamicRuleCodes: [DiagnosticCode] = [
    extensionsNotAnObject, handleAllURLsExtensionNotAnObject, componentsNotAnArray,
    componentsEmpty, componentNotAnObject, partNotAString, partEmpty, queryNotAnObject, queryEmpty,
    queryValueNotAString, queryEntryEmpty, excludeNotABoolean, componentWithoutMatcher,
    unknownComponentKey, commentsNotAString, extensionForOtherRelation, rulesWithoutGrant,
    secondRuleSet, rulesOnNonAppTarget, unreachableComponent, shadowedComponent, literalAfterStar,
    dotInGlob, backslashInPattern, percentEscapeInPattern, lazyStar, pathCannotStartWithSlash,
    wildcardInParameterName,
  ]
}
