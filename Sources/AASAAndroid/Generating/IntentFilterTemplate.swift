/// Writes the app side of App Links: the `<intent-filter android:autoVerify="true">` that
/// Android 12+ verifies for a host, with the paths given (or none, for a file whose dynamic
/// rules narrow the paths), checked by reading it back with ``ManifestRouter`` before it is
/// returned. See docs/assetlinks.md, "Generating the intent filter".
public enum IntentFilterTemplate {
  /// Why no filter is written.
  public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String
  }

  /// The filter for `host` (`shop.example.com` or `*.shop.example.com`) and `paths` written as
  /// the AASA and dynamic rules write them: `/about` (exact), `/products/*` (a prefix, written
  /// `android:pathPrefix`), `*` (every path), another pattern with `*` or `?` (written as
  /// `android:pathPattern`, whose `.*` is lazy: the filter is checked against an example URL of
  /// each pattern). No paths admits every path of the host.
  public static func intentFilter(host: String, paths: [String] = [], indent: String = "    ")
    throws(Problem) -> String
  {
    let lowered = host.lowercased()
    if let problem = ManifestAnalysis.hostProblem(lowered) {
      throw Problem(description: "the host \"\(host)\" \(problem)")
    }
    var lines: [String] = []
    var examples: [String] = []
    let exampleHost = lowered.hasPrefix("*.") ? "www" + lowered.dropFirst(1) : lowered
    var seen: Set<String> = []
    for path in paths where seen.insert(path).inserted {
      guard path == "*" || path.hasPrefix("/") else {
        throw Problem(
          description: "\(path) is not a path: write it from the first /, e.g. /albums/*")
      }
      if path == "*" || path == "/*" {
        lines.removeAll()
        examples = ["/"]
        break
      }
      let (attribute, value, example) = dataAttribute(for: path)
      lines.append("<data android:\(attribute)=\"\(xmlAttribute(value))\" />")
      examples.append(example)
    }
    let verified = lowered.hasPrefix("*.") ? String(lowered.dropFirst(2)) : lowered
    var text = [
      "<!-- App Links: Android 12+ verifies \(lowered) with https://\(verified)/.well-known/assetlinks.json -->",
      "<intent-filter android:autoVerify=\"true\">",
      indent + "<action android:name=\"android.intent.action.VIEW\" />",
      indent + "<category android:name=\"android.intent.category.DEFAULT\" />",
      indent + "<category android:name=\"android.intent.category.BROWSABLE\" />",
      indent + "<data android:scheme=\"https\" />",
      indent + "<data android:host=\"\(xmlAttribute(lowered))\" />",
    ]
    text += lines.map { indent + $0 }
    text.append("</intent-filter>")
    let filter = text.joined(separator: "\n")
    try check(filter, host: exampleHost, examples: examples.isEmpty ? ["/"] : examples)
    return filter
  }

  /// The filter for an assetlinks.json's dynamic rules of one app: scheme and host only, as
  /// Google advises, because dynamic rules only narrow the manifest: a path the filter did not
  /// admit would never open, whatever the rules say. The rules are listed in a comment.
  public static func intentFilter(host: String, rules: DynamicRules, indent: String = "    ")
    throws(Problem) -> String
  {
    let filter = try intentFilter(host: host, paths: [], indent: indent)
    let written = rules.components.prefix(50).map { "  \($0.written)" }
    let more = rules.components.count > 50 ? ["  … and \(rules.components.count - 50) more"] : []
    let comment =
      ["<!-- No paths: Android 15's dynamic rules in assetlinks.json decide them, in this order:"]
      + written.map { $0.replacingOccurrences(of: "--", with: "- -") } + more + ["-->"]
    return comment.joined(separator: "\n") + "\n" + filter
  }

  /// `/about` → `path`; `/products/*` → `pathPrefix` `/products/`; anything else with `*` or `?`
  /// → `pathPattern` (`*` → `.*`, `?` → `.`, `.` → `\.`), with an example path it matches.
  static func dataAttribute(for path: String) -> (attribute: String, value: String, example: String)
  {
    let stars = path.filter { $0 == "*" }.count
    let questions = path.filter { $0 == "?" }.count
    if stars == 0 && questions == 0 { return ("path", path, path) }
    if stars == 1, questions == 0, path.hasSuffix("*") {
      let prefix = String(path.dropLast())
      return ("pathPrefix", prefix, prefix + "x")
    }
    var pattern = ""
    var example = ""
    for character in path {
      switch character {
      case "*":
        pattern += ".*"
        example += "x"
      case "?":
        pattern += "."
        example += "x"
      case ".", "\\":
        pattern += "\\" + String(character)
        example.append(character)
      default:
        pattern.append(character)
        example.append(character)
      }
    }
    return ("pathPattern", pattern, example)
  }

  /// A value as the XML and aapt read it: `&`, `<`, `"` as entities, and each `\` doubled,
  /// because aapt reads `\` as an escape before Android sees the value.
  static func xmlAttribute(_ value: String) -> String {
    var text = ""
    for character in value {
      switch character {
      case "&": text += "&amp;"
      case "<": text += "&lt;"
      case ">": text += "&gt;"
      case "\"": text += "&quot;"
      case "\\": text += "\\\\"
      default: text.append(character)
      }
    }
    if text.hasPrefix("@") || text.hasPrefix("?") { text = "\\" + text }
    return text
  }

  /// Reads the filter back as Android would and routes an example URL of each path: a filter
  /// that would not verify the host or match its own paths is never returned.
  private static func check(_ filter: String, host: String, examples: [String]) throws(Problem) {
    let manifest = """
      <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="generated.check">
      <application><activity android:name=".Check">
      \(filter)
      </activity></application></manifest>
      """
    let router = ManifestRouter(manifest: Array(manifest.utf8))
    guard router.filters.first?.isVerified == true else {
      throw Problem(description: "the generated filter would not be verified")
    }
    for example in examples {
      let route = router.route("https://\(host)\(example)")
      guard route.decision == .opens else {
        throw Problem(
          description:
            "the generated filter does not match https://\(host)\(example): \(route.nearMisses.first?.reason ?? "no match")"
        )
      }
    }
  }
}
