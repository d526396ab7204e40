import AASA
import Foundation
import Testing

/// The export of a matcher's compiled rules (``MatcherProgram``) that the validator page runs: the
/// rules in order with the names verdicts give them, each pattern as its automaton, node for
/// node. The page's answers are compared with the API's in ValidatorMatcherAgreementTests; these
/// pin the export itself.
@Suite struct MatcherProgramTests {
  /// The program as the page receives it.
  static func exported(_ text: String) throws -> [String: Any] {
    let data = try JSONEncoder().encode(MatcherProgram(try siteMatcher(text)))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  static func rules(_ program: [String: Any], entry: Int = 0) throws -> [[String: Any]] {
    let entries = try #require(program["entries"] as? [[String: Any]])
    return try #require(entries[entry]["rules"] as? [[String: Any]])
  }

  static func nodes(_ pattern: Any?) throws -> [[Any]] {
    let automaton = try #require(pattern as? [String: Any])
    return try #require(automaton["nodes"] as? [[Any]])
  }

  @Test func rulesKeepTheirOrderNamesAndResolvedSettings() throws {
    let program = try Self.exported(
      """
      {"applinks": {"defaults": {"caseSensitive": false},
        "details": [{"appIDs": ["9JA89QQLNQ.com.example.app", "9JA89QQLNQ.com.example.beta"],
          "defaults": {"percentEncoded": false},
          "components": [{"/": "/a/*", "exclude": true}, {"/": "/b", "caseSensitive": true}]},
        {"appID": "7LH2R4BZSN.com.example.other", "paths": ["NOT /x/*", "/y"]}]}}
      """)
    let entries = try #require(program["entries"] as? [[String: Any]])
    #expect(entries.count == 2)
    #expect(
      entries[0]["apps"] as? [String] == [
        "9JA89QQLNQ.com.example.app", "9JA89QQLNQ.com.example.beta",
      ])
    let first = try Self.rules(program)
    #expect(first.map { $0["index"] as? Int } == [0, 1])
    #expect(first.map { $0["exclude"] as? Bool } == [true, false])
    #expect(first.map { $0["caseSensitive"] as? Bool } == [false, true])
    #expect(first.map { $0["percentEncoded"] as? Bool } == [false, false])
    #expect(first.map { $0["kind"] as? String } == ["component", "component"])
    #expect(first[0]["written"] as? String == #"{"/":"/a/*","exclude":true}"#)
    let legacy = try Self.rules(program, entry: 1)
    #expect(legacy.map { $0["kind"] as? String } == ["path", "path"])
    #expect(legacy.map { $0["written"] as? String } == ["NOT /x/*", "/y"])
    #expect(legacy.map { $0["exclude"] as? Bool } == [true, false])
    #expect(legacy.map { $0["detail"] as? Int } == [1, 1])
    // Legacy paths never look at the query or the fragment.
    #expect(legacy[0]["fragment"] as? String == "all")
    #expect(legacy[0]["query"] is NSNull)
  }

  @Test func patternsThatNeedNoAutomatonSaySo() throws {
    let program = try Self.exported(
      componentsFile(
        #"[{"/": "*"}, {"/": "/u/$(nosuch)"}, {"/": "/q", "?": {"a": 1}}, {"/": "/i", "?": {"k": "*", "m": "1"}}]"#
      ))
    let rules = try Self.rules(program)
    #expect(rules[0]["path"] as? String == "all")
    #expect(rules[1]["path"] as? String == "none")
    // A `?` object with a non-string value is dropped: any query.
    #expect(rules[2]["query"] is NSNull)
    let items = try #require((rules[3]["query"] as? [String: Any])?["items"] as? [[Any]])
    #expect(items.map { $0[0] as? String } == ["k", "m"])
    #expect(items[0][1] as? String == "all")
  }

  @Test func aPathWithVariablesKeepsItsNormalizationInTheAutomaton() throws {
    let program = try Self.exported(
      componentsFile(
        #"[{"/": "/$(section)/x"}, {"/": "/plain/*"}]"#, variables: #"{"section": ["", "en"]}"#))
    let rules = try Self.rules(program)
    let withVariables = try #require(rules[0]["path"] as? [String: Any])
    #expect(withVariables["path"] as? Bool == true)
    #expect(withVariables["slash"] is Int)
    let plain = try #require(rules[1]["path"] as? [String: Any])
    // Normalized before compiling: no modes, no leading-slash entry.
    #expect(plain["path"] as? Bool == false)
    #expect(plain["slash"] is NSNull)
    #expect(try Self.nodes(plain).count == 1 + 1 + "/plain/".count)
  }

  @Test func aLongLiteralIsSpelledOutOneNodePerScalarInOrder() throws {
    let literal = String(repeating: "abcdefghij", count: 5)
    let program = try Self.exported(componentsFile(#"[{"/": "*/\#(literal)"}]"#))
    let pattern = try #require(try Self.rules(program)[0]["path"] as? [String: Any])
    let nodes = try Self.nodes(pattern)
    // Follow the automaton from its start through the star: it must spell `/LITERAL/` and accept.
    var index = try #require(pattern["start"] as? Int)
    var spelled: [Int] = []
    var steps = 0
    while steps < 1_000 {
      steps += 1
      let node = nodes[index]
      let kind = try #require(node[0] as? Int)
      if kind == MatcherProgram.NodeKind.accept.rawValue { break }
      if kind == MatcherProgram.NodeKind.star.rawValue {
        index = try #require(node[1] as? Int)
        continue
      }
      #expect(kind == MatcherProgram.NodeKind.scalar.rawValue)
      spelled.append(try #require(node[1] as? Int))
      index = try #require(node[2] as? Int)
    }
    #expect(spelled == Array("/\(literal)/".unicodeScalars.map { Int($0.value) }))
  }

  @Test func classesAreExportedAsTheirRanges() throws {
    let program = try Self.exported(componentsFile(#"[{"/": "/$(digit)$(xdigit)"}]"#))
    let nodes = try Self.nodes(try Self.rules(program)[0]["path"])
    let ranges = nodes.filter { $0[0] as? Int == MatcherProgram.NodeKind.ranges.rawValue }
      .map { $0[1] as? [[Int]] }
    #expect(ranges.contains { $0 == [[48, 57]] })
    #expect(ranges.contains { $0 == [[48, 57], [65, 70], [97, 102]] })
  }

  @Test func caseInsensitivePatternsAreExportedFolded() throws {
    let program = try Self.exported(componentsFile(#"[{"/": "/ÉTÉ", "caseSensitive": false}]"#))
    let scalars = try Self.nodes(try Self.rules(program)[0]["path"])
      .filter { $0[0] as? Int == MatcherProgram.NodeKind.scalar.rawValue }
      .compactMap { $0[1] as? Int }
    #expect(Set(scalars) == Set("/été".unicodeScalars.map { Int($0.value) }))
  }

  @Test func theStateCountIsEveryPatternsNodes() throws {
    let program = MatcherProgram(
      try siteMatcher(componentsFile(##"[{"/": "/a", "#": "b"}, {"/": "/$(lang)/*"}]"##)))
    #expect(program.states > 100)  // $(lang)'s trie, a few hundred states
    let small = MatcherProgram(try siteMatcher(componentsFile(##"[{"/": "/a", "#": "b"}]"##)))
    #expect(small.states == (1 + "/a/".count) + (1 + 1))
  }
}
