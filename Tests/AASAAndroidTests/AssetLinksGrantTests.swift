import AASACore
import Testing

@testable import AASAAndroid

@Suite("AssetLinks: grant answers")
struct AssetLinksGrantTests {
  private func list(_ statements: String...) throws -> StatementList {
    try #require(parseStatementList("[\(statements.joined(separator: ", "))]").statementList)
  }

  private var example: CertificateFingerprint { CertificateFingerprint(exampleFingerprint)! }
  private var other: CertificateFingerprint { CertificateFingerprint(otherFingerprint)! }

  @Test("Yes, naming the granting statements")
  func granted() throws {
    let statements = try list(webStatement(), appStatement())
    let answer = statements.grants(package: "com.example.app", fingerprint: example)
    #expect(answer == .yes(grantedBy: [1]))
    #expect(answer.isGranted)
    #expect(answer.explanation == "yes: granted by statement [1]")
  }

  @Test("The query's fingerprint matches whatever its case or colons")
  func queryFingerprintIsCaseInsensitive() throws {
    let query = try GrantQuery.parse(
      "com.example.app:" + exampleFingerprint.lowercased().filter { $0 != ":" })
    #expect(try list(appStatement()).grants(query) == .yes(grantedBy: [0]))
  }

  @Test("No: the package is not listed; the listed ones are named")
  func packageNotListed() throws {
    let answer = try list(appStatement(), appStatement(package: #""com.example.other""#))
      .grants(package: "com.example.missing", fingerprint: example)
    #expect(
      answer
        == .no(
          .packageNotListed(
            package: "com.example.missing",
            listedPackages: ["com.example.app", "com.example.other"]),
          unresolvedIncludes: []))
    #expect(!answer.isGranted)
    #expect(answer.explanation.contains("names com.example.app, com.example.other"))
  }

  @Test("No: the fingerprint is not listed for the package; the listed ones are named")
  func fingerprintNotListed() throws {
    let statements = try list(
      appStatement(fingerprints: "[\"\(otherFingerprint)\"]"),
      appStatement(package: #""com.example.elsewhere""#))
    let answer = statements.grants(package: "com.example.app", fingerprint: example)
    #expect(
      answer
        == .no(
          .fingerprintNotListed(
            package: "com.example.app", fingerprint: example, listedFingerprints: [other]),
          unresolvedIncludes: []))
    #expect(answer.explanation.contains("listed for it: \(otherFingerprint)"))
  }

  @Test("No: app and certificate listed, but not with that relation")
  func relationMissing() throws {
    let answer = try list(appStatement()).grants(
      package: "com.example.app", fingerprint: example, relation: .getLoginCredentials)
    #expect(
      answer
        == .no(
          .relationMissing(
            package: "com.example.app", relation: .getLoginCredentials,
            grantedRelations: [.handleAllURLs]),
          unresolvedIncludes: []))
  }

  @Test("No: one invalid statement makes Google ignore a list that would otherwise grant it")
  func listIgnored() throws {
    let statements = try list(appStatement(), webStatement(site: #""https://example.com/app""#))
    let answer = statements.grants(package: "com.example.app", fingerprint: example)
    #expect(
      answer
        == .no(
          .listIgnored(invalidStatements: [1], otherwiseGrantedBy: [0]), unresolvedIncludes: []))
    #expect(
      answer.explanation
        == "no: Google ignores the whole file because statement [1] is invalid; once fixed, statement [0] would grant it"
    )
  }

  @Test("A lowercase fingerprint still matches for the answer, which says the list is ignored")
  func lowercaseInFileMatchesButIsIgnored() throws {
    let statements = try list(
      appStatement(fingerprints: "[\"\(exampleFingerprint.lowercased())\"]"))
    #expect(
      statements.grants(package: "com.example.app", fingerprint: example)
        == .no(
          .listIgnored(invalidStatements: [0], otherwiseGrantedBy: [0]), unresolvedIncludes: []))
  }

  @Test("A no is provisional when the list includes others, which are not fetched")
  func includesMakeNoProvisional() throws {
    let answer = try list(appStatement(), #"{"include": "https://example.com/more.json"}"#)
      .grants(package: "com.example.other", fingerprint: example)
    guard case .no(_, let includes) = answer else {
      Issue.record("expected a no, got \(answer)")
      return
    }
    #expect(includes == ["https://example.com/more.json"])
    #expect(
      answer.explanation.hasSuffix("(not checked: the included list https://example.com/more.json)")
    )
  }

  @Test("A file that is not a statement list grants nothing")
  func notAStatementList() throws {
    let json = try #require(JSONReader.read(appStatement()).value)
    let query = GrantQuery(packageName: "com.example.app", fingerprint: example)
    #expect(
      AssetLinksFile.grants(json, query: query) == .no(.notAStatementList, unresolvedIncludes: []))
    let listJSON = try #require(JSONReader.read("[\(appStatement())]").value)
    #expect(AssetLinksFile.grants(listJSON, query: query) == .yes(grantedBy: [0]))
  }

  @Test("GrantQuery splits at the first colon")
  func queryParses() throws {
    let query = try GrantQuery.parse("com.example.app:\(exampleFingerprint)")
    #expect(query.packageName == "com.example.app")
    #expect(query.fingerprint == example)
  }

  @Test(
    "GrantQuery rejects malformed arguments with a clear error",
    arguments: [
      ("com.example.app", GrantQuery.ParseError.missingSeparator("com.example.app")),
      (
        "example:\(exampleFingerprint)",
        .invalidPackageName(
          "example",
          problem: "has one segment; an application ID has at least two, e.g. com.example")
      ),
      ("com.example.app:not-hex", .invalidFingerprint("not-hex")),
      (
        "com.example.app:14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42",
        .notSHA256("14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42", byteCount: 20)
      ),
    ])
  func queryErrors(argument: String, expected: GrantQuery.ParseError) {
    #expect(throws: expected) { try GrantQuery.parse(argument) }
  }

  @Test("GrantQuery errors read as instructions")
  func queryErrorMessages() {
    #expect(
      GrantQuery.ParseError.missingSeparator("x").description.contains(
        "write it as com.example.app:"))
    #expect(
      GrantQuery.ParseError.notSHA256("…", byteCount: 20).description.contains("so it is a SHA-1"))
  }
}
