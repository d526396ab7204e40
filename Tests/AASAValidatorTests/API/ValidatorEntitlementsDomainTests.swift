import AASALiveCheck
import Foundation
import TestSupport
import Testing

@testable import AASAValidator

/// Issue 40, item 3: an `applinks:` domain that does not resolve is one failing line of an
/// entitlements check, in the words the command line uses, and the other domains are still
/// checked; it used to fail the whole answer (400, with the resolver's type name). The other
/// domain here is `localhost`, allowed by the test's `--allow 127.0.0.1`, where nothing
/// listens on port 443 (or something does: either way it is checked, not skipped).
@Suite struct ValidatorEntitlementsDomainTests {
  static let app = "ABCDE12345.com.example.app"

  @Test func anUnresolvedDomainIsOneFailingLine() async throws {
    let harness = try await ValidatorHarness(
      ValidatorConfiguration(
        listenHost: "127.0.0.1",
        policy: FetchPolicy(rules: [try AllowRule(parsing: "127.0.0.1")])))
    let entitlements = String(
      decoding: try PropertyListSerialization.data(
        fromPropertyList: [
          "com.apple.developer.associated-domains": [
            "applinks:no-such-host.invalid", "applinks:localhost",
          ]
        ], format: .xml, options: 0), as: UTF8.self)
    let response = try await harness.send(
      "POST", "/api/v1/check",
      body: ValidatorHarness.json([
        "entitlements": ["text": entitlements, "name": "App.entitlements"], "app": Self.app,
      ]))
    await harness.close()
    #expect(response.status == 200, "\(response.text)")
    #expect(response.header("x-aasa-exit-status") == "1")
    let document = try #require(JSONText.parse(response.text) as? [String: Any])
    let text = response.text
    #expect(text.contains("no-such-host.invalid"))
    #expect(!text.contains("SocketAddressError") && !text.contains("error -"), "\(text)")
    // Both domains have their report: the unresolved one with its failing connection line.
    let sites = try #require(Self.sites(in: document), "\(text)")
    #expect(sites.count == 2, "\(text)")
    let unresolved = try #require(
      sites.first { ($0["site"] as? String)?.contains("invalid") == true })
    let lines = try #require(unresolved["requirements"] as? [[String: Any]], "\(unresolved)")
    let connection = try #require(lines.first { $0["name"] as? String == "connection" }, "\(lines)")
    #expect(connection["status"] as? String == "fail")
    #expect((connection["detail"] as? String)?.contains("no-such-host.invalid") == true)
    // The other domain is checked, and reported as the command line reports it.
    let directory = try TemporaryDirectory(label: "validator-unresolved-domain")
    _ = try directory.write("App.entitlements", entitlements)
    let expected = try await ChildProcess.run(
      BuiltProducts.executable("aasa-lint"),
      ["check", "--entitlements", "App.entitlements", "--app", Self.app, "--format", "json"],
      environment: ["NO_COLOR": "1"], in: URL(fileURLWithPath: directory.path)
    ).stdout
    let expectedDocument = try #require(JSONText.parse(expected), "\(expected)")
    let expectedSites = try #require(Self.sites(in: expectedDocument), "\(expected)")
    func localhost(_ sites: [[String: Any]]) throws -> String {
      let site = try #require(sites.first { $0["site"] as? String == "https://localhost" })
      return String(
        decoding: try JSONSerialization.data(withJSONObject: site, options: .sortedKeys),
        as: UTF8.self)
    }
    #expect(try localhost(sites) == (try localhost(expectedSites)))
  }

  /// The array of site reports, wherever the document puts it.
  static func sites(in value: Any) -> [[String: Any]]? {
    if let object = value as? [String: Any] {
      if let sites = object["sites"] as? [[String: Any]] { return sites }
      for (_, child) in object { if let found = sites(in: child) { return found } }
    }
    if let array = value as? [Any] {
      for child in array { if let found = sites(in: child) { return found } }
    }
    return nil
  }
}
