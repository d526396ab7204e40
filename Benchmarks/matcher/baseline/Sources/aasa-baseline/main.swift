// aasa-baseline FILE URLS
//
// The straightforward way to route URLs with an apple-app-site-association file, for the matcher
// benchmark to compare `aasa-lint` with: the file is read with JSONSerialization, every pattern is
// translated once into an NSRegularExpression, and for each URL every app's rules are tried in
// order until one matches. The semantics are those of `aasa-behaviour.md` (normalization, legacy
// `NOT`, components with `/`, `?` as a string or a dictionary, `#`, `exclude`, `caseSensitive`,
// `percentEncoded`, substitution variables as regex alternations, `defaults`, first match
// decides, apps in file order). Prints what `aasa-lint FILE --urls URLS --format tsv` prints:
// `input<TAB>first matching app or -<TAB>match|blocked|none`.
//
// Honest, not deliberately slow: regexes are compiled once, each URL part is prepared once per
// URL, output is buffered. It has no index: every rule before the deciding one is tried.

import Foundation

// MARK: - Patterns to regular expressions

/// Path normalization (§3) on a string: an empty path is `/`; one-character strings stay; a
/// leading `/` unless it starts with `*`; runs of `/` collapse; a trailing `/` unless it ends
/// with `*`.
func normalizePath(_ text: String) -> String {
  if text.isEmpty { return "/" }
  if text.unicodeScalars.count == 1 { return text }
  var result = text
  if !result.hasPrefix("/") && !result.hasPrefix("*") { result = "/" + result }
  while result.contains("//") { result = result.replacingOccurrences(of: "//", with: "/") }
  if !result.hasSuffix("/") && !result.hasSuffix("*") { result += "/" }
  return result
}

/// Translates the wildcard language (`*`, `?`, `\`) of a pattern, or of a variable value, to a
/// regular expression; `$(name)` becomes an alternation of the variable's values when
/// `variables` is given.
func translate(_ pattern: String, variables: Variables?) -> String {
  var regex = ""
  let scalars = Array(pattern.unicodeScalars)
  var index = 0
  func literal(_ scalar: Unicode.Scalar) {
    regex += NSRegularExpression.escapedPattern(for: String(Character(scalar)))
  }
  while index < scalars.count {
    let scalar = scalars[index]
    switch scalar {
    case "\\":
      if index + 1 < scalars.count {
        literal(scalars[index + 1])
        index += 2
      } else {
        literal(scalar)
        index += 1
      }
    case "*":
      regex += ".*"
      index += 1
    case "?":
      regex += "."
      index += 1
    case "$" where variables != nil && index + 1 < scalars.count && scalars[index + 1] == "(":
      guard let close = scalars[(index + 2)...].firstIndex(of: ")") else {
        literal(scalar)
        index += 1
        continue
      }
      var name = ""
      name.unicodeScalars.append(contentsOf: scalars[(index + 2)..<close])
      regex += variables!.regex(for: name)
      index = close + 1
    default:
      literal(scalar)
      index += 1
    }
  }
  return regex
}

/// The file's `substitutionVariables` and the eight built-ins, as regular expressions.
struct Variables {
  var custom: [String: [String]]

  func regex(for name: String) -> String {
    let never = "(?!)"
    if name.isEmpty || name.contains("$") || name.contains("(") { return never }
    if let values = custom[name] {
      let alternatives = values.filter { !$0.contains("$(") }.map {
        translate($0, variables: nil)
      }
      return alternatives.isEmpty ? never : "(?:" + alternatives.joined(separator: "|") + ")"
    }
    switch name {
    case "alpha": return "[A-Za-z]"
    case "upper": return "[A-Z]"
    case "lower": return "[a-z]"
    case "alnum": return "[A-Za-z0-9]"
    case "digit": return "[0-9]"
    case "xdigit": return "[0-9A-Fa-f]"
    case "region":
      let codes = ISORegionCodes.alpha2
      return "(?:" + (codes + codes.map { $0.lowercased() }).joined(separator: "|") + ")"
    case "lang":
      let codes = ISOLanguageCodes.twoLetter + ISOLanguageCodes.threeLetter
      return "(?:" + (codes + codes.map { $0.uppercased() }).joined(separator: "|") + ")"
    default: return never
    }
  }
}

func compile(_ pattern: String, isPath: Bool, caseSensitive: Bool, variables: Variables)
  -> NSRegularExpression
{
  let source = isPath ? normalizePath(pattern) : pattern
  var options: NSRegularExpression.Options = [.dotMatchesLineSeparators]
  if !caseSensitive { options.insert(.caseInsensitive) }
  let regex = "^" + translate(source, variables: variables) + "$"
  return try! NSRegularExpression(pattern: regex, options: options)
}

func matches(_ regex: NSRegularExpression, _ text: String) -> Bool {
  regex.firstMatch(in: text, options: [], range: NSRange(location: 0, length: text.utf16.count))
    != nil
}

// MARK: - The file

enum QueryConstraint {
  case any
  case whole(NSRegularExpression)
  case items([(name: String, value: NSRegularExpression)])
}

struct Rule {
  var path: NSRegularExpression
  var query: QueryConstraint
  var fragment: NSRegularExpression
  var exclude: Bool
  var percentEncoded: Bool
}

struct Entry {
  var apps: [String]
  var rules: [Rule]
}

/// Component keys, layered: component over app `defaults` over domain `defaults` over built-ins.
func merged(_ top: [String: Any], over bottom: [String: Any]) -> [String: Any] {
  top.merging(bottom) { mine, _ in mine }
}

nonisolated(unsafe) let builtInSettings: [String: Any] = [
  "/": "*", "?": "*", "#": "*", "exclude": false, "caseSensitive": true, "percentEncoded": true,
]

func makeRule(_ settings: [String: Any], variables: Variables) -> Rule {
  let caseSensitive = settings["caseSensitive"] as? Bool ?? true
  let query: QueryConstraint
  if let whole = settings["?"] as? String {
    query = .whole(
      compile(whole, isPath: false, caseSensitive: caseSensitive, variables: variables))
  } else if let items = settings["?"] as? [String: Any] {
    if items.values.allSatisfy({ $0 is String }) {
      query = .items(
        items.sorted { $0.key < $1.key }.map {
          (
            $0.key,
            compile(
              $0.value as! String, isPath: false, caseSensitive: caseSensitive, variables: variables
            )
          )
        })
    } else {
      query = .any  // A non-string value: Apple drops the whole query constraint.
    }
  } else {
    query = .any
  }
  return Rule(
    path: compile(
      settings["/"] as? String ?? "*", isPath: true, caseSensitive: caseSensitive,
      variables: variables),
    query: query,
    fragment: compile(
      settings["#"] as? String ?? "*", isPath: false, caseSensitive: caseSensitive,
      variables: variables),
    exclude: settings["exclude"] as? Bool ?? false,
    percentEncoded: settings["percentEncoded"] as? Bool ?? true)
}

func loadEntries(_ path: String) -> [Entry] {
  let data = FileManager.default.contents(atPath: path) ?? Data()
  let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
  let appLinks = root["applinks"] as? [String: Any] ?? [:]
  var custom: [String: [String]] = [:]
  for (name, value) in appLinks["substitutionVariables"] as? [String: Any] ?? [:] {
    if let values = value as? [Any] {
      custom[name] = values.compactMap { $0 as? String }
    } else if let value = value as? String {
      custom[name] = [value]
    }
  }
  let variables = Variables(custom: custom)
  let domainDefaults = merged(appLinks["defaults"] as? [String: Any] ?? [:], over: builtInSettings)

  var details: [(apps: [String], body: [String: Any])] = []
  if let list = appLinks["details"] as? [Any] {
    for case let detail as [String: Any] in list {
      var apps: [String] = []
      if let ids = detail["appIDs"] as? [Any] {
        apps = ids.compactMap { $0 as? String }
      } else if let id = detail["appID"] as? String {
        apps = [id]
      }
      details.append((apps, detail))
    }
  } else if let keyed = appLinks["details"] as? [String: Any] {
    // The old dictionary-shaped `details`, keyed by app ID (in file order would need a streaming
    // parser; JSONSerialization loses it, so such files are routed in key order).
    for (id, detail) in keyed.sorted(by: { $0.key < $1.key }) {
      details.append(([id], detail as? [String: Any] ?? [:]))
    }
  }

  return details.map { apps, detail in
    let inherited = merged(detail["defaults"] as? [String: Any] ?? [:], over: domainDefaults)
    var rules: [Rule] = []
    if let components = detail["components"] as? [Any] {
      for component in components {
        let settings = component as? [String: Any] ?? [:]
        rules.append(makeRule(merged(settings, over: inherited), variables: variables))
      }
    } else if let paths = detail["paths"] as? [Any] {
      for case let written as String in paths {
        var settings: [String: Any] = ["?": "*", "#": "*"]
        if written.hasPrefix("NOT ") {
          settings["/"] = String(written.dropFirst(4))
          settings["exclude"] = true
          settings["caseSensitive"] = true
        } else {
          settings["/"] = written
        }
        rules.append(makeRule(merged(settings, over: inherited), variables: variables))
      }
    }
    return Entry(apps: apps, rules: rules)
  }
}

// MARK: - URLs

/// A URL or bare path split like `aasa-lint` splits it: the fragment from the first `#`, the
/// query from the first `?` before it, and for `scheme://host/...` the path after the host.
struct URLParts {
  var path: String
  var query: String
  var fragment: String

  init(_ text: String) {
    var rest = Substring(text)
    fragment = ""
    query = ""
    if let hash = rest.firstIndex(of: "#") {
      fragment = String(rest[rest.index(after: hash)...])
      rest = rest[..<hash]
    }
    if let mark = rest.firstIndex(of: "?") {
      query = String(rest[rest.index(after: mark)...])
      rest = rest[..<mark]
    }
    if let scheme = rest.range(of: "://"), !rest[..<scheme.lowerBound].contains("/") {
      let afterScheme = rest[scheme.upperBound...]
      rest = afterScheme[(afterScheme.firstIndex(of: "/") ?? afterScheme.endIndex)...]
    }
    path = String(rest)
  }
}

func decoded(_ text: String) -> String {
  text.removingPercentEncoding ?? text
}

/// One URL's parts in the two forms rules read (as written, and percent-decoded), made once.
struct PreparedURL {
  let parts: URLParts
  private var paths: [Bool: String] = [:]
  private var queries: [Bool: String] = [:]
  private var fragments: [Bool: String] = [:]
  private var items: [Bool: [(name: String, value: String)]] = [:]

  init(_ text: String) { parts = URLParts(text) }

  mutating func path(percentEncoded: Bool) -> String {
    if let done = paths[percentEncoded] { return done }
    let text = normalizePath(percentEncoded ? parts.path : decoded(parts.path))
    paths[percentEncoded] = text
    return text
  }

  mutating func query(percentEncoded: Bool) -> String {
    if let done = queries[percentEncoded] { return done }
    let text = (percentEncoded ? parts.query : decoded(parts.query))
    queries[percentEncoded] = text
    return text
  }

  mutating func fragment(percentEncoded: Bool) -> String {
    if let done = fragments[percentEncoded] { return done }
    let text = (percentEncoded ? parts.fragment : decoded(parts.fragment))
    fragments[percentEncoded] = text
    return text
  }

  /// Query items: split at `&`, then at the first `=`; an item without `=` has the value `""`.
  mutating func queryItems(percentEncoded: Bool) -> [(name: String, value: String)] {
    if let done = items[percentEncoded] { return done }
    var result: [(name: String, value: String)] = []
    if !parts.query.isEmpty {
      for item in parts.query.split(separator: "&", omittingEmptySubsequences: false) {
        let pieces = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        var name = String(pieces[0])
        var value = pieces.count > 1 ? String(pieces[1]) : ""
        if !percentEncoded {
          name = decoded(name)
          value = decoded(value)
        }
        result.append((name, value))
      }
    }
    items[percentEncoded] = result
    return result
  }
}

func ruleMatches(_ rule: Rule, _ url: inout PreparedURL) -> Bool {
  let encoded = rule.percentEncoded
  guard matches(rule.path, url.path(percentEncoded: encoded)) else { return false }
  guard matches(rule.fragment, url.fragment(percentEncoded: encoded)) else { return false }
  switch rule.query {
  case .any:
    return true
  case .whole(let regex):
    return matches(regex, url.query(percentEncoded: encoded))
  case .items(let patterns):
    let items = url.queryItems(percentEncoded: encoded)
    for pattern in patterns {
      let values = items.filter { $0.name == pattern.name }.map(\.value)
      // A missing item counts as "", and every occurrence of a repeated name must match.
      for value in values.isEmpty ? [""] : values where !matches(pattern.value, value) {
        return false
      }
    }
    return true
  }
}

// MARK: - Main

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
  FileHandle.standardError.write("usage: aasa-baseline FILE URLS\n".data(using: .utf8)!)
  exit(2)
}
route(entries: loadEntries(arguments[1]), urlFile: arguments[2])

func route(entries: [Entry], urlFile: String) {
  let urlText = (try? String(contentsOfFile: urlFile, encoding: .utf8)) ?? ""
  var output = ""
  output.reserveCapacity(1 << 17)
  func flush() {
    FileHandle.standardOutput.write(output.data(using: .utf8)!)
    output.removeAll(keepingCapacity: true)
  }
  for line in urlText.split(separator: "\n", omittingEmptySubsequences: true) {
    var input = String(line)
    if input.hasSuffix("\r") { input.removeLast() }
    if input.isEmpty { continue }
    var url = PreparedURL(input)
    var app: String?
    var blocked = false
    for entry in entries where !entry.apps.isEmpty {
      guard let rule = entry.rules.first(where: { ruleMatches($0, &url) }) else { continue }
      if rule.exclude {
        blocked = true
      } else {
        app = entry.apps[0]
        break
      }
    }
    output += input + "\t" + (app ?? "-") + "\t"
    output += app != nil ? "match\n" : blocked ? "blocked\n" : "none\n"
    if output.utf8.count > 1 << 16 { flush() }
  }
  flush()
}
