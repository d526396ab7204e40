import AASAServer
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import TestSupport
import Testing

/// Never an open redirect: whatever a request holds (its query, its path in any spelling,
/// encoded slashes, fragments, a user agent of any kind), every `Location` and every URL on a
/// page the server answers is one `links.json` names: a destination as written, the web
/// destination with the request's query appended as query, or the link itself on the file's
/// domain. The request's `Host` cannot choose anything: the responder is not even given it
/// (`--sites` uses it only to pick the site, whose own rules answer).
@Suite struct LinkDestinationPropertyTests {
  static let links = """
    {"domain": "go.example.com",
     "defaults": {"appName": "Example", "og": {"image": "https://cdn.example.com/card.png"}},
     "rules": [
       {"path": "/buy/*", "ios": "https://apps.apple.com/app/id284882215",
        "android": "https://play.google.com/store/apps/details?id=com.example",
        "web": "https://www.example.com/buy?from=link#top"},
       {"path": "/i/?*", "caseSensitive": false, "web": "https://www.example.com/invite"},
       {"path": "/x/*/y", "ios": "itms-apps://apps.apple.com/app/id284882215",
        "android": "market://details?id=com.example", "web": "https://www.example.com/x"}
     ]}
    """

  static let destinations = [
    "https://apps.apple.com/app/id284882215",
    "https://play.google.com/store/apps/details?id=com.example",
    "https://www.example.com/buy?from=link#top", "https://www.example.com/invite",
    "itms-apps://apps.apple.com/app/id284882215", "market://details?id=com.example",
    "https://www.example.com/x", "https://cdn.example.com/card.png",
  ]

  /// Pieces requests are made of: what an attacker would try.
  static let pieces = [
    "/buy/", "/i/", "/I/", "/x/", "/y", "1", "a", "%2F", "%2f", "%252F", "//", "/", "@",
    "evil.example",
    "@evil.example", "?", "#", "&", "=", "%0d%0a", "\r\n", "%00", "\\", "%5C", "..", "%2e%2e", ".",
    "https:", "https://evil.example/", "javascript:alert(1)", "\"", "'", "<", ">", "%3C", "é",
    "%C3%A9", "%", "%zz", "%23", "%3F", "next=https://evil.example", "url=//evil.example",
    "/.well-known/", ";", " ", "\t", "*", "$", "%40", "\u{202E}",
  ]

  static let agents = [
    nil, "", "curl/8", "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X)",
    "Mozilla/5.0 (Linux; Android 14; Pixel 8)", "facebookexternalhit/1.1", "Twitterbot/1.0",
    "Mozilla/5.0 (iPhone) Instagram 330.0",
    "Mozilla/5.0 (Linux; Android 13; wv) [FB_IAB/FB4A;FBAV/1]",
    "Line/14.3.0", "WhatsApp/2.23.20.0 A", "https://evil.example/",
    "Location: https://evil.example/",
  ]

  @Test func noRequestNamesADestinationTheFileDoesNot() throws {
    let site = try TemporaryDirectory.standardSite()
    try site.write("site/links.json", Self.links)
    let snapshot = try SiteFilesReloader.load(
      configuration: ServerConfiguration(root: site.site), logger: Logger(label: "test")
    ).reloader.store.current
    var random = SeededRandom(seed: 44)
    var answered: [String: Int] = [:]
    for _ in 0..<6_000 {
      let start = ["/buy/", "/i/", "/x/", "/", "https://evil.example/buy/", "//evil.example/buy/"]
        .randomElement(using: &random)!
      var target = start
      for _ in 0..<Int.random(in: 0...6, using: &random) {
        target += Self.pieces.randomElement(using: &random)!
      }
      var agent = Self.agents.randomElement(using: &random)!
      if Bool.random(using: &random) {
        agent = (agent ?? "") + Self.pieces.randomElement(using: &random)!
      }
      let method: HTTPMethod = Bool.random(using: &random) ? .GET : .HEAD
      let answer = Responder.answer(
        RequestSummary(method: method, target: target, userAgent: agent), site: snapshot)
      answered[answer.link ?? "\(answer.response.status.code)", default: 0] += 1
      if let location = answer.response.field("location") {
        #expect(Self.isNamed(location), "\(target) \(agent ?? "-") → \(location)")
      }
      let body = String(buffer: answer.response.body)
      for url in Self.urls(in: body) {
        #expect(Self.isNamed(url) || Self.isOwnLink(url), "\(target) \(agent ?? "-") → \(url)")
      }
    }
    // Every kind of answer was tried (a property over 404s alone would prove nothing).
    for kind in ["ios", "android", "web", "in_app", "preview", "404"] {
      #expect((answered[kind] ?? 0) > 50, "\(answered)")
    }
  }

  /// A destination as written, or one of the web destinations with a query appended as query.
  static func isNamed(_ url: String) -> Bool {
    if destinations.contains(url) { return true }
    let allowed = Set(
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/?%")
    for destination in destinations where destination.hasPrefix("https://www.example.com/") {
      let parts = destination.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
      let base = String(parts[0])
      let fragment = parts.count > 1 ? "#" + parts[1] : ""
      guard url.hasPrefix(base), url.hasSuffix(fragment), url.count > base.count + fragment.count
      else { continue }
      let added = url.dropFirst(base.count).dropLast(fragment.count)
      guard let first = added.first, first == (base.contains("?") ? "&" : "?") else { continue }
      if added.dropFirst().allSatisfy({ allowed.contains($0) }) && !added.contains("#")
        && percentEscapesAreWhole(added)
      {
        return true
      }
    }
    return false
  }

  /// The link itself, on the file's domain: `https://go.example.com/` and a path and query of
  /// URL characters (no second `//`, no `@`, no backslash), so its host cannot be another.
  static func isOwnLink(_ url: String) -> Bool {
    let prefix = "https://go.example.com/"
    guard url.hasPrefix(prefix) else { return false }
    let rest = url.dropFirst(prefix.count)
    let allowed = Set(
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/?%")
    return rest.allSatisfy { allowed.contains($0) } && !rest.contains("#")
      && !rest.hasPrefix("/") && percentEscapesAreWhole(rest)
  }

  static func percentEscapesAreWhole(_ text: Substring) -> Bool {
    let characters = Array(text)
    for (index, character) in characters.enumerated() where character == "%" {
      guard index + 2 < characters.count, characters[index + 1].isHexDigit,
        characters[index + 2].isHexDigit
      else { return false }
    }
    return true
  }

  /// Every `href`, `src` and URL-valued `content` attribute of a page, its references decoded.
  static func urls(in html: String) -> [String] {
    var found: [String] = []
    for match in html.matches(of: /(?:href|src|content)="([^"]*)"/) {
      let value = String(match.1)
        .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
        .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
        .replacingOccurrences(of: "&amp;", with: "&")
      if value.contains(":") || value.hasPrefix("/") { found.append(value) }
    }
    return found
  }
}
