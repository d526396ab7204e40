import Foundation
import TestSupport
import Testing

/// `aasa-lint device`: pasted device output explained, as a person runs it.
@Suite struct DeviceCommandTests {
  static let paste = """
    $ adb shell pm get-app-links com.example.app
      com.example.app:
        ID: 01234567-89ab-cdef-0123-456789abcdef
        Signatures: [14:6D:E9:83]
        Domain verification state:
          example.com: verified
          shop.example.com: 1024   <!-- this one
    """

  @Test func textNamesEachDomainsStateMeaningCausesAndNextCommand() async throws {
    let result = try await LintProcess.run(["device", "-", "--color", "never"], stdin: Self.paste)
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("com.example.app (android)\n"))
    #expect(result.stdout.contains("  shop.example.com  1024\n"))
    #expect(result.stdout.contains("    means   error 1024 of the device's verifier"))
    #expect(
      result.stdout.contains(
        "    causes  1. https://shop.example.com/.well-known/assetlinks.json does not list com.example.app"
      ))
    #expect(result.stdout.contains("    next    aasa-lint check https://shop.example.com\n"))
    #expect(
      result.stdout.contains(
        "            adb shell pm verify-app-links --re-verify com.example.app\n"))
    #expect(result.stdout.hasSuffix("result: 1 of 2 domains does not open the app\n"))
  }

  @Test func verifyRowsOfOneDomainCountAsOneDomain() async throws {
    let rows = ["/buy/1", "/buy/2", "/account"].map { path in
      "{ s = applinks, a = D3KQX62K1A.com.example.app, d = shop.example.com }: Pattern "
        + "\"https://shop.example.com\(path)\" \(path == "/account" ? "blocked match" : "matched")."
    }
    let result = try await LintProcess.run(
      ["device", "--color", "never"], stdin: rows.joined(separator: "\n"))
    #expect(
      result.stdout.hasSuffix("result: 1 of 1 domain does not open the app, 3 rows\n"),
      "\(result.stdout)")
    #expect(result.status == 1)
    let json = try await LintProcess.run(
      ["device", "--format", "json"], stdin: rows.joined(separator: "\n"))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let summary = try #require(object["summary"] as? [String: Int])
    #expect(summary == ["rows": 3, "failingRows": 1, "domains": 1, "failingDomains": 1])
  }

  @Test func aPasteWithoutAnyStateIsInconclusiveNotAPass() async throws {
    let paste = """
      $ adb shell pm get-app-links com.example.app
        com.example.app:
          ID: 01234567-89ab-cdef-0123-456789abcdef
          Signatures: [14:6D:E9:83]
      """
    let result = try await LintProcess.run(["device", "--color", "never"], stdin: paste)
    #expect(result.status == 1)
    #expect(result.stdout.contains("result: inconclusive"), "\(result.stdout)")
    let json = try await LintProcess.run(["device", "--format", "json"], stdin: paste)
    #expect(json.stdout.contains(#""inconclusive" : true"#))
  }

  @Test func jsonIsOneDocumentOfTheDocumentedShape() async throws {
    let result = try await LintProcess.run(["device", "--format", "json"], stdin: Self.paste)
    #expect(result.status == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(object["kind"] as? String == "device")
    #expect(object["platform"] as? String == "android")
    let apps = try #require(object["apps"] as? [[String: Any]])
    #expect(apps.first?["app"] as? String == "com.example.app")
    let domains = try #require(apps.first?["domains"] as? [[String: Any]])
    #expect(domains.map { $0["state"] as? String } == ["verified", "1024"])
    #expect(
      (domains.last?["next"] as? [String])?.first == "aasa-lint check https://shop.example.com")
    #expect(domains.last?["meaning"] is String)
  }

  @Test func anUnreadableHostLeavesNoStateAndNoEscapeSequence() async throws {
    let result = try await LintProcess.run(
      ["device"],
      stdin:
        "  com.example.app:\n    Domain verification state:\n      ex\u{1B}[31mample.com: verified\n"
    )
    // The escape sequence makes the host unreadable as a host: no state (so no pass), and no
    // escape printed.
    #expect(result.status == 1)
    #expect(result.stdout.contains("result: inconclusive"))
    #expect(result.stdout.hasPrefix("no app's domain state in this android output"))
    #expect(!result.stdout.contains("\u{1B}"))
    let nothing = try await LintProcess.run(["device"], stdin: "hello\n")
    #expect(nothing.status == 2)
    #expect(nothing.stdout.isEmpty)
    #expect(nothing.stderr.contains("no device output found"))
    let record = try await LintProcess.run(
      ["device", "--color", "never"],
      stdin:
        "Service: applinks\nApp ID: D3KQX62K1A.com.example.app\u{7}\nDomain: example.com\nSite/Fmwk Approval: approved\n"
    )
    #expect(record.status == 0, "\(record.stderr)")
    #expect(record.stdout.hasPrefix("D3KQX62K1A.com.example.app\\u{7} (ios)\n"), "\(record.stdout)")
  }

  @Test func anUnreadableFileIsAUsageError() async throws {
    let result = try await LintProcess.run(["device", "/nonexistent/paste.txt"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("aasa-lint: error: cannot read /nonexistent/paste.txt"))
  }
}
