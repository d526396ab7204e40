import AASACore
import AASALinks
import Testing

@Suite struct LinksLinterTests {
  @Test func theExampleFileIsClean() throws {
    let report = LinksFixtures.lint(LinksFixtures.links)
    #expect(report.diagnostics.filter { $0.severity > .info }.isEmpty, "\(report.diagnostics)")
    let rules = try #require(report.rules)
    #expect(rules.domain == "go.example.com")
    #expect(rules.rules.map(\.path) == ["/p/*", "/invite/*"])
    let product = try #require(rules.rule(forPath: "/p/42"))
    #expect(product.web == "https://www.example.com/products?from=link")
    #expect(product.ios == "https://apps.apple.com/app/example-shop/id284882215")
    #expect(product.preview.title == "A product")
    #expect(product.preview.image == "https://www.example.com/card.png")
    #expect(rules.rule(forPath: "/INVITE/abc")?.index == 1)
    #expect(rules.rule(forPath: "/P/42") == nil)
    #expect(rules.rule(forPath: "/other") == nil)
  }

  /// Each refusal, with the line and column of what is wrong.
  @Test(arguments: [
    (#"[]"#, "LNK001", 1, 1),
    (#"{"rules": []}"#, "LNK002", 1, 11),
    (#"{"rules": [{"web": "https://w.example/"}]}"#, "LNK005", 1, 12),
    (#"{"rules": [{"path": "p/*", "web": "https://w.example/"}]}"#, "LNK006", 1, 21),
    (#"{"rules": [{"path": "/.well-known/*", "web": "https://w.example/"}]}"#, "LNK007", 1, 21),
    (#"{"rules": [{"path": "/.Well-Known/x", "web": "https://w.example/"}]}"#, "LNK007", 1, 21),
    (
      "{\"rules\": [{\"path\": \"/p/*\", \"web\": \"https://w.example/\"},\n {\"path\": \"/p/1\", \"web\": \"https://w.example/\"}]}",
      "LNK008", 2, 11
    ),
    (
      "{\"rules\": [{\"path\": \"/p/*\", \"web\": \"https://w.example/\"},\n {\"path\": \"/*/1\", \"web\": \"https://w.example/\"}]}",
      "LNK008", 2, 11
    ),
    (#"{"rules": [{"path": "/p/*"}]}"#, "LNK101", 1, 12),
    (#"{"rules": [{"path": "/p/*", "web": "https://w.example@evil.example/"}]}"#, "LNK102", 1, 36),
    (#"{"rules": [{"path": "/p/*", "web": "https:\\evil.example/"}]}"#, "LNK102", 1, 36),
    (#"{"rules": [{"path": "/p/*", "web": "//evil.example/"}]}"#, "LNK102", 1, 36),
    (#"{"rules": [{"path": "/p/*", "web": "https://w.example/%zz"}]}"#, "LNK102", 1, 36),
    (#"{"rules": [{"path": "/p/*", "web": "javascript:alert(1)"}]}"#, "LNK103", 1, 36),
    (#"{"rules": [{"path": "/p/*", "web": "http://w.example/"}]}"#, "LNK103", 1, 36),
    (#"{"rules": [{"path": "/p/*", "web": "itms-apps://x/"}]}"#, "LNK103", 1, 36),
    (
      #"{"domain": "go.example.com", "rules": [{"path": "/p/*", "web": "https://go.example.com/p/x"}]}"#,
      "LNK105", 1, 40
    ),
    (
      #"{"rules": [{"path": "/p/*", "web": "https://w.example/", "og": {"image": "http://w.example/i.png"}}]}"#,
      "LNK106", 1, 74
    ),
    (#"{"rules": [{"path": "/help/*", "web": "https://w.example/"}]}"#, "LNK201", 1, 21),
  ])
  func refusals(_ text: String, _ code: String, _ line: Int, _ column: Int) throws {
    let report = LinksFixtures.lint(text)
    #expect(report.hasErrors)
    let finding = try #require(
      report.diagnostics.first { $0.code.rawValue == code }, "\(report.diagnostics)")
    #expect(finding.location.line == line && finding.location.column == column, "\(finding)")
  }

  /// The twins of the refusals above that are fine.
  @Test(arguments: [
    "{\"rules\": [{\"path\": \"/p/*\", \"web\": \"https://w.example/\"},\n {\"path\": \"/invite/*\", \"web\": \"https://w.example/\"}]}",
    #"{"rules": [{"path": "/p/*", "web": "https://w.example:8443/a?b=c#d"}]}"#,
    #"{"rules": [{"path": "/p/*", "web": "https://w.example/", "ios": "itms-apps://apps.apple.com/app/id284882215", "android": "market://details?id=com.example.shop"}]}"#,
    #"{"domain": "go.example.com", "rules": [{"path": "/p/*", "web": "https://go.example.com/about"}]}"#,
  ])
  func acceptedTwins(_ text: String) {
    let report = LinksFixtures.lint(text)
    #expect(!report.hasErrors, "\(report.diagnostics)")
  }

  @Test func caseInsensitiveRulesOverlapAcrossCase() {
    let text = """
      {"rules": [{"path": "/p/*", "web": "https://w.example/"},
                 {"path": "/P/1", "caseSensitive": false, "web": "https://w.example/"}]}
      """
    #expect(LinksFixtures.lint(text).diagnostics.contains { $0.code == .Links.overlappingRules })
    let exact = """
      {"rules": [{"path": "/p/*", "web": "https://w.example/"},
                 {"path": "/P/1", "web": "https://w.example/"}]}
      """
    #expect(!LinksFixtures.lint(exact).hasErrors)
  }

  @Test func withoutASiteTheRulesAreNotCheckedAndSaySo() throws {
    let report = LinksFixtures.lint(
      #"{"rules": [{"path": "/help/*", "web": "https://w.example/"}]}"#, claims: nil)
    #expect(!report.hasErrors)
    let codes = Set(report.diagnostics.map(\.code.rawValue))
    #expect(codes == ["LNK011", "LNK202"])
  }

  @Test func theServedHostWinsOverTheFilesDomain() throws {
    let report = LinksFixtures.lint(LinksFixtures.links, domain: "links.example.org")
    #expect(try #require(report.rules).domain == "links.example.org")
  }

  @Test func aStoreThatIsNoStoreIsAWarning() {
    let report = LinksFixtures.lint(
      #"{"rules": [{"path": "/p/*", "web": "https://w.example/", "ios": "https://w.example/ios"}]}"#
    )
    #expect(!report.hasErrors)
    #expect(report.diagnostics.contains { $0.code == .Links.notAStore })
  }

  @Test func badJSONIsTheReadersFindingWithItsPosition() throws {
    let report = LinksFixtures.lint("{\"rules\": [\n  {\"path\": \"/p/*\",}\n]}")
    #expect(report.hasErrors)
    let finding = try #require(report.diagnostics.first { $0.code == .JSON.trailingComma })
    #expect(finding.location.line == 2)
  }
}
