import AASACore
import TestSupport
import Testing

@testable import AASAAndroid

/// A statement granting App Links to com.example.app with `components` as its dynamic rules.
func dynamicStatement(_ components: String, relations: String? = nil) -> String {
  let relationText = relations ?? #"["delegate_permission/common.handle_all_urls"]"#
  return """
    {"relation": \(relationText), "target": {"namespace": "android_app", \
    "package_name": "com.example.app", "sha256_cert_fingerprints": ["\(exampleFingerprint)"]}, \
    "relation_extensions": {"delegate_permission/common.handle_all_urls": \
    {"dynamic_app_link_components": \(components)}}}
    """
}

/// The router of a one-statement file with `components`.
func router(_ components: String) -> AndroidRouter {
  AndroidRouter(parseStatementList("[\(dynamicStatement(components))]").statementList!)
}

@Suite("Dynamic rules: parsing, validation and lint codes")
struct DynamicRulesParserTests {
  @Test("A valid Android 15 file has no findings: relation_extensions is not ASL006")
  func validFile() throws {
    let text = "[\(dynamicStatement(#"[{"/": "/products/*"}, {"/": "*", "exclude": true}]"#))]"
    #expect(assetLinksSummary(text) == [])
    let statement = try #require(parseStatementList(text).statementList?.statements.first)
    let rules = try #require(statement.dynamicRules)
    #expect(rules.isInForce)
    #expect(rules.components.count == 2)
    #expect(rules.components[1].excludes)
  }

  @Test(
    "Every malformed field is an error that discards all the statement's rules, located",
    arguments: [
      (
        #"[{"/": "/a"}, "/b"]"#,
        "DAL005@[0].relation_extensions.delegate_permission/common.handle_all_urls.dynamic_app_link_components[1]"
      ),
      (
        #"{"/": "/a"}"#,
        "DAL003@[0].relation_extensions.delegate_permission/common.handle_all_urls.dynamic_app_link_components"
      ),
      (
        "[]",
        "DAL004@[0].relation_extensions.delegate_permission/common.handle_all_urls.dynamic_app_link_components"
      ),
      (#"[{"/": 1}]"#, "DAL006@"),
      (#"[{"/": ""}]"#, "DAL007@"),
      (##"[{"#": ""}]"##, "DAL007@"),
      (#"[{"?": "a=1"}]"#, "DAL008@"),
      (#"[{"?": {}}]"#, "DAL009@"),
      (#"[{"?": {"a": 1}}]"#, "DAL010@"),
      (#"[{"?": {"a": ""}}]"#, "DAL011@"),
      (#"[{"/": "/a", "exclude": "true"}]"#, "DAL012@"),
    ])
  func malformed(components: String, expected: String) throws {
    let text = "[\(dynamicStatement(components))]"
    let findings = assetLinksFindings(text)
    let summary = findings.map { "\($0.code.rawValue)@\($0.path)" }
    #expect(summary.count == 1, "\(summary)")
    #expect(summary.first?.hasPrefix(expected) == true, "\(summary)")
    #expect(findings.first?.severity == .error)
    #expect(findings.first?.message.contains("discards every dynamic rule") == true)
    #expect(findings.first?.location.line == 1)
    let list = try #require(parseStatementList(text).statementList)
    // The statement and its grant stay valid.
    #expect(!list.isIgnoredByGoogle)
    let rules = try #require(list.statements[0].dynamicRules)
    #expect(!rules.isInForce)
    #expect(rules.components.isEmpty)
    let verdict = AndroidRouter(list).route("https://example.com/a").verdicts[0]
    #expect(verdict.kind == .none)
    guard case .rulesDiscarded(let reason) = verdict.reason else {
      Issue.record("not discarded: \(verdict.reason)")
      return
    }
    #expect(!reason.isEmpty)
  }

  @Test("relation_extensions and its entry must be objects (DAL001, DAL002)")
  func extensionShapes() {
    let base = appStatement().dropLast()
    #expect(
      assetLinksSummary("[\(base), \"relation_extensions\": []}]")
        == ["DAL001@[0].relation_extensions"])
    #expect(
      assetLinksSummary(
        "[\(base), \"relation_extensions\": {\"delegate_permission/common.handle_all_urls\": []}}]")
        == ["DAL002@[0].relation_extensions.delegate_permission/common.handle_all_urls"])
  }

  @Test(
    "Warnings and notes keep the rules",
    arguments: [
      (#"[{"exclude": true}]"#, ["DAL020"]),
      (#"[{"/": "/a", "caseSensitive": false}]"#, ["DAL021"]),
      (#"[{"/": "/a", "comments": 3}]"#, ["DAL022"]),
      (#"[{"/": "*"}, {"/": "/a"}]"#, ["DAL027"]),
      (#"[{"/": "/a/*"}, {"/": "/a/b", "exclude": true}]"#, ["DAL028"]),
      (#"[{"/": "/**"}]"#, ["DAL030"]),
      (#"[{"/": "/a*?"}]"#, ["DAL030"]),
      (#"[{"/": "/?.html"}]"#, ["DAL031"]),
      (#"[{"/": "/a\\b"}]"#, ["DAL032"]),
      (#"[{"/": "/a%20b"}]"#, ["DAL033"]),
      (#"[{"/": "/a/*/c"}]"#, ["DAL034"]),
      (#"[{"/": "products/*"}]"#, ["DAL035"]),
      (#"[{"?": {"utm_*": "*"}}]"#, ["DAL036"]),
    ])
  func warnings(components: String, codes: [String]) throws {
    let text = "[\(dynamicStatement(components))]"
    let findings = assetLinksFindings(text)
    #expect(findings.map(\.code.rawValue) == codes, "\(findings.map(\.message))")
    #expect(findings.allSatisfy { $0.severity != .error })
    #expect(parseStatementList(text).statementList?.statements[0].dynamicRules?.isInForce == true)
  }

  @Test("DAL023 another relation's extension, DAL024 no handle_all_urls grant")
  func relationChecks() {
    let other = #"["delegate_permission/common.get_login_creds"]"#
    let text = "[\(dynamicStatement(#"[{"/": "*"}]"#, relations: other))]"
    #expect(assetLinksFindings(text).map(\.code.rawValue) == ["DAL024"])
    let base = appStatement().dropLast()
    let extra =
      "[\(base), \"relation_extensions\": {\"delegate_permission/common.get_login_creds\": {}}}]"
    #expect(assetLinksFindings(extra).map(\.code.rawValue) == ["DAL023"])
  }

  @Test("DAL025: two statements with rules for one app; DAL026: rules on a web target")
  func statementChecks() {
    let twice = "[\(dynamicStatement(#"[{"/": "*"}]"#)), \(dynamicStatement(#"[{"/": "/a"}]"#))]"
    #expect(assetLinksFindings(twice).map(\.code.rawValue).contains("DAL025"))
    let web = #"""
      [{"relation": ["delegate_permission/common.handle_all_urls"],
        "target": {"namespace": "web", "site": "https://example.com"},
        "relation_extensions": {"delegate_permission/common.handle_all_urls":
          {"dynamic_app_link_components": [{"/": "*"}]}}}]
      """#
    #expect(assetLinksFindings(web).map(\.code.rawValue).contains("DAL026"))
    let duplicateKey =
      "[" + dynamicStatement(#"[{"/": "*"}], "dynamic_app_link_components": [{"/": "/a"}]"#) + "]"
    #expect(assetLinksFindings(duplicateKey).map(\.code.rawValue) == ["DAL025"])
  }
}

@Suite struct DynamicRulesHostileTests {
  @Test("Ten thousand components sharing one lead are checked in linear time")
  func manyComponents() throws {
    let components = (0..<10_000).map { #"{"/": "/a/\#($0)/*"}"# }.joined(separator: ",")
    let text = "[" + dynamicStatement("[" + #"{"/": "/a/*"}, "# + components + "]") + "]"
    let clock = ContinuousClock()
    var findings: [Diagnostic] = []
    let elapsed = clock.measure { findings = assetLinksFindings(text) }
    #expect(findings.filter { $0.code == .AssetLinks.shadowedComponent }.count == 1_000)
    // Only against a blow-up: comparing every pair of 10,000 components is quadratic.
    #expect(elapsed < BlowUpBound.limit)
    let rules = try #require(parseStatementList(text).statementList?.statements.first?.dynamicRules)
    #expect(rules.decide(AndroidURLParts("/a/9999/x")).component == 0)
  }
}
