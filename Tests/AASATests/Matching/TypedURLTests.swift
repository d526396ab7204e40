import AASA
import AASACore
import Testing

/// URLs as people type or paste them are routed as a browser sends them (WHATWG URL Standard),
/// and hosts compare in their ASCII form.
@Suite("Matching: typed URLs and domains")
struct TypedURLTests {
  @Test(
    "address-bar encoding of each part",
    arguments: [
      ("/café/x", "/caf%C3%A9/x"),
      ("/my shop/x", "/my%20shop/x"),
      ("/a?q=my shop&b=\"x\"#top one", "/a?q=my%20shop&b=%22x%22#top%20one"),
      ("/a?it's", "/a?it%27s"),
      ("/{x}^`", "/%7Bx%7D%5E%60"),
      ("/already%20encoded/%C3%A9", "/already%20encoded/%C3%A9"),
      ("  /trimmed\t\n", "/trimmed"),
      ("https://bücher.example/a b", "https://xn--bcher-kva.example/a%20b"),
      ("https://user@MÜNCHEN.example:8443/x", "https://user@xn--mnchen-3ya.example:8443/x"),
      ("/plain/ascii?x=1#f", "/plain/ascii?x=1#f"),
    ])
  func encoding(_ input: String, _ sent: String) {
    #expect(AddressBarEncoding.encode(input) == sent)
  }

  @Test("raw and encoded spellings route alike")
  func rawAndEncodedRouteAlike() throws {
    let matcher = try siteMatcher(
      componentsFile(#"[{"/": "/caf%C3%A9/*"}, {"/": "/my%20shop/*"}]"#))
    for (raw, encoded) in [("/café/x", "/caf%C3%A9/x"), ("/my shop/x", "/my%20shop/x")] {
      #expect(verdictKind(matcher, raw) == .match)
      #expect(verdictKind(matcher, raw) == verdictKind(matcher, encoded))
    }
  }

  @Test("the lint's warning about non-ASCII patterns agrees with the routing")
  func lintAgreesWithRouting() throws {
    let text = componentsFile(#"[{"/": "/café/*"}]"#)
    let report = SiteAssociationLinter().lint(Array(text.utf8))
    #expect(report.diagnostics.contains { $0.code == .Apple.nonASCIIWithPercentEncoding })
    let matcher = try siteMatcher(text)
    #expect(verdictKind(matcher, "/café/x") == Verdict.Kind.none)
    #expect(verdictKind(matcher, "/caf%C3%A9/x") == Verdict.Kind.none)
  }

  @Test(
    "Punycode: RFC 3492 and everyday labels",
    arguments: [
      ("bücher", "xn--bcher-kva"), ("münchen", "xn--mnchen-3ya"), ("例え", "xn--r8jz45g"),
      ("ü", "xn--tda"), ("example", "example"),
    ])
  func punycode(_ label: String, _ ascii: String) {
    #expect(IDNA.asciiHost(label) == ascii)
  }

  @Test("an IDN host routes for its ASCII domain and the other way round")
  func idnHosts() throws {
    let text = componentsFile(#"[{"/": "/a/*"}]"#)
    let ascii = try siteMatcher(text, domain: "xn--bcher-kva.example")
    #expect(ascii.route(URLInput("https://bücher.example/a/1")).app != nil)
    let unicode = try siteMatcher(text, domain: "Bücher.example")
    #expect(unicode.route(URLInput("https://xn--bcher-kva.example/a/1")).app != nil)
    #expect(unicode.route(URLInput("https://bucher.example/a/1")).foreignHost == "bucher.example")
  }

  @Test(
    "--domain takes what people paste",
    arguments: [
      ("example.com", "example.com", false, 0),
      ("applinks:example.com", "example.com", false, 0),
      ("applinks:example.com?mode=developer", "example.com", false, 0),
      ("webcredentials:Example.COM.", "example.com", false, 0),
      ("*.example.com", "example.com", true, 0),
      ("applinks:*.example.com?mode=managed", "example.com", true, 0),
      ("https://example.com/albums/1?x=1", "example.com", false, 1),
      ("https://www.example.com:8443", "www.example.com", false, 1),
      ("bücher.example", "xn--bcher-kva.example", false, 0),
    ])
  func domainForms(_ text: String, _ host: String, _ wildcard: Bool, _ notes: Int) throws {
    let parsed = try SiteDomain.parse(text)
    #expect(parsed.domain.host == host)
    #expect(parsed.domain.coversSubdomains == wildcard)
    #expect(parsed.notes.count == notes)
  }

  @Test(
    "--domain refuses what names no host, saying which forms it takes",
    arguments: [
      "", "applinks:", "example.com?mode=sometimes", "ftp://example.com", "exa mple.com",
      "example.com/albums", "*example.com", "a..b", "-bad.example", "example.com:8443",
    ])
  func badDomains(_ text: String) {
    #expect(throws: SiteDomain.UnreadableDomain.self) { try SiteDomain.parse(text) }
    do {
      _ = try SiteDomain.parse(text)
    } catch {
      #expect(error.description.contains("applinks:example.com"))
    }
  }

  @Test("*.example.com covers subdomains but not the domain itself")
  func wildcardDomain() throws {
    let association = try #require(
      SiteAssociationLinter().lint(Array(componentsFile(#"[{"/": "/a/*"}]"#).utf8)).association)
    let matcher = Matcher(association, site: try SiteDomain.parse("*.example.com").domain)
    #expect(matcher.route(URLInput("https://www.example.com/a/1")).app != nil)
    #expect(matcher.route(URLInput("https://a.b.example.com/a/1")).app != nil)
    #expect(matcher.route(URLInput("https://example.com/a/1")).foreignHost == "example.com")
    #expect(matcher.route(URLInput("https://badexample.com/a/1")).foreignHost != nil)
    #expect(matcher.route(URLInput("/a/1")).app != nil)
  }
}
