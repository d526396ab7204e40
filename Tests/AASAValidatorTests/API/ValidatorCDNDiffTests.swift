import AASALiveCheck
import Foundation
import TestSupport
import Testing

@testable import AASAValidator

/// `POST /api/v1/diff` with a side `{"cdn": HOST}`: Apple's CDN copy of HOST's association file,
/// fetched from a stub of the CDN over TLS on 127.0.0.1 (the validator's CDN base, which only its
/// set-up can give), vetted and pinned by the fetch policy as a site is. The answer is byte for
/// byte `aasa-lint diff` of the two files the stub and the site serve; a CDN without a copy
/// answers 502 with its reason, not a diff.
@Suite(.serialized) struct ValidatorCDNDiffTests {
  /// The example site's association file as the CDN still has it: the album rule case-sensitive
  /// and the help articles not yet added, so URLs route differently.
  static func staleCopy() throws -> String {
    let current = try ValidatorPlatformParityTests.text(
      "examples/site/.well-known/apple-app-site-association")
    let stale =
      current
      .replacingOccurrences(
        of: #"{ "/": "/albums/*", "comment": "Every album" }"#,
        with: #"{ "/": "/albums/*", "caseSensitive": true, "comment": "Every album" }"#
      )
      .replacingOccurrences(
        of: ##"{ "/": "/help/*", "#": "app-*", "comment": "Help articles linked with #app-..." }"##,
        with: #"{ "/": "/support/*" }"#)
    precondition(stale != current, "the example changed: update the stale copy")
    return stale
  }

  /// The example site over TLS on 127.0.0.1, a stub CDN with `answers`, and a validator that may
  /// fetch from 127.0.0.1, trusts the test's authority, and asks the stub for CDN copies.
  struct Setup {
    let directory: TemporaryDirectory
    let server: RunningProgram
    let sitePort: Int
    let cdn: StubHTTPS
    let harness: ValidatorHarness

    init(answers: [String: StubHTTPS.Answer], allow: Bool = true, trusted: Bool = true)
      async throws
    {
      directory = try TemporaryDirectory(label: "validator-cdn-diff")
      let site = try await ExampleSite(in: directory)
      let certificate = site.certificate
      server = site.server
      sitePort = site.port
      cdn = try await StubHTTPS.start(certificate: certificate, answers: answers)
      harness = try await ValidatorHarness(
        ValidatorConfiguration(
          listenHost: "127.0.0.1",
          policy: FetchPolicy(rules: allow ? [try AllowRule(parsing: "127.0.0.1")] : []),
          caFile: trusted ? certificate.authorityFile : nil, cdnBase: "\(cdn.url)/a/v1"))
    }

    func close() async {
      await harness.close()
      await cdn.stop()
    }
  }

  static let urls = [
    "/albums/1", "/Albums/1", "/help/faq#app-settings", "/support/x", "/videos/samples/2010/x",
    "/shop/shoes/1?ref=mail",
  ]

  @Test func diffOfTheCDNCopyAndTheSiteMatchesTheCommandLine() async throws {
    let setup = try await Setup(answers: ["/a/v1/127.0.0.1": .json(try Self.staleCopy())])
    let harness = setup.harness
    let cdn = setup.cdn
    defer {
      Task {
        await harness.close(); await cdn.stop()
      }
    }
    let site = "https://127.0.0.1:\(setup.sitePort)"
    let body: [String: Any] = [
      "old": ["cdn": site], "new": ["site": site], "urls": Self.urls,
    ]
    let response = try await harness.send("POST", "/api/v1/diff", body: ValidatorHarness.json(body))
    #expect(response.status == 200, "\(response.text)")
    let document = try #require(JSONText.parse(response.text) as? [String: Any])
    let oldName = "\(cdn.url)/a/v1/127.0.0.1"
    let newName = "\(site)/.well-known/apple-app-site-association"
    #expect(document["old"] as? String == oldName, "named by the CDN's URL")
    #expect(document["new"] as? String == newName)
    #expect(document["changed"] as? Bool == true)
    let changed = ((document["routes"] as? [[String: Any]]) ?? []).compactMap {
      $0["input"] as? String
    }
    #expect(changed == ["/Albums/1", "/help/faq#app-settings", "/support/x"], "\(changed)")
    // The command line on the same two files, each written at a relative path spelled as the
    // API names it but for its `//` (`https:/127.0.0.1:P/…`: aasa-lint diff fetches a side
    // written `https://`), and the document's names put back as the API gives them.
    let directory = setup.directory
    let association = try readPackageFile("examples/site/.well-known/apple-app-site-association")
    let oldPath = oldName.replacingOccurrences(of: "//", with: "/")
    let newPath = newName.replacingOccurrences(of: "//", with: "/")
    try directory.write(oldPath, try Self.staleCopy())
    try directory.write(newPath, association)
    try directory.write("urls.txt", Self.urls.joined(separator: "\n") + "\n")
    let expected = try await ValidatorPlatformParityTests.cli(
      ["diff", oldPath, newPath, "--urls", "urls.txt"], in: directory)
    #expect(!expected.isEmpty)
    let named = expected.replacingOccurrences(of: "\"\(oldPath)\"", with: "\"\(oldName)\"")
      .replacingOccurrences(of: "\"\(newPath)\"", with: "\"\(newName)\"")
    #expect(response.text == named)
    #expect(response.header("x-aasa-exit-status") == "0")
  }

  @Test func aCDNWithoutACopyAnswersItsReason() async throws {
    let setup = try await Setup(answers: [
      "/a/v1/127.0.0.1": .appleCDNFailure(
        "SWCERR00101 Bad HTTP Response: 403 Forbidden",
        details: #"{"origin": "https://127.0.0.1/.well-known/apple-app-site-association"}"#),
      "/a/v1/localhost": StubHTTPS.Answer(
        status: .notFound, headers: [("Content-Type", "text/plain")], body: []),
      "/a/v1/127.0.0.3": StubHTTPS.Answer(
        status: .internalServerError, headers: [("Content-Type", "text/plain")], body: []),
    ])
    let harness = setup.harness
    let cdn = setup.cdn
    defer {
      Task {
        await harness.close(); await cdn.stop()
      }
    }
    let site = "https://127.0.0.1:\(setup.sitePort)"
    func diff(cdn host: String) async throws -> ValidatorHarness.Response {
      try await harness.send(
        "POST", "/api/v1/diff",
        body: ValidatorHarness.json(["old": ["cdn": host], "new": ["site": site]]))
    }
    let failed = try await diff(cdn: site)
    #expect(failed.status == 502, "\(failed.text)")
    #expect(failed.errorCode == "cdn-no-copy")
    #expect(failed.text.contains("SWCERR00101 Bad HTTP Response: 403 Forbidden"), "\(failed.text)")
    #expect(
      failed.text.contains("its last fetch of the origin failed: SWCERR00101"), "\(failed.text)")
    #expect(failed.text.contains("(origin: https://127.0.0.1/.well-known/"), "the details")
    // The help is what the reason means and what to change: allow Apple's fetcher.
    #expect(failed.text.contains("AASA-Bot"), "\(failed.text)")
    #expect(!failed.text.contains("\"apps\""), "no diff")
    let missing = try await diff(cdn: "localhost")
    #expect(missing.status == 502)
    #expect(missing.errorCode == "cdn-no-copy")
    #expect(missing.text.contains("has no copy for localhost yet (404"), "\(missing.text)")
    let broken = try await diff(cdn: "127.0.0.3")
    #expect(broken.status == 502)
    #expect(broken.errorCode == "cdn-unreachable")
    #expect(broken.text.contains("500"), "\(broken.text)")
  }

  @Test func aCDNWhoseCertificateFailsIsNotUsed() async throws {
    let setup = try await Setup(
      answers: ["/a/v1/127.0.0.1": .json(try Self.staleCopy())], trusted: false)
    let harness = setup.harness
    let cdn = setup.cdn
    defer {
      Task {
        await harness.close(); await cdn.stop()
      }
    }
    let response = try await harness.send(
      "POST", "/api/v1/diff",
      body: ValidatorHarness.json(["old": ["cdn": "127.0.0.1"], "new": ["text": "{}"]]))
    #expect(response.status == 502, "\(response.text)")
    #expect(response.errorCode == "cdn-unreachable")
    #expect(response.text.contains("could not be verified"), "\(response.text)")
  }

  @Test func theCDNIsFetchedUnderTheFetchPolicy() async throws {
    // The stub is on loopback, which the validator may not fetch from without --allow.
    let setup = try await Setup(
      answers: ["/a/v1/127.0.0.1": .json(try Self.staleCopy())], allow: false)
    let harness = setup.harness
    let cdn = setup.cdn
    defer {
      Task {
        await harness.close(); await cdn.stop()
      }
    }
    let refused = try await harness.send(
      "POST", "/api/v1/diff",
      body: ValidatorHarness.json(["old": ["cdn": "example.com"], "new": ["text": "{}"]]))
    #expect(refused.status == 403, "\(refused.text)")
    #expect(refused.errorCode == "blocked-address")
    #expect(refused.text.contains("--allow 127.0.0.1"), "\(refused.text)")
    // A request cannot name another CDN: an unknown field changes nothing.
    let widened = try await harness.send(
      "POST", "/api/v1/diff",
      body: ValidatorHarness.json([
        "old": ["cdn": "example.com", "cdnBase": "https://192.0.2.1/a/v1"], "new": ["text": "{}"],
      ]))
    #expect(widened.errorCode == "blocked-address")
    #expect(!widened.text.contains("192.0.2.1"))
  }

  @Test func appleCDNIsNotAskedAboutAPrivateHost() async throws {
    let harness = try await ValidatorHarness(
      ValidatorConfiguration(
        listenHost: "127.0.0.1", policy: FetchPolicy(rules: [try AllowRule(parsing: "10.0.0.0/8")])
      ))
    defer { Task { await harness.close() } }
    let cases: [([String: Any], Int, String)] = [
      (["old": ["cdn": "10.1.2.3"], "new": ["text": "{}"]], 400, "Apple's CDN cannot reach"),
      (["old": ["cdn": "staging.internal"], "new": ["text": "{}"]], 400, "not a public name"),
      (["old": ["cdn": "example.com", "site": "example.com"], "new": ["text": "{}"]], 400, "one"),
      (["old": ["cdn": "user@example.com"], "new": ["text": "{}"]], 400, "userinfo"),
      (["old": ["cdn": ""], "new": ["text": "{}"]], 400, "site is missing"),
    ]
    for (body, status, words) in cases {
      let response = try await harness.send(
        "POST", "/api/v1/diff", body: ValidatorHarness.json(body))
      #expect(response.status == status, "\(body): \(response.text)")
      #expect(response.text.contains(words), "\(body): \(response.text)")
    }
  }
}
