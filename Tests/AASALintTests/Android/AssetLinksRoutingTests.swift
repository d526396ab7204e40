import AASA
import AASACore
import Foundation
import Testing

@testable import AASALint

/// `aasa-lint assetlinks.json URL…`: Android routing in every output format.
@Suite struct AssetLinksRoutingTests {
  static let fingerprint =
    "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

  static let file = """
    [{
      "relation": ["delegate_permission/common.handle_all_urls"],
      "target": {"namespace": "android_app", "package_name": "com.example.shop",
                 "sha256_cert_fingerprints": ["\(fingerprint)"]},
      "relation_extensions": {"delegate_permission/common.handle_all_urls": {
        "dynamic_app_link_components": [
          {"/": "/products/secret", "exclude": true},
          {"/": "/products/*"},
          {"/": "/help", "?": {"lang": "*"}}
        ]}}
    }, {
      "relation": ["delegate_permission/common.handle_all_urls"],
      "target": {"namespace": "android_app", "package_name": "com.example.news",
                 "sha256_cert_fingerprints": ["\(fingerprint)"]}
    }]
    """

  func run(
    _ urls: [String], format: OutputFormat, app: String? = nil,
    expectations: ExpectationTable? = nil
  ) throws -> (status: AASALint.ExitStatus, text: String) {
    var run = LintRun(fileName: "assetlinks.json", source: Array(Self.file.utf8), app: app)
    run.expectations = expectations
    return try rendered(try run.run(urls: urls.isEmpty ? .none : .list(urls)), format)
  }

  @Test func jsonHasTheDocumentedShape() throws {
    let (status, text) = try run(
      [
        "https://shop.example/products/1", "https://shop.example/products/secret",
        "https://shop.example/about",
      ], format: .json)
    #expect(status == .success)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(json["kind"] as? String == "assetlinks")
    #expect(json["diagnostics"] as? [Any] != nil)
    #expect(json["summary"] as? [String: Any] != nil)
    let routes = try #require(json["routes"] as? [[String: Any]])
    #expect(routes.count == 3)
    func app(_ route: Int, _ index: Int) throws -> [String: Any] {
      let apps = try #require(routes[route]["apps"] as? [[String: Any]])
      return apps[index]
    }
    #expect(routes[0]["input"] as? String == "https://shop.example/products/1")
    #expect(try app(0, 0)["app"] as? String == "com.example.shop")
    #expect(try app(0, 0)["verdict"] as? String == "open")
    #expect(try app(0, 0)["statement"] as? Int == 0)
    #expect(try app(0, 0)["component"] as? Int == 1)
    #expect(try app(1, 0)["verdict"] as? String == "excluded")
    #expect(try app(1, 0)["component"] as? Int == 0)
    #expect(try app(2, 0)["verdict"] as? String == "excluded")
    #expect(try app(2, 0)["component"] is NSNull)
    // The second app has no dynamic rules: the manifest alone decides.
    #expect(try app(0, 1)["verdict"] as? String == "none")
    #expect(try app(0, 1)["statement"] as? Int == 1)
    #expect(try app(0, 1)["component"] is NSNull)
  }

  @Test func textNamesTheDecidingComponentOrTheClosest() throws {
    let (_, text) = try run(
      ["https://shop.example/products/1", "https://shop.example/help?x=1"], format: .text,
      app: "com.example.shop")
    let lines = text.split(separator: "\n")
    #expect(
      lines.contains {
        $0.contains(
          "open for com.example.shop by statement [0] component [1] {\"/\":\"/products/*\"}")
      }, "\(text)")
    #expect(
      lines.contains {
        $0.contains("excluded for com.example.shop")
          && $0.contains("closest: component [2]") && $0.contains("query parameter lang")
      }, "\(text)")
  }

  @Test func tsvIsOneLinePerURL() throws {
    let (_, text) = try run(
      ["https://shop.example/products/1", "https://shop.example/about"], format: .tsv)
    #expect(
      text == "https://shop.example/products/1\tcom.example.shop\topen\n"
        + "https://shop.example/about\tcom.example.shop\texcluded\n")
  }

  @Test func expectationsAreCheckedAgainstAndroidVerdicts() throws {
    let rows = try expectationTable(
      "https://s/products/1\topen\nhttps://s/products/secret\tblocked\nhttps://s/about\topen\n")
    let (status, text) = try run([], format: .text, app: "com.example.shop", expectations: rows)
    #expect(status == .findings)
    #expect(text.contains("routes.tsv:3: https://s/about: expected open, got excluded"))
    #expect(text.contains("2 of 3 expectations met"))
  }

  @Test func sarifAndGitHubCarryUnmetExpectations() throws {
    // Line 4 of the table: the rows keep their line numbers past comments and blank lines.
    let rows = try expectationTable("# pinned\n\n# Android\nhttps://s/about\topen\n")
    let (status, sarif) = try run([], format: .sarif, app: "com.example.shop", expectations: rows)
    #expect(status == .findings)
    let log = try #require(
      try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
    let results = try #require(
      (log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
    #expect(results.map { $0["ruleId"] as? String } == ["routing-expectation"])
    let (_, github) = try run([], format: .github, app: "com.example.shop", expectations: rows)
    #expect(github.contains("::error file=routes.tsv,line=4,title=routing changed::"))
  }

  @Test func anAppTheFileDoesNotGrantIsAFinding() throws {
    let (_, text) = try run(["https://s/x"], format: .text, app: "com.example.shoop")
    #expect(text.contains("ASL028"))
    #expect(text.contains("did you mean com.example.shop?"))
  }
}
