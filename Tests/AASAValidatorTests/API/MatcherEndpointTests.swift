import Foundation
import TestSupport
import Testing

@testable import AASAValidator

/// `POST /api/v1/matcher`, the page's own endpoint for the as-you-type box, over a real listener.
@Suite(.serialized) struct MatcherEndpointTests {
  @Test func answersAnAssociationWithItsProgram() async throws {
    let harness = try await ValidatorHarness()
    defer { Task { await harness.close() } }
    let text = String(
      decoding: try readPackageFile("examples/site/.well-known/apple-app-site-association"),
      as: UTF8.self)
    let response = try await harness.send(
      "POST", "/api/v1/matcher", body: ValidatorHarness.json(["text": text]))
    #expect(response.status == 200)
    #expect(response.header("content-type") == "application/json; charset=utf-8")
    #expect(response.header("content-security-policy")?.contains("default-src 'none'") == true)
    let answer = try #require(
      try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
    #expect(answer["kind"] as? String == "aasa")
    let program = try #require(answer["program"] as? [String: Any])
    let entries = try #require(program["entries"] as? [[String: Any]])
    #expect(!entries.isEmpty)
    // The example's blocked rule, named as `aasa-lint … --format json` names it.
    let rules = entries.flatMap { ($0["rules"] as? [[String: Any]]) ?? [] }
    #expect(rules.contains { $0["written"] as? String == "NOT /videos/samples/2010/*" })
  }

  @Test func answersAnAssetLinksFileWithItsDynamicRules() async throws {
    let harness = try await ValidatorHarness()
    defer { Task { await harness.close() } }
    let assetlinks = String(
      decoding: try readPackageFile("examples/android/assetlinks.json"), as: UTF8.self)
    let response = try await harness.send(
      "POST", "/api/v1/matcher", body: ValidatorHarness.json(["text": assetlinks]))
    #expect(response.status == 200)
    let answer = try #require(
      try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
    #expect(answer["kind"] as? String == "assetlinks")
    let program = try #require(answer["program"] as? [String: Any])
    let apps = try #require(program["apps"] as? [[String: Any]])
    #expect(apps.map { $0["package"] as? String } == ["com.example.shop"])
    let components = try #require(apps.first?["rules"] as? [[String: Any]])
    #expect(components.count == 5)
    // Each pattern as Android stores it: a lazy glob rewritten into PatternMatcher's syntax, a
    // trailing `*` a prefix, and the component as a verdict names it.
    #expect(components[0]["path"] as? [AnyHashable] == [2, "/products/.*/reviews"])
    #expect(components[0]["exclude"] as? Bool == true)
    #expect(components[1]["path"] as? [AnyHashable] == [1, "/products/"])
    #expect((components[1]["rule"] as? [String: String]) == ["/": "/products/*"])
    let query = try #require(components[2]["query"] as? [[Any]])
    #expect(query.first?.first as? String == "ref")
    #expect(query.first?.last as? [AnyHashable] == [1, "ref="])
  }

  @Test func discardedAndMissingRulesSayWhy() async throws {
    let harness = try await ValidatorHarness()
    defer { Task { await harness.close() } }
    let text = String(
      decoding: try readPackageFile(
        "Tests/AASAValidatorTests/Resources/matcher-agreement-assetlinks.json"), as: UTF8.self)
    let response = try await harness.send(
      "POST", "/api/v1/matcher", body: ValidatorHarness.json(["text": text]))
    let answer = try #require(
      try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
    let apps = try #require((answer["program"] as? [String: Any])?["apps"] as? [[String: Any]])
    let byPackage = Dictionary(
      apps.map { ($0["package"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    // The second statement of com.example.news has the rules, so it is the one named.
    #expect(byPackage["com.example.news"]?["statement"] as? Int == 2)
    #expect(
      (byPackage["com.example.broken"]?["rules"] as? [String: String])?["discarded"]
        == "the path pattern is empty")
  }

  @Test func otherKindsAreLeftToTheLintEndpoint() async throws {
    let harness = try await ValidatorHarness()
    defer { Task { await harness.close() } }
    let routes = String(
      decoding: try readPackageFile("examples/routes/MobileDeepLinkingConfig.json"), as: UTF8.self)
    let response = try await harness.send(
      "POST", "/api/v1/matcher", body: ValidatorHarness.json(["text": routes]))
    #expect(response.status == 200)
    #expect(response.text.contains(#""kind":"routes""#))
    #expect(response.text.contains(#""program":null"#))
    // A broken file still has a program: the rules Apple would read (none here).
    let broken = try await harness.send(
      "POST", "/api/v1/matcher", body: ValidatorHarness.json(["text": "{\"applinks\": "]))
    #expect(broken.status == 200)
    #expect(broken.text.contains(#""entries":[]"#))
  }

  @Test func theGateAppliesAsToEveryEndpoint() async throws {
    let harness = try await ValidatorHarness()
    defer { Task { await harness.close() } }
    let missing = try await harness.send(
      "POST", "/api/v1/matcher", body: ValidatorHarness.json(["name": "x.json"]))
    #expect(missing.status == 400)
    #expect(missing.errorCode == "bad-input")
    let plain = try await harness.send(
      "POST", "/api/v1/matcher", body: "{}", contentType: "text/plain")
    #expect(plain.status == 415)
    let get = try await harness.send("GET", "/api/v1/matcher")
    #expect(get.status == 405)
    let foreign = try await harness.send(
      "POST", "/api/v1/matcher", body: ValidatorHarness.json(["text": "{}"]),
      headers: [("Origin", "https://evil.example")])
    #expect(foreign.errorCode == "bad-origin")
  }

  @Test func thePageServesItsMatcherScript() async throws {
    let harness = try await ValidatorHarness()
    defer { Task { await harness.close() } }
    let script = try await harness.send("GET", "/matcher.js")
    #expect(script.status == 200)
    #expect(script.header("content-type") == "text/javascript; charset=utf-8")
    #expect(script.text.contains("window.AASAMatcher"))
    // Nothing that CSP's script-src 'self' would refuse, or that would read text as code.
    #expect(!script.text.contains("eval("))
    #expect(!script.text.contains("new Function"))
    let page = try await harness.send("GET", "/")
    #expect(page.text.contains(#"<script src="/matcher.js" defer></script>"#))
  }
}
