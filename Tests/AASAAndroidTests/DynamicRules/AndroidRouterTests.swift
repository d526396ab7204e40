import AASACore
import Testing

@testable import AASAAndroid

@Suite("Dynamic rules: how Android decides a URL (§3.1, §3.3)")
struct AndroidRouterTests {
  private func verdict(_ components: String, _ url: String) -> AndroidVerdict {
    router(components).route(url).verdicts[0]
  }

  @Test("File order decides; an exclude decides too; nothing matched is excluded")
  func fileOrder() {
    let rules =
      #"[{"/": "/products/*"}, {"/": "/products/secret", "exclude": true}, {"/": "/help"}]"#
    #expect(verdict(rules, "https://example.com/products/secret").kind == .open)
    #expect(verdict(rules, "https://example.com/products/secret").component == 0)
    #expect(verdict(rules, "https://example.com/help").component == 2)
    let nothing = verdict(rules, "https://example.com/about")
    #expect(nothing.kind == .excluded)
    #expect(nothing.component == nil)
    let excludeFirst = #"[{"/": "/products/secret", "exclude": true}, {"/": "*"}]"#
    #expect(verdict(excludeFirst, "https://example.com/products/secret").kind == .excluded)
    #expect(verdict(excludeFirst, "https://example.com/products/secret").component == 0)
    #expect(verdict(excludeFirst, "https://example.com/x").kind == .open)
  }

  @Test("Excludes alone exclude everything")
  func excludesAlone() {
    #expect(verdict(#"[{"/": "/a", "exclude": true}]"#, "https://h/b").kind == .excluded)
  }

  @Test("A component without a matcher never matches, not even as an exclude")
  func noMatcher() {
    let rules = #"[{"exclude": true}, {"/": "*"}]"#
    #expect(verdict(rules, "https://h/x").component == 1)
  }

  @Test("Query: any parameter, anchored name, extra parameters allowed, none means no match")
  func query() {
    let rules = #"[{"?": {"dl": "*"}}]"#
    #expect(verdict(rules, "https://h/p?dl=").kind == .open)
    #expect(verdict(rules, "https://h/p?a=1&dl=x").kind == .open)
    #expect(verdict(rules, "https://h/p?dl").kind == .excluded)
    #expect(verdict(rules, "https://h/p?xdl=1").kind == .excluded)
    #expect(verdict(rules, "https://h/p").kind == .excluded)
    let both = #"[{"?": {"a": "1", "b": "2"}}]"#
    #expect(verdict(both, "https://h/p?b=2&a=1").kind == .open)
    #expect(verdict(both, "https://h/p?a=1").kind == .excluded)
    #expect(verdict(#"[{"?": {"a": "1"}}]"#, "https://h/p?a=2&a=1").kind == .open)
    #expect(verdict(#"[{"?": {"a": "1"}}]"#, "https://h/p?a=1&").kind == .excluded)
  }

  @Test("Fragment: a URL without `#` never matches a fragment filter")
  func fragment() {
    let rules = ##"[{"#": "*"}]"##
    #expect(verdict(rules, "https://h/p#").kind == .open)
    #expect(verdict(rules, "https://h/p").kind == .excluded)
  }

  @Test("Decoding before matching: patterns are written unencoded")
  func decoding() {
    #expect(verdict(#"[{"/": "/a b"}]"#, "https://h/a%20b").kind == .open)
    #expect(verdict(#"[{"/": "/a%20b"}]"#, "https://h/a%20b").kind == .excluded)
    #expect(verdict(#"[{"/": "/a%20b"}]"#, "https://h/a%2520b").kind == .open)
    #expect(verdict(#"[{"/": "/"}]"#, "https://h").kind == .excluded)
    #expect(verdict(#"[{"/": "*"}]"#, "https://h").kind == .open)
  }

  @Test("No rules: none; an app the file does not grant: none, not granted")
  func none() throws {
    let list = try #require(parseStatementList("[\(appStatement())]").statementList)
    let routing = AndroidRouter(list).route("https://h/x")
    #expect(routing.verdicts.map(\.kind) == [.none])
    #expect(routing.verdicts[0].reason == .noRules)
    let other = AndroidRouter(list).route("https://h/x", app: "com.other")
    #expect(other.verdicts[0].reason == .notGranted)
  }

  @Test("The closest component names what failed")
  func closest() {
    let rules = #"[{"/": "/a", "?": {"x": "1"}}, {"/": "/b"}]"#
    guard case .nothingMatched(let near?) = verdict(rules, "https://h/a?x=2").reason else {
      Issue.record("no near miss")
      return
    }
    #expect(near.component == 0)
    #expect(near.failedDescription == "query parameter x")
  }
}

@Suite("Dynamic rules: the component index finds what trying every component finds")
struct ComponentIndexTests {
  @Test func indexedAndLinearDecideAlike() throws {
    var generator = SystemRandomNumberGenerator()
    let pieces = ["/a", "/ab", "/a/", "/b", "*", "?", ".", "x", "/", "\\", "%20"]
    for _ in 0..<200 {
      var components: [String] = []
      for _ in 0..<Int.random(in: 1...12, using: &generator) {
        let pattern = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
          pieces.randomElement(using: &generator)!
        }.joined()
        let exclude = Bool.random(using: &generator)
        let query = Bool.random(using: &generator) ? #", "?": {"q": "*"}"# : ""
        components.append(
          "{\"/\": \(JSONValue.quoted(pattern))\(query)\(exclude ? ", \"exclude\": true" : "")}")
      }
      let text = "[" + dynamicStatement("[" + components.joined(separator: ",") + "]") + "]"
      guard let rules = parseStatementList(text).statementList?.statements.first?.dynamicRules,
        rules.isInForce
      else { continue }
      for _ in 0..<30 {
        let path = (0..<Int.random(in: 0...5, using: &generator)).map { _ in
          pieces.randomElement(using: &generator)!
        }.joined()
        let url = AndroidURLParts("https://h" + path + (Bool.random() ? "?q=1" : ""))
        let linear = rules.components.first { $0.matches(url) }
        #expect(rules.decide(url).component == linear?.index, "\(text) \(url.text)")
      }
    }
  }
}
