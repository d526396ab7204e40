import AASALiveCheck
import Foundation
import TestSupport
import Testing

/// The redirects of a fetched App Links page, against a real HTTPS server on 127.0.0.1 asked as
/// `localhost`: a hop from https to http, or to a loopback, private, link-local or IPv4-mapped
/// address in any notation, is refused before it is connected to, naming the URL it would have
/// reached; other hops are followed and the final URL is returned (and said by `aasa-lint`).
@Suite struct PageRedirectTests {
  let directory: TemporaryDirectory
  let certificate: TestCertificate

  init() async throws {
    directory = try TemporaryDirectory()
    certificate = try TestCertificate.selfSigned(in: directory)
  }

  static let page = Array(
    #"<html><head><meta property="al:ios:url" content="bolts://docs"></head></html>"#.utf8)

  /// Redirects by path; `PORT` in a target is the server's own port (from the `Host` header).
  static let hops: [String: String] = [
    "/same": "/docs",
    "/twice": "/same",
    "/downgrade": "http://127.0.0.1:PORT/secret",
    "/to-loopback": "https://127.0.0.1:PORT/secret",
    "/to-decimal": "https://2130706433:PORT/secret",
    "/to-hex": "https://0x7f.1:PORT/secret",
    "/to-octal": "https://0177.0.0.1:PORT/secret",
    "/to-short": "https://127.1:PORT/secret",
    "/to-mapped": "https://[::ffff:127.0.0.1]:PORT/secret",
    "/to-ipv6-loopback": "https://[::1]:PORT/secret",
    "/to-metadata": "https://169.254.169.254/latest/meta-data/",
    "/to-private": "https://10.0.0.1/",
    "/to-cgnat": "https://100.64.0.1/",
    "/to-unspecified": "https://0.0.0.0:PORT/secret",
    "/loop": "/loop",
  ]

  /// Runs `body` with a server answering ``hops``, `/docs` and `/secret` (counted).
  func withRedirectingServer<T>(
    _ body: (_ port: Int, _ secretRequests: RequestCounter) async throws -> T
  ) async throws -> T {
    let secret = RequestCounter()
    return try await withServer(
      certificate: certificate,
      requestRoutes: { request in
        let port = request.host.split(separator: ":").last.map(String.init) ?? ""
        if let target = Self.hops[request.path] {
          return StubHTTPS.Answer(
            status: .found,
            headers: [("Location", target.replacing("PORT", with: port)), ("Content-Length", "0")])
        }
        if request.path == "/secret" { secret.increment() }
        if request.path == "/docs" || request.path == "/secret" {
          return StubHTTPS.Answer(
            headers: [("Content-Type", "text/html")], body: Self.page)
        }
        return .notFound
      }
    ) { server in try await body(server.port, secret) }
  }

  func fetch(_ url: String) async throws(RemoteFile.FetchError) -> PageFetcher.Page {
    try await PageFetcher.fetchPage(
      url: url, caFile: certificate.certificatePath, timeoutSeconds: 30)
  }

  @Test func aRedirectWithinTheHostIsFollowedAndTheFinalURLReturned() async throws {
    try await withRedirectingServer { port, _ in
      let page = try await fetch("https://localhost:\(port)/twice")
      #expect(page.body == Self.page)
      #expect(page.finalURL == "https://localhost:\(port)/docs")
      #expect(
        page.redirects == ["https://localhost:\(port)/same", "https://localhost:\(port)/docs"])
      let direct = try await fetch("https://localhost:\(port)/docs")
      #expect(direct.finalURL == "https://localhost:\(port)/docs")
      #expect(direct.redirects.isEmpty)
    }
  }

  @Test func aPageOnALoopbackURLTypedByTheUserIsFetched() async throws {
    try await withRedirectingServer { port, secret in
      let page = try await fetch("https://127.0.0.1:\(port)/same")
      #expect(page.finalURL == "https://127.0.0.1:\(port)/docs")
      // A hop that stays on the address asked for is followed.
      let within = try await fetch("https://127.0.0.1:\(port)/to-loopback")
      #expect(within.finalURL == "https://127.0.0.1:\(port)/secret")
      #expect(secret.value == 1)
    }
  }

  @Test func aDowngradeToHTTPIsRefusedBeforeConnecting() async throws {
    try await withRedirectingServer { port, secret in
      let error = await #expect(throws: RemoteFile.FetchError.self) {
        try await fetch("https://localhost:\(port)/downgrade")
      }
      #expect(
        error?.description
          == "cannot fetch https://localhost:\(port)/downgrade: the redirect from https://localhost:\(port)/downgrade to http://127.0.0.1:\(port)/secret is not followed: it goes from https to plain http; the final URL is http://127.0.0.1:\(port)/secret, not fetched"
      )
      #expect(secret.value == 0)
    }
  }

  @Test(arguments: [
    ("/to-loopback", "a loopback address (127.0.0.1)"),
    ("/to-decimal", "a loopback address (127.0.0.1)"),
    ("/to-hex", "a loopback address (127.0.0.1)"),
    ("/to-octal", "a loopback address (127.0.0.1)"),
    ("/to-short", "a loopback address (127.0.0.1)"),
    ("/to-mapped", "an IPv4-mapped IPv6 address (of 127.0.0.1, a loopback address)"),
    ("/to-ipv6-loopback", "a loopback address (::1)"),
    ("/to-metadata", "a link-local address (169.254.169.254)"),
    ("/to-private", "a private address (10.0.0.1)"),
    ("/to-cgnat", "a shared (carrier-grade NAT) address (100.64.0.1)"),
    ("/to-unspecified", "an unspecified address (0.0.0.0)"),
  ])
  func aHopToAnInternalAddressIsRefusedBeforeConnecting(path: String, words: String) async throws {
    try await withRedirectingServer { port, secret in
      let error = await #expect(throws: RemoteFile.FetchError.self) {
        try await fetch("https://localhost:\(port)\(path)")
      }
      let description = error?.description ?? ""
      #expect(description.contains("is not followed: it goes to \(words)"), "\(description)")
      let target = try #require(Self.hops[path]).replacing("PORT", with: "\(port)")
      #expect(description.contains("the final URL is"), "\(description)")
      #expect(description.contains(target) || description.contains("169.254"), "\(description)")
      // Refused, not connected to: the loopback ones would reach /secret, the others time out.
      #expect(secret.value == 0)
      #expect(!description.contains("within"), "\(description)")
    }
  }

  @Test func aCycleIsNamed() async throws {
    try await withRedirectingServer { port, _ in
      let error = await #expect(throws: RemoteFile.FetchError.self) {
        try await fetch("https://localhost:\(port)/loop")
      }
      #expect(error?.reason.contains("cycle") == true, "\(String(describing: error))")
    }
  }

  @Test func aasaLintSaysWhereThePageCameFromAndRefusesADowngrade() async throws {
    try await withRedirectingServer { port, _ in
      let followed = try await ChildProcess.run(
        CheckCommandTests.executable,
        [
          "https://localhost:\(port)/twice", "--ca-file", certificate.certificatePath, "--timeout",
          "30",
        ])
      #expect(followed.status == 0, "\(followed.stdout)\(followed.stderr)")
      #expect(
        followed.stderr.contains(
          "aasa-lint: note: the page came from https://localhost:\(port)/docs (2 redirects)"),
        "\(followed.stderr)")
      let direct = try await ChildProcess.run(
        CheckCommandTests.executable,
        [
          "https://localhost:\(port)/docs", "--ca-file", certificate.certificatePath, "--timeout",
          "30",
        ])
      #expect(
        direct.stderr.contains(
          "aasa-lint: note: the page came from https://localhost:\(port)/docs (no redirect)"),
        "\(direct.stderr)")
      let refused = try await ChildProcess.run(
        CheckCommandTests.executable,
        [
          "https://localhost:\(port)/downgrade", "--ca-file", certificate.certificatePath,
          "--timeout", "30",
        ])
      #expect(refused.status == 2, "\(refused.stdout)\(refused.stderr)")
      #expect(refused.stderr.contains("it goes from https to plain http"), "\(refused.stderr)")
      #expect(
        refused.stderr.contains("the final URL is http://127.0.0.1:\(port)/secret"),
        "\(refused.stderr)")
    }
  }
}
