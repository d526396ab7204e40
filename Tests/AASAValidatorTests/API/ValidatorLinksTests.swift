import Foundation
import TestSupport
import Testing

/// The validator lints a link domain's `links.json` as `aasa-lint links.json --format json`
/// does (kind `links`), detected from the text alone.
@Suite(.serialized) struct ValidatorLinksTests {
  @Test func aLinksFileIsLintedAsTheCommandLineLintsIt() async throws {
    let harness = try await ValidatorHarness()
    defer { Task { await harness.close() } }
    let path = "examples/links/links.json"
    let text = String(decoding: try readPackageFile(path), as: UTF8.self)
    let response = try await harness.send(
      "POST", "/api/v1/lint", body: ValidatorHarness.json(["text": text, "name": path]))
    #expect(response.status == 200, "\(response.text)")
    let expected = try await ChildProcess.run(
      BuiltProducts.executable("aasa-lint"), [path, "--format", "json"],
      environment: ["NO_COLOR": "1"], in: BuiltProducts.packageRoot
    ).stdout
    #expect(JSONText.contains(expected, object: ["kind": "links"]), "\(expected)")
    #expect(response.text == expected)
  }

  @Test func aBrokenLinksFileHasItsFindings() async throws {
    let harness = try await ValidatorHarness()
    defer { Task { await harness.close() } }
    let text = #"{"rules": [{"path": "/p/*", "web": "https://www.example.com@evil.example/"}]}"#
    let response = try await harness.send(
      "POST", "/api/v1/lint", body: ValidatorHarness.json(["text": text, "name": "links.json"]))
    #expect(response.status == 200, "\(response.text)")
    #expect(
      JSONText.contains(response.text, object: ["code": "LNK102", "line": "1"]), "\(response.text)")
  }
}
