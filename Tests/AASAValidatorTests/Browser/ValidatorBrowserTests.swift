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
  #if os(Linux)
    static let python = "/usr/bin/python3"
  #else
    static let python = ExecutableLookup.path(of: "python3") ?? "python3"
  #endif

  @Test(.timeLimit(.minutes(5))) func pageWorksInChromium() async throws {
    #if os(Linux)
      // On Linux (and CI) the browser is installed by .ci/setup: a missing one fails here.
      let chromium = try ExecutableLookup.require("chromium")
      let driver = try ExecutableLookup.require("chromedriver")
    #else
      guard
        let chromium = ExecutableLookup.path(of: "chromium")
          ?? ExecutableLookup.path(of: "google-chrome"),
        let driver = ExecutableLookup.path(of: "chromedriver"),
        (try? await ChildProcess.run(Self.python, ["-c", "import selenium"]))?.status == 0
      else {
        // On a Mac the browser is optional: Homebrew's chromium and chromedriver, with selenium
        // for python3, run this test.
        print(
          "ValidatorBrowserTests: skipped on macOS without chromium, chromedriver and selenium")
        return
      }
    #endif
    let directory = try TemporaryDirectory(label: "validator-browser")
    let certificate = try LoopbackCertificate(in: directory)
    let site = try RunningProgram(
      "aasa-serve",
      [
        "--root", "examples/site", "--port", "0", "--tls-cert", certificate.chainFile,
        "--tls-key", certificate.keyFile, "--allow-untrusted-certificate",
      ], in: directory)
    let sitePort = try await site.wait(for: "listening line") { text in
      text.firstMatch(of: /listening on https:\/\/127\.0\.0\.1:(\d+)/).flatMap { Int($0.1) }
    }
    // Apple's CDN, stubbed: a stale copy of the site's file, and a failure for localhost.
    let cdn = try await StubCDN.start(
      certificate: certificate,
      answers: [
        "/a/v1/127.0.0.1": .copy(try ValidatorCDNDiffTests.staleCopy()),
        "/a/v1/localhost": .failure("SWCERR00101 Bad HTTP Response: 404 Not Found"),
      ])
    defer { Task { await cdn.stop() } }
    let validator = try RunningProgram(
      "aasa-lint",
      [
        "web", "--listen", "127.0.0.1:0", "--allow", "127.0.0.1", "--ca-file",
        certificate.authorityFile, "--cdn-base", cdn.base,
      ], in: directory)
    let url = try await validator.wait(for: "URL on the first line", timeout: .seconds(5)) { text in
      text.split(separator: "\n").first.map(String.init).flatMap {
        $0.hasPrefix("http://127.0.0.1:") ? $0 : nil
      }
    }
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
      "chromium": chromium, "chromedriver": driver,
      "broken": try text("examples/broken/common-mistakes.json"),
      "association": try text("examples/site/.well-known/apple-app-site-association"),
      "old": try text("examples/old.json"), "new": try text("examples/new.json"),
      "hostile": hostile, "device": try text("examples/device/pm-get-app-links.txt"),
    ]
    let argument = String(
      decoding: try JSONSerialization.data(withJSONObject: configuration), as: UTF8.self)
    let script = BuiltProducts.packageRoot.appendingPathComponent(
      "Tests/AASAValidatorTests/Resources/browser_test.py"
    ).path
    let result = try await ChildProcess.run(
      Self.python, [script, argument], environment: ["SE_OFFLINE": "true"], timeout: .seconds(240))
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
