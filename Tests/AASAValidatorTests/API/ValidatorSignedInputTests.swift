import Foundation
import TestSupport
import Testing

@testable import AASAValidator

/// A CMS-signed association file pasted into the page (PEM armour is text) is read as the
/// command line reads the same file: unwrapped, linted, its signature told, by the lint and by
/// the as-you-type box alike.
@Suite(.serialized) struct ValidatorSignedInputTests {
  static let association = """
    {"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.example.app"], \
    "components": [{"/": "/albums/*"}]}]}}
    """

  /// The association file signed as iOS 8 era sites did, PEM-armoured, with the real
  /// `openssl cms -sign`, by a certificate made for the test.
  static func pemSigned(in directory: TemporaryDirectory) async throws -> [UInt8] {
    let signer = try TestCertificate.selfSigned(
      in: directory, name: "signer", commonName: "Pasted Signer", alternativeNames: [], days: 30)
    return try await signer.sign(association, in: directory, pem: true)
  }

  @Test func aPastedSignedFileIsLintedAsTheCommandLineLintsIt() async throws {
    let directory = try TemporaryDirectory(label: "validator-signed")
    let signed = try await Self.pemSigned(in: directory)
    let path = try directory.write("apple-app-site-association", signed)
    let urls = ["https://example.com/albums/1", "https://example.com/videos/2"]
    let harness = try await ValidatorHarness()
    defer { Task { await harness.close() } }
    let body: [String: Any] = [
      "text": String(decoding: signed, as: UTF8.self), "name": path, "urls": urls,
    ]
    let response = try await harness.send("POST", "/api/v1/lint", body: ValidatorHarness.json(body))
    #expect(response.status == 200, "\(response.text)")
    let expected = try await ChildProcess.run(
      BuiltProducts.executable("aasa-lint"), [path] + urls + ["--format", "json"],
      environment: ["NO_COLOR": "1"], in: BuiltProducts.packageRoot
    ).stdout
    #expect(expected.contains("\"signature\""), "\(expected)")
    #expect(response.text == expected)
  }

  @Test func theMatcherBoxRoutesAPastedSignedFile() async throws {
    let directory = try TemporaryDirectory(label: "validator-signed-matcher")
    let signed = try await Self.pemSigned(in: directory)
    let answer = MatcherEndpoint.answer(
      text: String(decoding: signed, as: UTF8.self), name: "apple-app-site-association")
    #expect(answer.kind == "aasa")
    #expect(answer.program != nil, "\(answer.reason ?? "")")
    #expect(answer.errors == 0)
  }

  @Test func pastedEntitlementsAreRefusedAsTheCommandLineRefusesThem() async throws {
    let entitlements = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>com.apple.developer.associated-domains</key>
      <array><string>applinks:example.com</string></array></dict></plist>
      """
    let harness = try await ValidatorHarness()
    defer { Task { await harness.close() } }
    let response = try await harness.send(
      "POST", "/api/v1/lint",
      body: ValidatorHarness.json(["text": entitlements, "name": "App.entitlements"]))
    #expect(response.status == 400, "\(response.text)")
    #expect(response.text.contains("aasa-lint check --entitlements"), "\(response.text)")
    let answer = MatcherEndpoint.answer(text: entitlements, name: "App.entitlements")
    #expect(answer.program == nil)
    #expect(answer.reason?.contains("an app's entitlements") == true, "\(answer.reason ?? "")")
  }
}
