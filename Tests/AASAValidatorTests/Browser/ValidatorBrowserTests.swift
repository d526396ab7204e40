import Foundation
import TestSupport
import Testing

/// The page in a real browser: headless Chromium, driven by Selenium (Debian's chromium,
/// chromium-driver and python3-selenium, which .ci/setup installs), against the built binaries
/// on loopback: `aasa-serve` serving the example site over TLS with a certificate made here, and
/// `aasa-lint web --allow 127.0.0.1 --ca-file` checking it, with a stub of Apple's CDN (its
/// hidden `--cdn-base`). The script's cases are in
/// Resources/browser_test.py; its screenshots stay in the test's folder (set
/// AASA_VALIDATOR_SCREENSHOT=1 to copy one to docs/images/validator.png).
@Suite(.serialized) struct ValidatorBrowserTests {
  @Test(.timeLimit(.minutes(5))) func pageWorksInChromium() async throws {
    guard let browser = try await BrowserScript.find(for: "ValidatorBrowserTests") else { return }
    let directory = try TemporaryDirectory(label: "validator-browser")
    let site = try await ExampleSite(in: directory)
    let certificate = site.certificate
    let sitePort = site.port
    // Apple's CDN, stubbed: a stale copy of the site's file, and a failure for localhost.
    let cdn = try await StubHTTPS.start(
      certificate: certificate,
      answers: [
        "/a/v1/127.0.0.1": .json(try ValidatorCDNDiffTests.staleCopy()),
        "/a/v1/localhost": .appleCDNFailure("SWCERR00101 Bad HTTP Response: 404 Not Found"),
      ])
    defer { Task { await cdn.stop() } }
    let validator = try RunningProgram(
      "aasa-lint",
      [
        "web", "--listen", "127.0.0.1:0", "--allow", "127.0.0.1", "--ca-file",
        certificate.authorityFile, "--cdn-base", "\(cdn.url)/a/v1",
      ], in: directory)
    let url = try await validator.validatorURL(timeout: .seconds(5))
    // The same validator behind a token, for the page's token prompt.
    let token = "browser-test-token-0123456789"
    let tokenFile = try directory.write("validator.token", token + "\n")
    let tokened = try RunningProgram(
      "aasa-lint", ["web", "--listen", "127.0.0.1:0", "--token-file", tokenFile], in: directory)
    let tokenedURL = try await tokened.validatorURL(timeout: .seconds(5))
    func text(_ path: String) throws -> String {
      String(decoding: try readPackageFile(path), as: UTF8.self)
    }
    let hostile = """
      {"applinks": {"details": [{"appIDs": ["D3KQX62K1A.com.example.app"],
        "components": [{"/": "/<img src=x onerror=\\"window.pwned=1\\">",
          "comment": "<script>window.pwned=2</script>"}]}]}, "x<b>bold</b>": 1}
      """
    let configuration: [String: Any] = [
      "validator": url, "site": "https://127.0.0.1:\(sitePort)", "screenshots": directory.path,
      "broken": try text("examples/broken/common-mistakes.json"),
      "association": try text("examples/site/.well-known/apple-app-site-association"),
      "old": try text("examples/old.json"), "new": try text("examples/new.json"),
      "hostile": hostile, "device": try text("examples/device/pm-get-app-links.txt"),
      "tokenValidator": tokenedURL, "token": token,
      // The name the page's commands give the validator's --ca-file.
      "caFileName": URL(fileURLWithPath: certificate.authorityFile).lastPathComponent,
    ]
    let result = try await browser.run("browser_test.py", configuration)
    #expect(
      result.status == 0,
      "\(result.stdout)\n\(result.stderr)\nvalidator log: \(validator.errors)")
    for name in ["check", "file", "route", "diff", "diff-cdn", "device", "blocked", "hostile"] {
      #expect(
        FileManager.default.fileExists(atPath: directory.file("validator-\(name).png")), "\(name)")
    }
    if ProcessInfo.processInfo.environment["AASA_VALIDATOR_SCREENSHOT"] == "1" {
      let target = BuiltProducts.packageRoot.appendingPathComponent("docs/images/validator.png")
      try? FileManager.default.removeItem(at: target)
      try FileManager.default.copyItem(
        at: URL(fileURLWithPath: directory.file("validator-file.png")), to: target)
    }
  }
}
