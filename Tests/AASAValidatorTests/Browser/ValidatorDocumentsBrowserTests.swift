import Foundation
import TestSupport
import Testing

/// Every answer of the API reaches the page (issue 40): for each endpoint (lint, diff, device,
/// route, check) and each bundled example, Resources/browser_documents_test.py fills the page's
/// view in headless Chromium, sends the same body to the API, walks the API's document and looks
/// for each app, route, verdict, near miss, warning, note, reason and failure in the page's text.
/// The expected strings are read from the document, so a key the page does not show fails the
/// test whatever the example. Against the built `aasa-serve` (the example site over TLS, a
/// certificate made here) and `aasa-lint web --allow 127.0.0.1 --ca-file`.
@Suite(.serialized) struct ValidatorDocumentsBrowserTests {
  @Test(.timeLimit(.minutes(5))) func everyAnswerOfEachEndpointReachesThePage() async throws {
    guard let browser = try await BrowserScript.find(for: "ValidatorDocumentsBrowserTests") else {
      return
    }
    let directory = try TemporaryDirectory(label: "validator-documents-browser")
    let site = try await ExampleSite(in: directory)
    let validator = try RunningProgram(
      "aasa-lint",
      [
        "web", "--listen", "127.0.0.1:0", "--allow", "127.0.0.1", "--ca-file",
        site.certificate.authorityFile,
      ], in: directory)
    let url = try await validator.validatorURL(timeout: .seconds(5))
    let configuration: [String: Any] = [
      "validator": url, "site": site.origin, "screenshots": directory.path,
      "examples": BuiltProducts.packageRoot.appendingPathComponent("examples").path,
    ]
    let result = try await browser.run("browser_documents_test.py", configuration)
    #expect(
      result.status == 0,
      "\(result.stdout)\n\(result.stderr)\nvalidator log: \(validator.errors)")
    #expect(result.stdout.contains("0 failed"))
    #expect(result.stdout.components(separatedBy: "\nok ").count > 20, "\(result.stdout)")
  }
}
