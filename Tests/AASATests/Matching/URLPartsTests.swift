import AASA
import AASACore
import Testing

/// aasa-behaviour.md §2 (host) and §3 (paths, queries, fragments, case and encoding), through
/// whole files and the matcher.
@Suite("Matching: URL parts (§2 host, §3)")
struct URLPartsTests {
  // MARK: Host

  @Test("a full URL's host must be the site's domain, compared case-insensitively")
  func hostCheck() throws {
    let text = componentsFile(#"[{"/": "/albums/*"}]"#)
    let matcher = try siteMatcher(text, domain: "Example.COM")
    #expect(verdictKind(matcher, "https://example.com/albums/1") == .match)
    #expect(verdictKind(matcher, "https://EXAMPLE.com/albums/1") == .match)
    #expect(verdictKind(matcher, "https://example.com:443/albums/1") == .match)
    #expect(verdictKind(matcher, "https://example.com./albums/1") == .match)
    #expect(verdictKind(matcher, "/albums/1") == .match)
    let foreign = matcher.route(URLInput("https://www.example.com/albums/1"))
    #expect(foreign.foreignHost == "www.example.com")
    #expect(foreign.app == nil)
    #expect(foreign.verdicts.map(\.kind) == [.none])
    #expect(matcher.firstMatch(URLInput("https://other.org/albums/1")).app == nil)
    let app = "D3KQX62K1A.com.example.app"
    #expect(
      matcher.verdict(for: URLInput("https://other.org/albums/1"), app: app)?.kind
        == Verdict.Kind.none)
  }

  @Test("without a domain, a full URL is routed by its path, query and fragment")
  func noDomain() throws {
    let matcher = try siteMatcher(componentsFile(##"[{"/": "/albums/*", "?": "a=1", "#": "f"}]"##))
    #expect(verdictKind(matcher, "https://anything.example/albums/1?a=1#f") == .match)
    #expect(verdictKind(matcher, "https://anything.example/albums/1?a=2#f") == Verdict.Kind.none)
  }

  // MARK: Paths

  @Test(
    "path patterns follow the normalization examples of §3",
    arguments: [
      ("/buy", "/buy/", true), ("/buy/", "/buy", true), ("/buy/*", "/buy", true),
      ("/buy/*", "/buyer", false), ("abc", "/abc", true), ("//abc", "/abc", true),
      ("/", "", true), ("/a/*/c", "/a/c", false), ("/id/????", "/id/481", false),
      ("/id/???", "/id/481", true), ("/a/*", "/a/b/c/d", true), ("/a/?*", "/a/", false),
      ("/a/?*", "/a/b", true), ("*", "", true), ("", "/x", false), (#"/a\*"#, "/a*", true),
      (#"/a\*"#, "/ab", false), ("/a/b", "/a%2Fb", false), ("/a%2Fb", "/a%2Fb", true),
      ("/*/b", "/a%2Fb", false), ("/*/b", "/a/b", true),
    ])
  func pathNormalization(pattern: String, path: String, matches: Bool) throws {
    let matcher = try siteMatcher(
      componentsFile("[{\"/\": " + JSONValue.quoted(pattern) + "}]"))
    #expect(verdictKind(matcher, path) == (matches ? .match : Verdict.Kind.none))
  }

  @Test("`?` is one Unicode scalar, not one byte, once the URL is decoded")
  func questionMarkIsOneScalar() throws {
    let matcher = try siteMatcher(
      componentsFile(#"[{"/": "/caf?", "percentEncoded": false}]"#))
    #expect(verdictKind(matcher, "/caf%C3%A9") == .match)
    #expect(verdictKind(matcher, "/caf%C3%A9%C3%A9") == Verdict.Kind.none)
  }

  // MARK: Queries

  @Test(
    "a string query pattern matches the whole raw query",
    arguments: [
      ("a=1", "/q?a=1", true), ("a=1", "/q?a=1&b=2", false), ("a=1*", "/q?a=1&b=2", true),
      ("?*", "/q", false), ("?*", "/q?x", true), ("", "/q", true), ("", "/q?", true),
      ("", "/q?a", false), ("*", "/q", true), ("a=%20", "/q?a=%20", true),
    ])
  func wholeQuery(pattern: String, url: String, matches: Bool) throws {
    let matcher = try siteMatcher(
      componentsFile(#"[{"/": "/q", "?": "# + JSONValue.quoted(pattern) + "}]"))
    #expect(verdictKind(matcher, url) == (matches ? .match : Verdict.Kind.none))
  }

  @Test(
    "a query dictionary: listed items must match, absent counts as empty, repeats must all match",
    arguments: [
      (#"{"b": "*"}"#, "/q?a=1", true), (#"{"b": ""}"#, "/q?a=1", true),
      (#"{"b": "?*"}"#, "/q?a=1", false), (#"{"b": "?*"}"#, "/q?b", false),
      (#"{"b": "?*"}"#, "/q?b=", false), (#"{"b": "?*"}"#, "/q?b=2", true),
      (#"{"b": "2"}"#, "/q?a=1&b=2&c=3", true), (#"{"b": "2"}"#, "/q?b=2&b=3", false),
      (#"{"b": "?"}"#, "/q?b=2&b=3", true), (#"{"a": "1", "b": "2"}"#, "/q?b=2&a=1", true),
      (#"{"a": "1", "b": "2"}"#, "/q?b=2", false), (#"{"B": "2"}"#, "/q?b=2", false),
      (#"{"b": "*"}"#, "/q", true),
    ])
  func queryDictionary(pattern: String, url: String, matches: Bool) throws {
    let matcher = try siteMatcher(componentsFile(#"[{"/": "/q", "?": "# + pattern + "}]"))
    #expect(verdictKind(matcher, url) == (matches ? .match : Verdict.Kind.none))
  }

  @Test("a non-string query value drops the whole query constraint")
  func nonStringQueryValue() throws {
    let text = componentsFile(#"[{"/": "/search", "?": {"q": "?*", "page": 2}}]"#)
    let report = SiteAssociationLinter().lint(Array(text.utf8))
    #expect(report.diagnostics.contains { $0.code == .Apple.nonStringQueryValue })
    let matcher = try siteMatcher(text)
    #expect(verdictKind(matcher, "/search") == .match)
    #expect(verdictKind(matcher, "/search?page=3") == .match)
    #expect(verdictKind(matcher, "/search?q=") == .match)
    #expect(verdictKind(matcher, "/other?q=x") == Verdict.Kind.none)
    // The same component with a string value keeps its constraint.
    let strict = try siteMatcher(
      componentsFile(#"[{"/": "/search", "?": {"q": "?*", "page": "2"}}]"#))
    #expect(verdictKind(strict, "/search") == Verdict.Kind.none)
    #expect(verdictKind(strict, "/search?q=x&page=2") == .match)
  }

  // MARK: Fragments

  @Test(
    "the fragment is matched like any part; no fragment is the empty string",
    arguments: [
      ("top", "/f#top", true), ("top", "/f", false), ("top", "/f#top2", false),
      ("", "/f", true), ("", "/f#", true), ("", "/f#x", false), ("?*", "/f", false),
      ("app-*", "/f#app-", true), ("*", "/f", true),
    ])
  func fragment(pattern: String, url: String, matches: Bool) throws {
    let matcher = try siteMatcher(
      componentsFile(##"[{"/": "/f", "#": "## + JSONValue.quoted(pattern) + "}]"))
    #expect(verdictKind(matcher, url) == (matches ? .match : Verdict.Kind.none))
  }

  // MARK: Case and encoding

  @Test("caseSensitive false folds case on both sides, in every part")
  func caseInsensitive() throws {
    let matcher = try siteMatcher(
      componentsFile(
        ##"[{"/": "/Shop/*", "?": {"ref": "Mail"}, "#": "Top", "caseSensitive": false}]"##))
    #expect(verdictKind(matcher, "/SHOP/1?ref=mail#TOP") == .match)
    let sensitive = try siteMatcher(componentsFile(#"[{"/": "/Shop/*"}]"#))
    #expect(verdictKind(sensitive, "/shop/1") == Verdict.Kind.none)
    #expect(verdictKind(sensitive, "/Shop/1") == .match)
  }

  @Test("caseSensitive false folds non-ASCII letters in decoded URLs")
  func caseFoldingUnicode() throws {
    let matcher = try siteMatcher(
      componentsFile(#"[{"/": "/Été/*", "caseSensitive": false, "percentEncoded": false}]"#))
    #expect(verdictKind(matcher, "/%C3%A9t%C3%A9/1") == .match)
  }

  @Test("percentEncoded true compares the escapes as written, hex case included")
  func percentEncodedTrue() throws {
    let matcher = try siteMatcher(componentsFile(#"[{"/": "/caf%C3%A9/*"}]"#))
    #expect(verdictKind(matcher, "/caf%C3%A9/1") == .match)
    #expect(verdictKind(matcher, "/caf%c3%a9/1") == Verdict.Kind.none)
    // Typed as a person would, the URL is sent encoded (upper-case hex), as Safari sends it.
    #expect(verdictKind(matcher, "/café/1") == .match)
  }

  @Test("percentEncoded false decodes the URL, not the pattern")
  func percentEncodedFalse() throws {
    let decoded = try siteMatcher(
      componentsFile(#"[{"/": "/café/*", "percentEncoded": false}]"#))
    #expect(verdictKind(decoded, "/caf%C3%A9/1") == .match)
    #expect(verdictKind(decoded, "/caf%c3%a9/1") == .match)
    let literal = try siteMatcher(componentsFile(#"[{"/": "/a%20b", "percentEncoded": false}]"#))
    #expect(verdictKind(literal, "/a%20b") == Verdict.Kind.none)
    #expect(verdictKind(literal, "/a%2520b") == .match)
  }
}
