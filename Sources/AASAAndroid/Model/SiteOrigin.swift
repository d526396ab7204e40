/// A `web` target's `site`: an origin, `scheme://host[:port]`, and nothing else.
///
/// Google identifies a site by scheme, host and port alone; a path, query, fragment or user name in
/// `site` is an error, because the author evidently meant something narrower than what a site
/// statement can say. A lone trailing `/` is harmless but not the documented form, so it gets a
/// warning of its own rather than being read as a path.
struct SiteOrigin: Hashable, Sendable {
  var scheme: String
  var host: String
  var port: Int?
  /// Whether the text ended in a single `/` after the authority.
  var hasTrailingSlash: Bool

  /// The result of reading `site`: the origin, or why it is not one.
  enum Reading {
    case origin(SiteOrigin)
    case invalid(String)
  }

  /// Reads `text` as a site; `schemes` are the schemes allowed (`include` allows only https).
  static func read(_ text: String, schemes: Set<String> = ["http", "https"]) -> Reading {
    guard let separator = text.firstRange(of: "://") else {
      return .invalid("is not an absolute URL; write it as https://host")
    }
    let scheme = String(text[..<separator.lowerBound])
    guard schemes.contains(scheme) else {
      let allowed = schemes.sorted().joined(separator: " or ")
      if schemes.contains(scheme.lowercased()) {
        return .invalid("has the scheme \"\(scheme)\"; write it in lower case")
      }
      return .invalid("has the scheme \"\(scheme)\"; only \(allowed) is allowed")
    }
    let afterScheme = text[separator.upperBound...]
    let delimiters: Set<Character> = ["/", "?", "#"]
    let authorityEnd =
      afterScheme.firstIndex(where: { delimiters.contains($0) }) ?? afterScheme.endIndex
    let authority = afterScheme[..<authorityEnd]
    let rest = afterScheme[authorityEnd...]
    if authority.contains("@") {
      return .invalid("contains a user name (`@`); a site is scheme://host[:port]")
    }
    let (host, portText) = splitHostAndPort(authority)
    if host.isEmpty { return .invalid("has no host") }
    if let problem = hostProblem(host) { return .invalid(problem) }
    var port: Int?
    if let portText {
      let isDigits = !portText.isEmpty && portText.allSatisfy { ("0"..."9").contains($0) }
      guard isDigits, let number = Int(portText), (1...65_535).contains(number) else {
        return .invalid("has the port \"\(portText)\", which is not a number from 1 to 65535")
      }
      port = number
    }
    if !rest.isEmpty, rest != "/" {
      let what = rest.first == "?" ? "a query" : rest.first == "#" ? "a fragment" : "a path"
      return .invalid("has \(what) (\"\(rest)\"); a site is only scheme://host[:port]")
    }
    return .origin(
      SiteOrigin(scheme: scheme, host: host, port: port, hasTrailingSlash: rest == "/"))
  }

  /// Splits `host:port`, leaving the colons of a bracketed IPv6 address alone.
  private static func splitHostAndPort(_ authority: Substring) -> (String, String?) {
    if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
      let host = String(authority[...close])
      let after = authority[authority.index(after: close)...]
      return (host, after.hasPrefix(":") ? String(after.dropFirst()) : nil)
    }
    guard let colon = authority.lastIndex(of: ":") else { return (String(authority), nil) }
    return (String(authority[..<colon]), String(authority[authority.index(after: colon)...]))
  }

  private static func hostProblem(_ host: String) -> String? {
    if host.hasPrefix("[") { return nil }
    if host.contains("*") {
      return "has a wildcard host (\"\(host)\"); list each host as its own statement"
    }
    let allowed = host.unicodeScalars.allSatisfy { scalar in
      ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        || scalar == "-" || scalar == "." || scalar.value > 0x7F
    }
    return allowed ? nil : "has the host \"\(host)\", which is not a host name"
  }
}
