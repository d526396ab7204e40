import AASACore
import Testing

@testable import AASAAndroid

@Suite("AssetLinks: valid files")
struct AssetLinksValidFileTests {
  @Test("The example site's assetlinks.json has no findings, through the linter")
  func exampleSiteFile() throws {
    let text = """
      [
        {
          "relation": ["delegate_permission/common.handle_all_urls"],
          "target": {
            "namespace": "android_app",
            "package_name": "com.example.photoapp",
            "sha256_cert_fingerprints": [
              "\(exampleFingerprint)"
            ]
          }
        }
      ]
      """
    let document = SourceDocument(name: "assetlinks.json", bytes: Array(text.utf8))
    #expect(FileKind.detect(document) == .assetLinks)
    let report = AssetLinksLinter().lint(document)
    #expect(report.diagnostics.isEmpty)
  }

  @Test(
    "Well-formed statements of every kind have no findings",
    arguments: [
      appStatement(),
      appStatement(
        relations:
          #"["delegate_permission/common.handle_all_urls", "delegate_permission/common.get_login_creds"]"#,
        fingerprints: "[\"\(exampleFingerprint)\", \"\(otherFingerprint)\"]"),
      appStatement(package: #""com.Example.my_app2""#),
      webStatement(),
      webStatement(site: #""http://example.com:8080""#),
      webStatement(site: #""https://[2001:db8::1]:8443""#),
      #"{"include": "https://example.com/.well-known/other-assetlinks.json"}"#,
    ])
  func wellFormed(statement: String) {
    #expect(assetLinksSummary("[\(statement)]") == [])
  }

  @Test("A valid list is modelled fully and not ignored")
  func modelOfValidList() throws {
    let text =
      "[\(appStatement()), \(webStatement()), {\"include\": \"https://example.com/x.json\"}]"
    let (list, diagnostics) = parseStatementList(text)
    #expect(diagnostics.isEmpty)
    let statements = try #require(list).statements
    #expect(statements.count == 2)
    #expect(statements[0].relations == [.handleAllURLs])
    #expect(
      statements[0].target
        == .androidApp(
          packageName: "com.example.app",
          fingerprints: [try #require(CertificateFingerprint(exampleFingerprint))]))
    #expect(statements[1].target == .web(site: "https://example.com"))
    #expect(try #require(list).includes.map(\.url) == ["https://example.com/x.json"])
    #expect(try #require(list).isIgnoredByGoogle == false)
    #expect(statements.allSatisfy { $0.isValid })
  }
}
