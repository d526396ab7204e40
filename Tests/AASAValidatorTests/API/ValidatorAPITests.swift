import AASALiveCheck
import Foundation
import TestSupport
import Testing

@testable import AASAValidator

/// The API over a real listener on 127.0.0.1: the gate (Host, Origin, media type, sizes, rates,
/// token), the refusals of the fetch policy, the headers, and the time of a lint.
@Suite(.serialized) struct ValidatorAPITests {
  static let association = """
    {"applinks": {"details": [{"appIDs": ["D3KQX62K1A.com.example.photoapp"],
      "components": [{"/": "/albums/*", "comment": "<img src=x onerror=alert(1)>"}]}]}}
    """

  @Test func lintAnswersWithTheDocumentAndSecurityHeaders() async throws {
    let harness = try await ValidatorHarness()
    defer { Task { await harness.close() } }
    let body = ValidatorHarness.json(["text": Self.association, "urls": ["/albums/1", "/x"]])
    let response = try await harness.send("POST", "/api/v1/lint", body: body)
    #expect(response.status == 200)
    #expect(response.text.contains("\"input\" : \"/albums/1\""))
    #expect(response.header("content-type") == "application/json; charset=utf-8")
    let csp = try #require(response.header("content-security-policy"))
    #expect(csp.contains("default-src 'none'"))
    #expect(csp.contains("frame-ancestors 'none'"))
    #expect(csp.contains("connect-src 'self'"))
    #expect(response.header("x-content-type-options") == "nosniff")
    #expect(response.header("referrer-policy") == "no-referrer")
    #expect(!response.headers.contains { $0.name.lowercased().hasPrefix("access-control-") })
  }

  @Test func refusesAForeignHost() async throws {
    let harness = try await ValidatorHarness()
    defer { Task { await harness.close() } }
    let body = ValidatorHarness.json(["text": Self.association])
    let response = try await harness.send(
      "POST", "/api/v1/lint", body: body, host: "rebound.attacker.example:\(harness.port)")
    #expect(response.status == 403)
    #expect(response.errorCode == "bad-host")
    let page = try await harness.send("GET", "/", host: "rebound.attacker.example")
    #expect(page.status == 403)
  }

  @Test func refusesAForeignOrigin() async throws {
    let harness = try await ValidatorHarness()
    defer { Task { await harness.close() } }
    let body = ValidatorHarness.json(["text": Self.association])
    let response = try await harness.send(
      "POST", "/api/v1/lint", body: body, headers: [("Origin", "https://evil.example")])
    #expect(response.status == 403)
    #expect(response.errorCode == "bad-origin")
    let own = try await harness.send(
      "POST", "/api/v1/lint", body: body, headers: [("Origin", "http://127.0.0.1:\(harness.port)")])
    #expect(own.status == 200)
  }

  @Test(arguments: ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data"])
  func refusesOtherMediaTypes(type: String) async throws {
    let harness = try await ValidatorHarness()
    defer { Task { await harness.close() } }
    let response = try await harness.send(
      "POST", "/api/v1/lint", body: ValidatorHarness.json(["text": "{}"]), contentType: type)
    #expect(response.status == 415)
    #expect(response.errorCode == "unsupported-media")
  }

  @Test func refusesTooLargeBodiesAndLists() async throws {
    var limits = ValidatorLimits()
    limits.maximumBody = 4096
    limits.maximumURLs = 3
    let harness = try await ValidatorHarness(
      ValidatorConfiguration(listenHost: "127.0.0.1", limits: limits))
    defer { Task { await harness.close() } }
    let big = ValidatorHarness.json(["text": String(repeating: " ", count: 5000)])
    let response = try await harness.send("POST", "/api/v1/lint", body: big)
    #expect(response.status == 413)
    #expect(response.errorCode == "too-large")
    let many = ValidatorHarness.json(["text": "{}", "urls": ["/a", "/b", "/c", "/d"]])
    let list = try await harness.send("POST", "/api/v1/lint", body: many)
    #expect(list.status == 413)
  }

  @Test func badInputIs400() async throws {
    let harness = try await ValidatorHarness()
    defer { Task { await harness.close() } }
    let missing = try await harness.send("POST", "/api/v1/lint", body: "{}")
    #expect(missing.status == 400)
    #expect(missing.errorCode == "bad-input")
    let notJSON = try await harness.send("POST", "/api/v1/lint", body: "text=1")
    #expect(notJSON.status == 400)
    let userinfo = try await harness.send(
      "POST", "/api/v1/check", body: ValidatorHarness.json(["site": "https://user@example.com"]))
    #expect(userinfo.status == 400)
    let plain = try await harness.send(
      "POST", "/api/v1/check", body: ValidatorHarness.json(["site": "http://example.com"]))
    #expect(plain.status == 400)
  }

  /// Issue 40: every stable code's help says what to do, in words; none sends the user to read
  /// `GET /api/v1/about` (it said "see GET /api/v1/about for the inputs").
  @Test func everyErrorsHelpSaysWhatToDo() async throws {
    let errors: [APIError] = [
      .badInput("text is missing"), .tooLarge("text is over 1048576 bytes"), .unsupportedMedia,
      .notFound, .methodNotAllowed("POST"), .rateLimited(retryAfter: 5, what: "for example.com"),
      .busy, .clientBusy, .bodiesBusy, .timedOut, .forbiddenHost, .forbiddenOrigin, .unauthorized,
    ]
    for error in errors {
      #expect(!error.help.isEmpty, "\(error.code)")
      #expect(!error.help.contains("/api/v1/about"), "\(error.code): \(error.help)")
    }
    let harness = try await ValidatorHarness()
    defer { Task { await harness.close() } }
    let missing = try await harness.send("POST", "/api/v1/lint", body: "{}")
    let object = try #require(JSONText.parse(missing.text) as? [String: Any])
    let help = try #require((object["error"] as? [String: Any])?["help"] as? String)
    #expect(help.contains("correct the field"), "\(help)")
  }

  @Test func rateLimitAnswers429WithRetryAfter() async throws {
    var limits = ValidatorLimits()
    limits.clientBurst = 2
    limits.clientRefillSeconds = 30
    let harness = try await ValidatorHarness(
      ValidatorConfiguration(listenHost: "127.0.0.1", limits: limits))
    defer { Task { await harness.close() } }
    let body = ValidatorHarness.json(["text": "{}"])
    _ = try await harness.send("POST", "/api/v1/device", body: body)
    _ = try await harness.send("POST", "/api/v1/device", body: body)
    let limited = try await harness.send("POST", "/api/v1/device", body: body)
    #expect(limited.status == 429)
    #expect(limited.errorCode == "rate-limited")
    let retry = try #require(limited.header("retry-after").flatMap(Int.init))
    #expect((1...30).contains(retry))
  }

  /// Issue 45: the page's own calls, which fetch nothing (the as-you-type box's program and its
  /// lints), spend no client rate; the matcher agreement test waited out 429s for ~50 s.
  @Test func thePagesOwnCallsSpendNoClientRate() async throws {
    var limits = ValidatorLimits()
    limits.clientBurst = 2
    limits.clientRefillSeconds = 30
    let harness = try await ValidatorHarness(
      ValidatorConfiguration(listenHost: "127.0.0.1", limits: limits))
    defer { Task { await harness.close() } }
    let body = ValidatorHarness.json(["text": Self.association, "urls": ["/albums/1"]])
    for _ in 0..<5 {
      #expect(try await harness.send("POST", "/api/v1/lint", body: body).status == 200)
      #expect(try await harness.send("POST", "/api/v1/matcher", body: body).status == 200)
    }
    // Another endpoint still spends it.
    let device = ValidatorHarness.json(["text": "x"])
    _ = try await harness.send("POST", "/api/v1/device", body: device)
    _ = try await harness.send("POST", "/api/v1/device", body: device)
    #expect(try await harness.send("POST", "/api/v1/device", body: device).status == 429)
  }

  @Test func tokenIsRequiredWhenConfigured() async throws {
    let token = try #require(AccessToken(fileContents: Array("s3cret-token-0123456789".utf8)))
    let harness = try await ValidatorHarness(
      ValidatorConfiguration(listenHost: "127.0.0.1", token: token))
    defer { Task { await harness.close() } }
    let body = ValidatorHarness.json(["text": "{}"])
    let without = try await harness.send("POST", "/api/v1/lint", body: body)
    #expect(without.status == 401)
    let wrong = try await harness.send(
      "POST", "/api/v1/lint", body: body,
      headers: [("Authorization", "Bearer s3cret-token-0123456780")])
    #expect(wrong.status == 401)
    let right = try await harness.send(
      "POST", "/api/v1/lint", body: body,
      headers: [("Authorization", "Bearer s3cret-token-0123456789")])
    #expect(right.status == 200)
    // The page itself is served without it: it holds nothing but the page.
    let page = try await harness.send("GET", "/")
    #expect(page.status == 200)
  }

  @Test(arguments: [
    "127.0.0.1", "https://0x7f000001", "https://2130706433", "https://[::1]",
    "https://169.254.169.254", "applinks:localhost", "https://[::ffff:127.0.0.1]",
    "https://0177.0.0.1",
  ])
  func checkRefusesInternalAddresses(site: String) async throws {
    let harness = try await ValidatorHarness()
    defer { Task { await harness.close() } }
    let response = try await harness.send(
      "POST", "/api/v1/check", body: ValidatorHarness.json(["site": site]))
    #expect(response.status == 403, "\(site): \(response.text)")
    #expect(response.errorCode == "blocked-address", "\(site)")
    #expect(response.text.contains("--allow"))
  }

  @Test func checkRefusesOtherPorts() async throws {
    let harness = try await ValidatorHarness()
    defer { Task { await harness.close() } }
    // An IP literal of a documentation range: refused by its address before any port question.
    let response = try await harness.send(
      "POST", "/api/v1/check", body: ValidatorHarness.json(["site": "https://127.0.0.1:8443"]))
    #expect(response.status == 403)
  }

  @Test func aboutSaysVersionLimitsAndPolicy() async throws {
    let harness = try await ValidatorHarness(
      ValidatorConfiguration(
        listenHost: "127.0.0.1", policy: FetchPolicy(rules: [try AllowRule(parsing: "10.0.0.0/8")]))
    )
    defer { Task { await harness.close() } }
    let response = try await harness.send("GET", "/api/v1/about")
    #expect(response.status == 200)
    let object = try #require(JSONText.parse(response.text) as? [String: Any])
    #expect(object["version"] is String)
    #expect(object["limits"] is [String: Any])
    #expect((object["fetch"] as? [String])?.contains("allowed by --allow 10.0.0.0/8") == true)
    // The endpoints' table, which ValidatorEndpointTests holds the listener and the docs to.
    let endpoints = try #require(object["endpoints"] as? [[String: Any]])
    #expect(endpoints.contains { $0["path"] as? String == "/api/v1/route" })
  }

  @Test func pageIsSmallAndSelfContained() async throws {
    #expect(ValidatorHandler.pageBytes > 1000)
    // Nine views (Sign-in and the Android view's manifest check came with issue 41): 128 KB.
    #expect(ValidatorHandler.pageBytes < 131_072)
    let harness = try await ValidatorHarness()
    defer { Task { await harness.close() } }
    let page = try await harness.send("GET", "/")
    #expect(page.status == 200)
    #expect(page.header("content-type") == "text/html; charset=utf-8")
    // Nothing is loaded from elsewhere: no absolute URL in a src or href, no url() or @import
    // in the style sheet, every fetch to the page's own /api/.
    #expect(page.text.firstMatch(of: /(src|href)="[a-z]+:/) == nil)
    let style = try await harness.send("GET", "/app.css")
    #expect(style.status == 200)
    #expect(!style.text.contains("url(") && !style.text.contains("@import"))
    let script = try await harness.send("GET", "/app.js")
    #expect(script.status == 200)
    #expect(script.text.firstMatch(of: /fetch\("(?!\/api\/)/) == nil)
    #expect(!script.text.contains("innerHTML") && !script.text.contains("insertAdjacentHTML"))
    #expect(!script.text.contains("eval(") && !script.text.contains("document.write"))
    #expect(try await harness.send("GET", "/../Package.swift").status == 404)
  }

  /// A bound on a blow-up only (a quadratic step, a lint run twice), not a measure of speed:
  /// the lint takes milliseconds, and a 2-core machine running the whole suite measured 60 ms
  /// against a former 50 ms bound. Timing belongs to Benchmarks/.
  @Test func lintOfTheExamplesIsAnsweredWithoutABlowUp() async throws {
    let harness = try await ValidatorHarness()
    defer { Task { await harness.close() } }
    let text = String(
      decoding: try readPackageFile("examples/site/.well-known/apple-app-site-association"),
      as: UTF8.self)
    let urls = String(decoding: try readPackageFile("examples/urls.txt"), as: UTF8.self)
      .split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
    let body = ValidatorHarness.json(["text": text, "urls": urls])
    _ = try await harness.send("POST", "/api/v1/lint", body: body)
    var fastest = Duration.seconds(60)
    for _ in 0..<3 {
      let started = ContinuousClock.now
      let response = try await harness.send("POST", "/api/v1/lint", body: body)
      #expect(response.status == 200)
      fastest = min(fastest, ContinuousClock.now - started)
    }
    #expect(fastest < BlowUpBound.limit, "fastest of 3: \(fastest)")
  }
}
