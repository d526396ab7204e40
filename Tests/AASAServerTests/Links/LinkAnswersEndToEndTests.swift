import Foundation
import TestSupport
import Testing

/// `links.json` answered by the real `aasa-serve` over loopback TLS, to curl sending each
/// client's `User-Agent` over HTTP/1.1 and HTTP/2: the store, the web page, the in-app page or
/// the preview, with their headers, one access line each and the counters on the admin listener.
@Suite("aasa-serve end to end: links.json answers", .programsTimeLimit)
struct LinkAnswersEndToEndTests {
  let site: TemporaryDirectory
  let certificate: String
  let server: ServerProcess

  init() async throws {
    site = try LinkFixtures.site()
    let (certificate, key) = try site.writeCertificate()
    self.certificate = certificate
    server = try await ServerProcess([
      "--root", site.site, "--port", "0", "--tls-cert", certificate, "--tls-key", key,
      "--admin", "127.0.0.1:0",
    ])
  }

  func get(_ path: String, _ extra: [String]) async throws -> CurlResponse {
    try await CurlResponse(curl(["--cacert", certificate] + extra, server.url(path)))
  }

  @Test(arguments: ["--http1.1", "--http2"])
  func eachClientGetsItsAnswer(version: String) async throws {
    let expectedVersion = version == "--http2" ? "HTTP/2" : "HTTP/1.1"
    for client in LinkFixtures.clients {
      for method in ["GET", "HEAD"] {
        let response = try await get(
          "/buy/42?utm_source=mail",
          [version, "-A", client.agent] + (method == "HEAD" ? ["-I"] : []))
        let label = "\(client.name) \(method) \(version)"
        #expect(response.httpVersion == expectedVersion, "\(label)")
        #expect(response.headers["vary"] == "User-Agent", "\(label)")
        #expect(response.headers["cache-control"] == "private, no-store", "\(label)")
        #expect(response.headers["x-frame-options"] == "DENY", "\(label)")
        #expect(response.headers["referrer-policy"] == "no-referrer", "\(label)")
        #expect(response.headers["x-content-type-options"] == "nosniff", "\(label)")
        #expect(
          response.headers["content-security-policy"]?.hasPrefix(
            "default-src 'none'; style-src 'sha256-")
            == true, "\(label)")
        switch client.answer {
        case "ios", "android", "web":
          #expect(response.status == 302, "\(label)")
          let location = [
            "ios": LinkFixtures.ios, "android": LinkFixtures.android,
            "web": LinkFixtures.web + "&utm_source=mail",
          ][client.answer]
          #expect(response.headers["location"] == location, "\(label)")
          #expect(response.body.isEmpty, "\(label)")
        case "in_app":
          #expect(response.status == 200, "\(label)")
          #expect(response.headers["content-type"] == "text/html; charset=utf-8", "\(label)")
          if method == "GET" {
            #expect(
              response.body.contains(
                "href=\"https://go.example.com/buy/42?utm_source=mail\">Open in the app</a>"),
              "\(label)")
            #expect(response.body.contains("id=\"web\""), "\(label)")
          } else {
            #expect(response.body.isEmpty, "\(label)")
          }
        default:
          #expect(response.status == 200, "\(label)")
          if method == "GET" {
            #expect(
              response.body.contains("<meta property=\"og:title\" content=\"Buy it\">"), "\(label)")
            #expect(
              response.body.contains(
                "<meta property=\"al:ios:url\" content=\"https://go.example.com/buy/42\">"),
              "\(label)")
          } else {
            #expect(response.body.isEmpty, "\(label)")
          }
        }
      }
    }
    // One access line per request, naming the answer chosen.
    try await waitUntil(timeout: 10, "every access line") {
      server.output.components(separatedBy: "answer=").count - 1 == LinkFixtures.clients.count * 2
    }
    for client in LinkFixtures.clients {
      #expect(server.output.contains("answer=\(client.answer) bytes="), "\(client.name)")
    }
    // The counters per answer, on the admin listener.
    let admin = try #require(server.output.firstMatch(of: /admin on (http:\/\/127\.0\.0\.1:\d+)/))
    let metrics = try await CurlResponse(curl([], "\(admin.1)/metrics")).body
    let counts = Dictionary(grouping: LinkFixtures.clients, by: \.answer).mapValues { $0.count * 2 }
    for (answer, count) in counts {
      #expect(
        metrics.contains("aasa_link_answers_total{answer=\"\(answer)\"} \(count)\n"), "\(metrics)")
    }
  }

  @Test(arguments: ["--http1.1", "--http2"])
  func onlyThePathsOfARule(version: String) async throws {
    let agent = LinkFixtures.clients[0].agent
    // links.json itself is never served, and the fetchers' files are files.
    #expect(try await get("/links.json", [version, "-A", agent]).status == 404)
    let aasa = try await get("/.well-known/apple-app-site-association", [version, "-A", agent])
    #expect(aasa.status == 200)
    #expect(aasa.body == Fixtures.aasa)
    #expect(try await get("/sell/1", [version, "-A", agent]).status == 404)
    #expect(try await get("/notes.txt", [version, "-A", agent]).status == 200)
    // Another spelling of the same path is the same rule; a dotfile is no path of a rule.
    #expect(
      try await get("/b%75y/1", [version, "-A", agent]).headers["location"] == LinkFixtures.ios)
    #expect(try await get("/buy/.env", [version, "-A", agent]).status == 404)
    #expect(try await get("/buy/1", [version, "-A", agent, "-X", "POST"]).status == 405)
  }

  /// The preview page a bot gets, linted by `aasa-lint` as an App Links page: no errors.
  @Test func thePreviewPageLintsWithoutErrors() async throws {
    let response = try await get("/buy/42", ["-A", "facebookexternalhit/1.1"])
    let page = try site.write("preview.html", response.body)
    let lint = try await run(
      BuiltProducts.executable("aasa-lint"),
      [page, "--page-url", "https://go.example.com/buy/42", "--format", "json"])
    #expect(lint.status == 0, "\(lint.stdout) \(lint.stderr)")
    #expect(JSONText.contains(lint.stdout, object: ["errors": "0"]), "\(lint.stdout)")
    #expect(lint.stdout.contains("284882215"))
    #expect(lint.stdout.contains("com.example"))
  }

  @Test func startupNamesTheRules() {
    #expect(server.output.contains("answering 1 link rule(s) from \(site.site)/links.json"))
  }
}
