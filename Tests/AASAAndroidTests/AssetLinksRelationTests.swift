import Testing

@testable import AASAAndroid

@Suite("AssetLinks: relations")
struct AssetLinksRelationTests {
  @Test("ASL009: an empty relation array warns, and is not also reported as lacking App Links")
  func emptyRelations() {
    let findings = assetLinksFindings("[\(appStatement(relations: "[]"))]")
    #expect(findings.map { "\($0.code)@\($0.path)" } == ["ASL009@[0].relation"])
    #expect(findings[0].severity == .warning)
  }

  @Test(
    "ASL010: malformed relation strings invalidate the list",
    arguments: [
      "delegate_permission/common.Handle_All_URLs", "common.handle_all_urls",
      "delegate_permission/common/handle_all_urls", "/common.handle_all_urls",
      "delegate-permission/common.handle_all_urls", "delegate_permission/",
    ])
  func malformedRelation(relation: String) {
    let summary = assetLinksSummary("[\(appStatement(relations: "[\"\(relation)\"]"))]")
    #expect(summary == ["ASL026@", "ASL010@[0].relation[0]"])
  }

  @Test("ASL010: the message says what is wrong and the help names the relation meant")
  func malformedRelationExplained() {
    let upper = assetLinksFindings(
      "[\(appStatement(relations: #"["delegate_permission/common.HANDLE_ALL_URLS"]"#))]")
    let malformed = upper.first { $0.code == .AssetLinks.malformedRelation }
    #expect(malformed?.message.contains("relations are lower case") == true)
    #expect(
      malformed?.help.contains("write \"delegate_permission/common.handle_all_urls\"") == true)

    let detailOnly = assetLinksFindings(
      "[\(appStatement(relations: #"["common.get_login_creds"]"#))]")
    let missingKind = detailOnly.first { $0.code == .AssetLinks.malformedRelation }
    #expect(missingKind?.message.contains("has no `/`") == true)
    #expect(missingKind?.help.contains("delegate_permission/common.get_login_creds") == true)
  }

  @Test("Relation grammar accepts exactly [a-z0-9_.]+/[a-z0-9_.]+")
  func relationGrammar() {
    #expect(Relation("a/b").isWellFormed)
    #expect(Relation("delegate_permission/common.handle_all_urls").isWellFormed)
    #expect(Relation("x.1_/y_2.").isWellFormed)
    #expect(!Relation("a/b/c").isWellFormed)
    #expect(!Relation("a/").isWellFormed)
    #expect(!Relation("A/b").isWellFormed)
    #expect(!Relation("a /b").isWellFormed)
    #expect(!Relation("ab").isWellFormed)
    #expect(Relation("a/b").grammarProblem == nil)
  }

  @Test("ASL011: a typo of a known relation is a warning with the suggestion, and nothing more")
  func unrecognisedRelationTypo() {
    let findings = assetLinksFindings(
      "[\(appStatement(relations: #"["delegate_permission/common.handle_all_url"]"#))]")
    #expect(
      findings.map(\.code) == [.AssetLinks.unrecognisedRelation])
    let typo = findings[0]
    #expect(typo.severity == .warning)
    #expect(typo.path == "[0].relation[0]")
    #expect(typo.message.contains("did you mean \"delegate_permission/common.handle_all_urls\"?"))
  }

  @Test("ASL011: a well-formed relation nobody reads is a warning without a suggestion")
  func unrecognisedRelation() {
    let text =
      "[\(appStatement(relations: #"["delegate_permission/common.handle_all_urls", "custom/thing"]"#))]"
    let findings = assetLinksFindings(text)
    #expect(findings.map { "\($0.code)@\($0.path)" } == ["ASL011@[0].relation[1]"])
    #expect(!findings[0].message.contains("did you mean"))
    #expect(parseStatementList(text).statementList?.isIgnoredByGoogle == false)
  }

  @Test("ASL012: a relation listed twice in one statement")
  func duplicateRelation() {
    let relations =
      #"["delegate_permission/common.handle_all_urls", "delegate_permission/common.handle_all_urls"]"#
    #expect(
      assetLinksSummary("[\(appStatement(relations: relations))]") == ["ASL012@[0].relation[1]"])
  }

  @Test("ASL023: handle_all_urls delegated to a web site has no effect")
  func webTargetHandlesURLs() {
    let text =
      "[\(webStatement(relations: #"["delegate_permission/common.get_login_creds", "delegate_permission/common.handle_all_urls"]"#))]"
    let findings = assetLinksFindings(text)
    #expect(findings.map { "\($0.code)@\($0.path)" } == ["ASL023@[0].relation[1]"])
    #expect(findings[0].severity == .warning)
  }

  @Test("ASL024: an app granted only other relations gets an info")
  func appWithoutKnownRelation() {
    let findings = assetLinksFindings(
      "[\(appStatement(relations: #"["delegate_permission/common.use_as_origin"]"#))]")
    #expect(findings.map { "\($0.code)@\($0.path)" } == ["ASL024@[0]"])
    #expect(findings[0].severity == .info)
    // Either of the two relations is enough.
    #expect(
      assetLinksSummary(
        "[\(appStatement(relations: #"["delegate_permission/common.get_login_creds"]"#))]") == [])
  }
}
