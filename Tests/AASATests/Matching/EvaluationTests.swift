import AASA
import AASACore
import Testing

/// aasa-behaviour.md §1 and §2: legacy paths, components, first match decides, defaults, entry
/// shapes, and routing across apps.
@Suite("Matching: evaluating a URL (§1, §2)")
struct EvaluationTests {
  static let one = "D3KQX62K1A.com.example.one"
  static let two = "D3KQX62K1A.com.example.two"
  static let three = "D3KQX62K1A.com.example.three"

  // MARK: Legacy paths

  @Test("legacy paths match the path only, and NOT blocks")
  func legacyPaths() throws {
    let matcher = try siteMatcher(
      #"""
      {"applinks": {"apps": [], "details": [{"appID": "D3KQX62K1A.com.example.one",
        "paths": ["NOT /videos/private/*", "/videos/*"]}]}}
      """#)
    #expect(verdictKind(matcher, "/videos/1") == .match)
    #expect(verdictKind(matcher, "/videos/1?page=2#top") == .match)
    #expect(verdictKind(matcher, "/videos/private/1") == .blocked)
    #expect(verdictKind(matcher, "/photos/1") == Verdict.Kind.none)
    let blocked = try #require(matcher.route(URLInput("/videos/private/1")).verdicts.first)
    let rule = try #require(blocked.decidingRule)
    #expect(rule.origin == .legacyPath)
    #expect(rule.index == 0)
    #expect(rule.written == "NOT /videos/private/*")
    #expect(rule.name == "details[0].paths[0]")
  }

  @Test("NOT is always case-sensitive, even when the defaults say otherwise")
  func notIsCaseSensitive() throws {
    let matcher = try siteMatcher(
      #"""
      {"applinks": {"defaults": {"caseSensitive": false}, "details": [{
        "appID": "D3KQX62K1A.com.example.one", "paths": ["NOT /Private/*", "/*"]}]}}
      """#)
    #expect(verdictKind(matcher, "/Private/x") == .blocked)
    #expect(verdictKind(matcher, "/private/x") == .match)
    #expect(verdictKind(matcher, "/PRIVATE/x") == .match)
    let rule = try #require(matcher.route(URLInput("/Private/x")).verdicts.first?.decidingRule)
    #expect(rule.caseSensitive)
  }

  @Test("a legacy path follows the defaults' caseSensitive, but never their query or fragment")
  func legacyPathsAndDefaults() throws {
    let matcher = try siteMatcher(
      #"""
      {"applinks": {"defaults": {"caseSensitive": false, "?": "never", "#": "never"},
        "details": [{"appID": "D3KQX62K1A.com.example.one", "paths": ["/Albums/*"]}]}}
      """#)
    #expect(verdictKind(matcher, "/albums/1") == .match)
    #expect(verdictKind(matcher, "/ALBUMS/1?x=1#y") == .match)
    #expect(
      matcher.route(URLInput("/albums/1")).verdicts.first?.decidingRule?.caseSensitive == false)
  }

  // MARK: Components

  @Test("components are tried in order and the first that matches decides")
  func firstMatchDecides() throws {
    let excludeFirst = try siteMatcher(
      componentsFile(#"[{"/": "/a/*", "exclude": true}, {"/": "/a/b"}]"#))
    #expect(verdictKind(excludeFirst, "/a/b") == .blocked)
    let includeFirst = try siteMatcher(
      componentsFile(#"[{"/": "/a/b"}, {"/": "/a/*", "exclude": true}]"#))
    #expect(verdictKind(includeFirst, "/a/b") == .match)
    #expect(verdictKind(includeFirst, "/a/c") == .blocked)
    let rule = try #require(includeFirst.route(URLInput("/a/c")).verdicts.first?.decidingRule)
    #expect(rule.index == 1)
    #expect(rule.origin == .component)
  }

  @Test("a component matches only when path, fragment and query all match")
  func allPartsMustMatch() throws {
    let matcher = try siteMatcher(
      componentsFile(##"[{"/": "/help/*", "#": "app-*", "?": "lang=*"}]"##))
    #expect(verdictKind(matcher, "/help/x?lang=en#app-intro") == .match)
    #expect(verdictKind(matcher, "/help/x?lang=en#web-intro") == Verdict.Kind.none)
    #expect(verdictKind(matcher, "/help/x?page=1#app-intro") == Verdict.Kind.none)
    #expect(verdictKind(matcher, "/info/x?lang=en#app-intro") == Verdict.Kind.none)
  }

  @Test("an empty component matches everything; exclude blocks instead of routing")
  func emptyComponentAndExclude() throws {
    let matcher = try siteMatcher(
      componentsFile(#"[{"/": "/account/*", "exclude": true, "comment": "web only"}, {}]"#))
    #expect(verdictKind(matcher, "/account/settings") == .blocked)
    #expect(verdictKind(matcher, "/anything?at=all#really") == .match)
    #expect(verdictKind(matcher, "") == .match)
  }

  @Test("an entry with only exclusions never matches")
  func onlyExclusions() throws {
    let matcher = try siteMatcher(componentsFile(#"[{"/": "/private/*", "exclude": true}]"#))
    #expect(verdictKind(matcher, "/private/1") == .blocked)
    #expect(verdictKind(matcher, "/public/1") == Verdict.Kind.none)
    #expect(matcher.route(URLInput("/private/1")).app == nil)
  }

  // MARK: Defaults

  struct DefaultsKey: Sendable, CustomTestStringConvertible {
    var key: String
    /// The component's own keys, apart from `key`.
    var base: String
    var url: String
    /// A value for `key` under which `url` matches, and one under which it does not.
    var matching: String
    var other: String
    var otherKind: Verdict.Kind
    /// The verdict when nothing sets `key`.
    var builtIn: Verdict.Kind

    var testDescription: String { key }

    func component(_ value: String?) -> String {
      var keys: [String] = base.isEmpty ? [] : [base]
      if let value { keys.append(JSONValue.quoted(key) + ": " + value) }
      if keys.isEmpty { keys.append(#""comment": "inherits everything""#) }
      return "[{" + keys.joined(separator: ", ") + "}]"
    }

    func defaults(_ value: String?) -> String? {
      value.map { "{" + JSONValue.quoted(key) + ": " + $0 + "}" }
    }
  }

  static let defaultsKeys: [DefaultsKey] = [
    DefaultsKey(
      key: "/", base: "", url: "/c/1", matching: #""/c/*""#, other: #""/x/*""#,
      otherKind: .none, builtIn: .match),
    DefaultsKey(
      key: "?", base: #""/": "/p""#, url: "/p?c=1", matching: #""c=1""#, other: #"{"x": "?*"}"#,
      otherKind: .none, builtIn: .match),
    DefaultsKey(
      key: "#", base: #""/": "/p""#, url: "/p#c", matching: #""c""#, other: #""x""#,
      otherKind: .none, builtIn: .match),
    DefaultsKey(
      key: "exclude", base: #""/": "/p""#, url: "/p", matching: "false", other: "true",
      otherKind: .blocked, builtIn: .match),
    DefaultsKey(
      key: "caseSensitive", base: #""/": "/P""#, url: "/p", matching: "false", other: "true",
      otherKind: .none, builtIn: .none),
    DefaultsKey(
      key: "percentEncoded", base: #""/": "/a b""#, url: "/a%20b", matching: "false",
      other: "true", otherKind: .none, builtIn: .none),
  ]

  @Test(
    "defaults precedence: component > app defaults > domain defaults > built-in",
    arguments: defaultsKeys)
  func defaultsPrecedence(_ key: DefaultsKey) throws {
    func kind(component: String?, app: String?, domain: String?) throws -> Verdict.Kind? {
      let text = componentsFile(
        key.component(component), appDefaults: key.defaults(app),
        domainDefaults: key.defaults(domain))
      return verdictKind(try siteMatcher(text), key.url)
    }
    let (m, o) = (key.matching, key.other)
    #expect(try kind(component: m, app: o, domain: o) == .match, "component wins")
    #expect(try kind(component: o, app: m, domain: m) == key.otherKind, "component wins")
    #expect(try kind(component: nil, app: m, domain: o) == .match, "app defaults win")
    #expect(try kind(component: nil, app: o, domain: m) == key.otherKind, "app defaults win")
    #expect(try kind(component: nil, app: nil, domain: m) == .match, "domain defaults apply")
    #expect(try kind(component: nil, app: nil, domain: o) == key.otherKind, "domain defaults apply")
    #expect(try kind(component: nil, app: nil, domain: nil) == key.builtIn, "built-in")
  }

  @Test("app defaults override domain defaults key by key, not as a whole")
  func defaultsMergeKeyByKey() throws {
    let matcher = try siteMatcher(
      componentsFile(
        #"[{"/": "/Shop/*"}]"#, appDefaults: ##"{"#": "top"}"##,
        domainDefaults: ##"{"caseSensitive": false, "#": "never"}"##))
    #expect(verdictKind(matcher, "/shop/1#top") == .match)
    #expect(verdictKind(matcher, "/shop/1#never") == Verdict.Kind.none)
  }

  // MARK: Entry shapes

  @Test("appIDs is used and appID ignored when both are present")
  func appIDsOverAppID() throws {
    let matcher = try siteMatcher(
      #"""
      {"applinks": {"details": [{"appID": "D3KQX62K1A.com.example.one",
        "appIDs": ["D3KQX62K1A.com.example.two", "D3KQX62K1A.com.example.three"],
        "components": [{"/": "/a/*"}]}]}}
      """#)
    #expect(matcher.appIDs == [Self.two, Self.three])
    #expect(matcher.verdict(for: URLInput("/a/1"), app: Self.one) == nil)
    #expect(matcher.verdict(for: URLInput("/a/1"), app: Self.three)?.kind == .match)
    #expect(matcher.route(URLInput("/a/1")).app == Self.two)
  }

  @Test("appID is used when appIDs is not an array")
  func appIDWhenAppIDsIsNotAnArray() throws {
    let matcher = try siteMatcher(
      #"""
      {"applinks": {"details": [{"appID": "D3KQX62K1A.com.example.one",
        "appIDs": "D3KQX62K1A.com.example.two", "components": [{"/": "/a/*"}]}]}}
      """#)
    #expect(matcher.appIDs == [Self.one])
  }

  @Test("components replace paths entirely when both are present")
  func componentsOverPaths() throws {
    let matcher = try siteMatcher(
      #"""
      {"applinks": {"details": [{"appIDs": ["D3KQX62K1A.com.example.one"],
        "paths": ["/p/*"], "components": [{"/": "/c/*"}]}]}}
      """#)
    #expect(verdictKind(matcher, "/c/1") == .match)
    #expect(verdictKind(matcher, "/p/1") == Verdict.Kind.none)
  }

  @Test("paths are used when components is not an array")
  func pathsWhenComponentsIsNotAnArray() throws {
    let matcher = try siteMatcher(
      #"""
      {"applinks": {"details": [{"appIDs": ["D3KQX62K1A.com.example.one"],
        "paths": ["/p/*"], "components": {"/": "/c/*"}}]}}
      """#)
    #expect(verdictKind(matcher, "/p/1") == .match)
    #expect(verdictKind(matcher, "/c/1") == Verdict.Kind.none)
  }

  @Test("the old dictionary-shaped details routes by its keys, in file order")
  func dictionaryDetails() throws {
    let matcher = try siteMatcher(
      #"""
      {"applinks": {"apps": [], "details": {
        "D3KQX62K1A.com.example.one": {"paths": ["/one/*", "NOT /shared/private", "/shared/*"]},
        "D3KQX62K1A.com.example.two": {"paths": ["/two/*", "/shared/*"]}
      }}}
      """#)
    #expect(matcher.appIDs == [Self.one, Self.two])
    #expect(matcher.route(URLInput("/one/1")).app == Self.one)
    #expect(matcher.route(URLInput("/two/1")).app == Self.two)
    #expect(matcher.route(URLInput("/shared/x")).app == Self.one)
    let routing = matcher.route(URLInput("/shared/private"))
    #expect(routing.verdicts.map(\.kind) == [.blocked, .match])
    #expect(routing.app == Self.two)
    #expect(routing.verdicts[1].decidingRule?.name == "details[1].paths[1]")
  }

  // MARK: Routing across apps

  static let threeApps = #"""
    {"applinks": {"details": [
      {"appIDs": ["D3KQX62K1A.com.example.one"],
       "components": [{"/": "/shared/private/*", "exclude": true}, {"/": "/one/*"}]},
      {"appIDs": ["D3KQX62K1A.com.example.two", "D3KQX62K1A.com.example.three"],
       "components": [{"/": "/shared/*"}, {"/": "/one/*"}]}
    ]}}
    """#

  @Test("routing: every app's verdict in file order, and the first match wins")
  func routingOrder() throws {
    let matcher = try siteMatcher(Self.threeApps)
    #expect(matcher.appIDs == [Self.one, Self.two, Self.three])
    let both = matcher.route(URLInput("/one/x"))
    #expect(both.verdicts.map(\.app) == [Self.one, Self.two, Self.three])
    #expect(both.verdicts.map(\.kind) == [.match, .match, .match])
    #expect(both.app == Self.one)
    #expect(matcher.firstMatch(URLInput("/one/x")).app == Self.one)
    #expect(matcher.firstMatch(URLInput("/one/x")).kind == .match)
  }

  @Test("routing: a blocked app does not stop later apps")
  func blockedDoesNotStopRouting() throws {
    let matcher = try siteMatcher(Self.threeApps)
    let routing = matcher.route(URLInput("/shared/private/1"))
    #expect(routing.verdicts.map(\.kind) == [.blocked, .match, .match])
    #expect(routing.app == Self.two)
    #expect(matcher.firstMatch(URLInput("/shared/private/1")).app == Self.two)
    #expect(matcher.verdict(for: URLInput("/shared/private/1"), app: Self.one)?.kind == .blocked)
  }

  @Test("routing: nothing matches, or only blocks")
  func noApp() throws {
    let matcher = try siteMatcher(
      #"""
      {"applinks": {"details": [
        {"appIDs": ["D3KQX62K1A.com.example.one"], "components": [{"/": "/x/*", "exclude": true}]},
        {"appIDs": ["D3KQX62K1A.com.example.two"], "components": [{"/": "/y/*"}]}
      ]}}
      """#)
    let blocked = matcher.firstMatch(URLInput("/x/1"))
    #expect(blocked.app == nil)
    #expect(blocked.kind == .blocked)
    let nothing = matcher.firstMatch(URLInput("/z"))
    #expect(nothing.app == nil)
    #expect(nothing.kind == Verdict.Kind.none)
    #expect(matcher.route(URLInput("/z")).verdicts.map(\.kind) == [.none, .none])
  }

  @Test("an app listed in two entries is decided by the first entry that decides")
  func appInTwoEntries() throws {
    let matcher = try siteMatcher(
      #"""
      {"applinks": {"details": [
        {"appIDs": ["D3KQX62K1A.com.example.one"], "components": [{"/": "/a/*"}]},
        {"appIDs": ["D3KQX62K1A.com.example.one"], "components": [{"/": "/b/*"}]}
      ]}}
      """#)
    #expect(matcher.verdict(for: URLInput("/a/1"), app: Self.one)?.detail == 0)
    #expect(matcher.verdict(for: URLInput("/b/1"), app: Self.one)?.kind == .match)
    #expect(matcher.verdict(for: URLInput("/b/1"), app: Self.one)?.detail == 1)
  }

  @Test("one broken component is skipped and the rest of the entry still routes")
  func brokenComponentSkipped() throws {
    let matcher = try siteMatcher(
      componentsFile(#"["/not-an-object/*", {"/": "/a/*", "exclude": "yes"}, {"/": "/b/*"}]"#))
    #expect(verdictKind(matcher, "/b/1") == .match)
    let rule = try #require(matcher.route(URLInput("/b/1")).verdicts.first?.decidingRule)
    #expect(rule.index == 2)
    // A non-boolean exclude is ignored: the component includes.
    #expect(verdictKind(matcher, "/a/1") == .match)
  }
}
