import TestSupport
import Testing

@testable import AASA

/// The rule index only narrows down which rules to try; these tests check that it never leaves out
/// a rule that matches, by comparing the matcher with a scan of every rule in order.
@Suite("Rule index")
struct RuleIndexTests {
  /// The first rule of each entry that matches, found by trying every rule in order.
  private static func scanEveryRule(_ matcher: Matcher, _ url: String) -> [Int?] {
    var prepared = PreparedURL(URLInput(url))
    return matcher.entries.map { entry in
      entry.rules.first { $0.matches(&prepared) }?.reference.index
    }
  }

  /// The deciding rule of each entry as the indexed matcher finds it.
  private static func indexedDecision(_ matcher: Matcher, _ url: String) -> [Int?] {
    matcher.route(URLInput(url), explain: false).verdicts.map { verdict in
      verdict.decidingRule.map { $0.index }
    }
  }

  @Test("Random rule sets decide every URL as a scan of every rule does")
  func randomRuleSetsAgreeWithAScan() throws {
    var generator = SeededRandom(seed: 7)
    // Keys share long runs, so the index's merged chains split at many points; upper case, `%`
    // and non-ASCII exercise folding and decoding; variables and `?` leave rules without prefixes.
    let patternPieces = [
      "/", "/", "shop", "shops", "sh", "S", "A", "a", "%41", "%2F", "é", "É", "*", "?", "$(lang)",
      "$(v)", ".pdf",
    ]
    let urlPieces = [
      "/", "/", "shop", "shops", "sh", "S", "A", "a", "%41", "%2f", "é", "É", ".pdf", "en", "x",
    ]
    var disagreements: [String] = []
    for round in 0..<200 {
      var components: [String] = []
      for _ in 0..<(1 + generator.next(12)) {
        let path = generator.string(from: patternPieces, maxLength: 5)
        var settings: [String] = [#""/": "\#(path)""#]
        if generator.next(3) == 0 { settings.append(#""caseSensitive": false"#) }
        if generator.next(3) == 0 { settings.append(#""percentEncoded": false"#) }
        if generator.next(4) == 0 { settings.append(#""exclude": true"#) }
        components.append("{" + settings.joined(separator: ", ") + "}")
      }
      let file = componentsFile(
        "[" + components.joined(separator: ", ") + "]", variables: #"{"v": ["", "shop", "A/"]}"#)
      let report = SiteAssociationLinter().lint(Array(file.utf8))
      let association = try #require(report.association)
      let matcher = Matcher(association)
      for _ in 0..<40 {
        let url = generator.string(from: urlPieces, maxLength: 6)
        let expected = Self.scanEveryRule(matcher, url)
        let actual = Self.indexedDecision(matcher, url)
        if expected != actual {
          disagreements.append("round \(round): \(url) in \(components): \(actual) ≠ \(expected)")
        }
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
  }

  @Test("Case-sensitive and case-insensitive rules share one index without mixing their verdicts")
  func mixedCaseSensitivity() throws {
    let matcher = try siteMatcher(
      componentsFile(
        #"""
        [{"/": "/Account/*", "exclude": true, "caseSensitive": true},
         {"/": "/account/*"},
         {"/": "*.PDF", "caseSensitive": true, "exclude": true},
         {"/": "/docs/*"}]
        """#, domainDefaults: #"{"caseSensitive": false}"#))
    #expect(verdictKind(matcher, "/Account/orders") == .blocked)
    #expect(verdictKind(matcher, "/ACCOUNT/orders") == .match)
    #expect(verdictKind(matcher, "/account/orders") == .match)
    #expect(verdictKind(matcher, "/docs/guide.PDF") == .blocked)
    #expect(verdictKind(matcher, "/docs/guide.pdf") == .match)
    #expect(verdictKind(matcher, "/DOCS/guide.pdf") == .match)
  }

  @Test("Keys that share a beginning are all found: chains split where keys part")
  func keysThatShareABeginning() throws {
    let matcher = try siteMatcher(
      componentsFile(
        #"""
        [{"/": "/products/shoes/preview/*", "exclude": true},
         {"/": "/products/shoes/*"},
         {"/": "/products/shirts"},
         {"/": "/products/sh*"},
         {"/": "/prod"}]
        """#))
    #expect(verdictKind(matcher, "/products/shoes/preview/x") == .blocked)
    #expect(verdictKind(matcher, "/products/shoes/x") == .match)
    #expect(verdictKind(matcher, "/products/shirts") == .match)
    #expect(verdictKind(matcher, "/products/shorts") == .match)
    #expect(verdictKind(matcher, "/prod") == .match)
    #expect(verdictKind(matcher, "/products/hats") == Verdict.Kind.none)
    #expect(verdictKind(matcher, "/pro") == Verdict.Kind.none)
  }

  @Test("A node with many branches finds ASCII and non-ASCII keys alike")
  func wideNodes() throws {
    let letters = "abcdefghijkl".map(String.init) + ["\u{E9}", "\u{FC}"]
    // Compared decoded, so that the non-ASCII letters are keys of the index as written.
    let components = letters.enumerated().map { index, letter in
      #"{"/": "/\#(letter)/*", "exclude": \#(index % 2 == 0), "percentEncoded": false}"#
    }
    let matcher = try siteMatcher(componentsFile("[" + components.joined(separator: ", ") + "]"))
    for (index, letter) in letters.enumerated() {
      #expect(verdictKind(matcher, "/\(letter)/x") == (index % 2 == 0 ? .blocked : .match))
      #expect(verdictKind(matcher, "/\(letter)\(letter)/x") == Verdict.Kind.none)
    }
    #expect(verdictKind(matcher, "/m/x") == Verdict.Kind.none)
    #expect(verdictKind(matcher, "/\u{E8}/x") == Verdict.Kind.none)
  }
}
