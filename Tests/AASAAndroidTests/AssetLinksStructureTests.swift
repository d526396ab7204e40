import AASACore
import Testing

@testable import AASAAndroid

@Suite("AssetLinks: the list, statements and keys")
struct AssetLinksStructureTests {
  @Test("ASL001: a single statement object instead of an array, with the fix spelled out")
  func notAnArray() throws {
    let findings = assetLinksFindings(appStatement())
    #expect(findings.map(\.code) == [.AssetLinks.notAnArray])
    #expect(findings[0].severity == .error)
    #expect(findings[0].help.contains("wrap the statement in ["))
    #expect(parseStatementList(appStatement()).statementList == nil)
    #expect(assetLinksSummary(#""https://example.com""#) == ["ASL001@"])
  }

  @Test("ASL002: an empty list grants nothing")
  func emptyList() {
    #expect(assetLinksSummary("[]") == ["ASL002@"])
    #expect(assetLinksFindings("[]")[0].severity == .warning)
  }

  @Test("ASL003: a statement that is not an object invalidates the list")
  func statementNotAnObject() {
    #expect(
      assetLinksSummary("[\(appStatement()), \"com.example.app\"]") == ["ASL026@", "ASL003@[1]"])
  }

  @Test(
    "ASL004: each required key, missing",
    arguments: [
      (#"[{"target": {"namespace": "web", "site": "https://example.com"}}]"#, "[0]"),
      (#"[{"relation": ["delegate_permission/common.get_login_creds"]}]"#, "[0]"),
      (
        #"[{"relation": ["delegate_permission/common.get_login_creds"], "target": {"site": "https://a.com"}}]"#,
        "[0].target"
      ),
      (
        #"[{"relation": ["delegate_permission/common.get_login_creds"], "target": {"namespace": "web"}}]"#,
        "[0].target"
      ),
      (
        #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.example.app"}}]"#,
        "[0].target"
      ),
      (
        "[{\"relation\": [\"delegate_permission/common.handle_all_urls\"], \"target\": {\"namespace\": \"android_app\", \"sha256_cert_fingerprints\": [\"\(exampleFingerprint)\"]}}]",
        "[0].target"
      ),
    ])
  func missingKey(text: String, path: String) {
    #expect(assetLinksSummary(text) == ["ASL026@", "ASL004@\(path)"])
  }

  @Test("ASL004 with ASL006: a misspelt required key is named in the missing-key message")
  func misspeltRequiredKey() {
    let text =
      #"[{"relations": ["delegate_permission/common.get_login_creds"], "target": {"namespace": "web", "site": "https://a.com"}}]"#
    let findings = assetLinksFindings(text)
    #expect(
      findings.map(\.code) == [
        .AssetLinks.listIgnored, .AssetLinks.missingKey, .AssetLinks.unknownKey,
      ])
    #expect(findings[1].message.contains("it has \"relations\""))
    #expect(findings[2].message.contains("did you mean \"relation\"?"))
    #expect(findings[2].path == "[0].relations")
  }

  @Test("ASL005: a relation written as a string, not an array; the fix shows the array")
  func wrongType() {
    let findings = assetLinksFindings(
      "[\(appStatement(relations: #""delegate_permission/common.handle_all_urls""#))]")
    #expect(findings.map(\.code) == [.AssetLinks.listIgnored, .AssetLinks.wrongType])
    #expect(findings[1].path == "[0].relation")
    #expect(
      findings[1].help == #"write it as an array: ["delegate_permission/common.handle_all_urls"]"#)
    #expect(
      assetLinksSummary("[\(appStatement(fingerprints: "[\"\(exampleFingerprint)\", 7]"))]")
        == ["ASL026@", "ASL005@[0].target.sha256_cert_fingerprints[1]"])
    #expect(
      assetLinksSummary(#"[{"relation": [], "target": "https://example.com"}]"#)
        == ["ASL026@", "ASL009@[0].relation", "ASL005@[0].target"])
  }

  @Test("ASL006: unknown keys warn but do not invalidate the list")
  func unknownKey() {
    let text =
      #"[{"comment": "prod", "relation": ["delegate_permission/common.get_login_creds"], "target": {"namespace": "web", "site": "https://a.com"}}]"#
    let (list, diagnostics) = parseStatementList(text)
    #expect(diagnostics.map { "\($0.code)@\($0.path)" } == ["ASL006@[0].comment"])
    #expect(diagnostics[0].severity == .warning)
    #expect(list?.isIgnoredByGoogle == false)
  }

  @Test("ASL006: a key of the other namespace says where it belongs")
  func keyOfOtherNamespace() {
    let findings = assetLinksFindings(
      "[\(appStatement(extraTargetKeys: #", "site": "https://example.com""#))]")
    #expect(findings.map(\.code) == [.AssetLinks.unknownKey])
    #expect(findings[0].path == "[0].target.site")
    #expect(findings[0].message.contains("belongs to web targets"))
  }

  @Test(
    "ASL007: include URLs must be absolute https",
    arguments: [
      "http://example.com/a.json", "/.well-known/other.json", "https://",
      "HTTPS://example.com/a.json",
    ])
  func invalidInclude(url: String) {
    #expect(assetLinksSummary(#"[{"include": "\#(url)"}]"#) == ["ASL026@", "ASL007@[0].include"])
  }

  @Test("ASL008: include mixed with relation and target warns that they are ignored")
  func includeWithOtherKeys() {
    let text =
      #"[{"include": "https://example.com/a.json", "relation": ["delegate_permission/common.handle_all_urls"], "target": {}}]"#
    let (list, diagnostics) = parseStatementList(text)
    #expect(
      diagnostics.map { "\($0.code)@\($0.path)" } == ["ASL008@[0].relation", "ASL008@[0].target"])
    #expect(list?.includes.count == 1)
    #expect(list?.statements.isEmpty == true)
    #expect(list?.isIgnoredByGoogle == false)
  }

  @Test("ASL025: the same statement twice, keys and relations reordered")
  func duplicateStatement() {
    let first = appStatement(
      relations:
        #"["delegate_permission/common.handle_all_urls", "delegate_permission/common.get_login_creds"]"#
    )
    let second =
      #"{"target": {"sha256_cert_fingerprints": ["\#(exampleFingerprint)"], "package_name": "com.example.app", "namespace": "android_app"}, "relation": ["delegate_permission/common.get_login_creds", "delegate_permission/common.handle_all_urls"]}"#
    let findings = assetLinksFindings("[\(first), \(second)]")
    #expect(findings.map { "\($0.code)@\($0.path)" } == ["ASL025@[1]"])
    #expect(findings[0].message == "statement [1] repeats statement [0]")
    // Same target, different relations: a common, deliberate layout, not a duplicate.
    #expect(assetLinksSummary("[\(appStatement()), \(first)]") == [])
  }

  @Test("ASL026: one summary naming the invalid statements and the valid ones lost with them")
  func listIgnored() throws {
    let text = "[\(appStatement()), \(appStatement(package: #""example""#)), 3]"
    let (list, diagnostics) = parseStatementList(text)
    let summary = try #require(diagnostics.first { $0.code == .AssetLinks.listIgnored })
    #expect(diagnostics.count(where: { $0.code == .AssetLinks.listIgnored }) == 1)
    #expect(summary.path == "")
    #expect(summary.location == AASACore.SourceLocation.start)
    #expect(
      summary.message
        == "statements [1], [2] are invalid, so Google ignores the whole file, including the 1 valid statement"
    )
    #expect(list?.invalidStatementIndices == [1, 2])
    #expect(list?.statements.map(\.isValid) == [true, false])
  }

  @Test("Warnings and infos alone never make Google ignore the list")
  func onlyErrorsInvalidate() {
    let text =
      "[\(webStatement(relations: #"["delegate_permission/common.handle_all_urls"]"#)), \(appStatement(relations: "[]"))]"
    let (list, diagnostics) = parseStatementList(text)
    #expect(!diagnostics.isEmpty)
    #expect(!diagnostics.contains(severity: .error))
    #expect(list?.isIgnoredByGoogle == false)
  }

  @Test("A lone statement outside a list is reported as one to wrap in a list")
  func loneStatement() {
    let text = #"""
      {"relation": ["delegate_permission/common.handle_all_urls"],
       "target": {"namespace": "android_app", "package_name": "com.example",
                  "sha256_cert_fingerprints": []}}
      """#
    let document = SourceDocument(name: "-", bytes: Array(text.utf8))
    #expect(FileKind.detect(document) == .assetLinks)
    let report = AssetLinksLinter().lint(document)
    let notAList = report.diagnostics.first { $0.code == .AssetLinks.notAnArray }
    #expect(notAList?.help.contains("wrap the statement in [ and ]") == true)
  }
}
