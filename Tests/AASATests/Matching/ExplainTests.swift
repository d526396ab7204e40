import AASA
import TestSupport
import Testing

/// aasa-behaviour.md §4 (substitution variables), the explanation every verdict carries, the
/// issue's example, and linear time on a hostile pattern.
@Suite("Matching: variables, explanations, the issue's example")
struct ExplainTests {
  // MARK: Substitution variables

  @Test("a custom variable matches exactly one of its values")
  func customVariable() throws {
    let matcher = try siteMatcher(
      componentsFile(
        #"[{"/": "/shop/$(category)/*"}]"#,
        variables: #"{"category": ["books", "music", "b*x"], "empty": [""]}"#))
    #expect(verdictKind(matcher, "/shop/books/1") == .match)
    #expect(verdictKind(matcher, "/shop/music/1") == .match)
    #expect(verdictKind(matcher, "/shop/films/1") == Verdict.Kind.none)
    #expect(verdictKind(matcher, "/shop/booksmusic/1") == Verdict.Kind.none)
    // A value may hold wildcards.
    #expect(verdictKind(matcher, "/shop/box/1") == .match)
  }

  @Test("a bare string counts as one value, and \"\" is a valid value")
  func bareStringAndEmptyValue() throws {
    let matcher = try siteMatcher(
      componentsFile(
        #"[{"/": "/$(locale)x/$(one)"}]"#, variables: #"{"locale": ["", "en-"], "one": "only"}"#))
    #expect(verdictKind(matcher, "/x/only") == .match)
    #expect(verdictKind(matcher, "/en-x/only") == .match)
    #expect(verdictKind(matcher, "/fr-x/only") == Verdict.Kind.none)
    #expect(verdictKind(matcher, "/x/other") == Verdict.Kind.none)
  }

  @Test("variable names are case-sensitive; an undefined variable never matches")
  func undefinedVariable() throws {
    let matcher = try siteMatcher(
      componentsFile(
        #"[{"/": "/a/$(Shop)/*"}, {"/": "/b/$(shop)/*"}]"#, variables: #"{"shop": ["x"]}"#))
    #expect(verdictKind(matcher, "/a/x/1") == Verdict.Kind.none)
    #expect(verdictKind(matcher, "/a/$(Shop)/1") == Verdict.Kind.none)
    #expect(verdictKind(matcher, "/b/x/1") == .match)
  }

  @Test("a value using another variable is dropped; the others stay")
  func nestedValueDropped() throws {
    let matcher = try siteMatcher(
      componentsFile(#"[{"/": "/$(v)/*"}]"#, variables: #"{"v": ["$(lang)", "plain"]}"#))
    #expect(verdictKind(matcher, "/plain/1") == .match)
    #expect(verdictKind(matcher, "/en/1") == Verdict.Kind.none)
    #expect(verdictKind(matcher, "/$(lang)/1") == Verdict.Kind.none)
  }

  @Test(
    "the eight built-ins match one character of their class, a region or a language",
    arguments: [
      ("$(alpha)", "q", true), ("$(alpha)", "7", false), ("$(upper)", "Q", true),
      ("$(upper)", "q", false), ("$(lower)", "q", true), ("$(lower)", "Q", false),
      ("$(alnum)", "7", true), ("$(alnum)", "-", false), ("$(digit)", "7", true),
      ("$(digit)", "77", false), ("$(xdigit)", "f", true), ("$(xdigit)", "g", false),
      ("$(region)", "GB", true), ("$(region)", "gb", true), ("$(region)", "UK", false),
      ("$(region)", "JP", true), ("$(region)", "AB", false), ("$(lang)", "en", true),
      ("$(lang)", "EN", true), ("$(lang)", "cy", true), ("$(lang)", "qq", false),
      ("$(lang)-$(region)", "en-GB", true), ("$(lang)-$(region)", "en-UK", false),
    ])
  func builtIns(pattern: String, segment: String, matches: Bool) throws {
    let matcher = try siteMatcher(componentsFile(#"[{"/": "/x/"# + pattern + #""}]"#))
    #expect(verdictKind(matcher, "/x/" + segment) == (matches ? .match : Verdict.Kind.none))
  }

  @Test("a custom variable shadows the built-in of the same name")
  func shadowing() throws {
    let matcher = try siteMatcher(
      componentsFile(#"[{"/": "/$(region)/*"}]"#, variables: #"{"region": ["eu", "us"]}"#))
    #expect(verdictKind(matcher, "/eu/1") == .match)
    #expect(verdictKind(matcher, "/GB/1") == Verdict.Kind.none)
  }

  @Test("variables work in the query and the fragment too")
  func variablesInQueryAndFragment() throws {
    let matcher = try siteMatcher(
      componentsFile(
        ##"[{"/": "/p", "?": {"cat": "$(c)"}, "#": "$(digit)"}]"##, variables: #"{"c": ["a", "b"]}"#
      ))
    #expect(verdictKind(matcher, "/p?cat=b#7") == .match)
    #expect(verdictKind(matcher, "/p?cat=c#7") == Verdict.Kind.none)
    #expect(verdictKind(matcher, "/p?cat=a#x") == Verdict.Kind.none)
  }

  // MARK: Explanations

  @Test("a verdict names the deciding detail, component, rule as written and effective flags")
  func decidingRule() throws {
    let matcher = try siteMatcher(
      #"""
      {"applinks": {"defaults": {"caseSensitive": false},
        "details": [
          {"appIDs": ["D3KQX62K1A.com.example.one"], "components": [{"/": "/nope"}]},
          {"appIDs": ["D3KQX62K1A.com.example.two"], "defaults": {"percentEncoded": false},
           "components": [
             {"/": "/a/*", "exclude": true, "caseSensitive": true},
             { "/" : "/b/*",  "comment": "bees" }
           ]}
        ]}}
      """#)
    let routing = matcher.route(URLInput("/B/1"))
    let verdict = routing.verdicts[1]
    #expect(verdict.kind == .match)
    #expect(verdict.detail == 1)
    let rule = try #require(verdict.decidingRule)
    #expect(rule.detail == 1)
    #expect(rule.index == 1)
    #expect(rule.origin == .component)
    #expect(rule.written == #"{"/":"/b/*","comment":"bees"}"#)
    #expect(rule.displayText == rule.written)
    #expect(rule.name == "details[1].components[1]")
    #expect(rule.caseSensitive == false)
    #expect(rule.percentEncoded == false)
    #expect(rule.location.line == 7)

    let blocked = try #require(matcher.route(URLInput("/a/1")).verdicts[1].decidingRule)
    #expect(blocked.index == 0)
    #expect(blocked.caseSensitive == true)
    #expect(blocked.percentEncoded == false)
    #expect(matcher.route(URLInput("/A/1")).verdicts[1].kind == Verdict.Kind.none)
  }

  @Test("a legacy rule is shown as its quoted string")
  func legacyDisplay() throws {
    let matcher = try siteMatcher(
      #"{"applinks": {"details": [{"appID": "D3KQX62K1A.com.example.one", "paths": ["/x/*"]}]}}"#)
    let rule = try #require(matcher.route(URLInput("/x/1")).verdicts.first?.decidingRule)
    #expect(rule.displayText == #""/x/*""#)
    #expect(rule.origin == .legacyPath)
  }

  @Test(
    "a none verdict names the closest rule and the part that failed",
    arguments: [
      ("/help/1#web", 1, "fragment"), ("/faq/1?lang=de", 2, "query"),
      ("/shop/books/1", 3, #"query item "ref""#), ("/shop/bookz/1", 3, "path"),
      ("/albums", 0, "path"),
    ])
  func nearMiss(url: String, component: Int, part: String) throws {
    let matcher = try siteMatcher(
      componentsFile(
        #"""
        [{"/": "/albums/*/photos"}, {"/": "/help/*", "#": "app-*"}, {"/": "/faq/*", "?": "lang=en"},
         {"/": "/shop/books/*", "?": {"ref": "?*"}}]
        """#))
    let verdict = try #require(matcher.route(URLInput(url)).verdicts.first)
    #expect(verdict.kind == Verdict.Kind.none)
    #expect(verdict.decidingRule == nil)
    let closest = try #require(verdict.closest)
    #expect(closest.rule.index == component)
    #expect(closest.failedPartDescription == part)
  }

  @Test("a rule that follows the path only through its slash or a few letters is not closest")
  func nothingClose() throws {
    let matcher = try siteMatcher(
      componentsFile(#"[{"/": "/$(lang)-$(region)/albums/*"}, {"/": "/albums/*/photos"}]"#))
    #expect(try #require(matcher.route(URLInput("/nope")).verdicts.first).closest == nil)
    #expect(try #require(matcher.route(URLInput("/no/x")).verdicts.first).closest == nil)
    let near = try #require(matcher.route(URLInput("/albums/1/videos")).verdicts.first).closest
    #expect(near?.rule.index == 1)
  }

  @Test("without explain, a none verdict names no closest rule")
  func noExplain() throws {
    let matcher = try siteMatcher(componentsFile(#"[{"/": "/a/*"}]"#))
    let verdict = try #require(matcher.route(URLInput("/b"), explain: false).verdicts.first)
    #expect(verdict.kind == Verdict.Kind.none)
    #expect(verdict.closest == nil)
  }

  // MARK: The issue's example

  @Test("/videos/samples/2010/x is blocked for the video app by details[1].paths[1]")
  func issueExample() throws {
    let bytes = try readPackageFile("examples/site/.well-known/apple-app-site-association")
    let report = SiteAssociationLinter().lint(bytes)
    #expect(!report.hasErrors)
    let matcher = Matcher(try #require(report.association), domain: "example.com")
    let routing = matcher.route(URLInput("/videos/samples/2010/x"))
    #expect(routing.app == nil)
    let video = try #require(
      routing.verdicts.first { $0.app == "D3KQX62K1A.com.example.videoapp" })
    #expect(video.kind == .blocked)
    let rule = try #require(video.decidingRule)
    #expect(rule.name == "details[1].paths[1]")
    #expect(rule.written == "NOT /videos/samples/2010/*")
    #expect(rule.caseSensitive)
    // The neighbouring years are opened by the third path.
    let next = matcher.verdict(
      for: URLInput("https://example.com/videos/samples/2011/x"),
      app: "D3KQX62K1A.com.example.videoapp")
    #expect(next?.kind == .match)
    #expect(next?.decidingRule?.name == "details[1].paths[2]")
    #expect(matcher.route(URLInput("/albums/1")).app == "D3KQX62K1A.com.example.photoapp")
  }

  // MARK: Linear time

  @Test("a hostile pattern against a 10,000-character path decides fast")
  func hostilePattern() throws {
    let matcher = try siteMatcher(componentsFile(#"[{"/": "*a*a*a*a*a*a*a*a*a*a*b"}]"#))
    let miss = "/" + String(repeating: "a", count: 9_999)
    let hit = "/" + String(repeating: "a", count: 9_998) + "b"
    #expect(verdictKind(matcher, miss) == Verdict.Kind.none)
    #expect(verdictKind(matcher, hit) == .match)
    // Only against a blow-up: ten stars backtracked over 10,000 scalars is about 10^40 steps;
    // the matcher takes milliseconds.
    let elapsed = ContinuousClock().measure {
      #expect(verdictKind(matcher, miss) == Verdict.Kind.none)
      #expect(verdictKind(matcher, hit) == .match)
    }
    #expect(elapsed < BlowUpBound.limit, "took \(elapsed)")
  }
}
