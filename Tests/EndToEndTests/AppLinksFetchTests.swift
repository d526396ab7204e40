import Foundation
import TestSupport
import Testing

/// `aasa-lint https://…/page`: fetched over HTTPS as a resolver fetches it, through redirects,
/// from the shared HTTPS stub on loopback, with a certificate made for the test.
@Suite("Fetching a page over HTTPS")
struct AppLinksFetchTests {
  /// /start redirects twice to /docs, which answers only requests that ask for
  /// `Prefer-Html-Meta-Tags: al`; /loop redirects to itself.
  static let routes: StubHTTPS.RequestRoutes = { request in
    let hops = ["/start": "/middle", "/middle": "/docs", "/loop": "/loop"]
    if let next = hops[request.target] { return .redirect(to: next) }
    let asked = request.headers["Prefer-Html-Meta-Tags"].flatMap { $0.split(separator: ",") }
    if request.target == "/docs"
      && asked.contains(where: { $0.trimmingCharacters(in: .whitespaces) == "al" })
    {
      return .text(
        #"<html><head><meta property="al:ios:url" content="bolts://docs"></head></html>"#,
        contentType: "text/html")
    }
    return StubHTTPS.Answer(status: .notAcceptable, headers: [])
  }

  @Test(
    "redirects are followed, Prefer-Html-Meta-Tags: al is sent, the URL asked for is the source")
  func fetchThroughRedirects() async throws {
    let directory = try TemporaryDirectory(label: "applinks-fetch")
    let made = try LoopbackCertificate(in: directory)
    let certificate = made.authorityFile
    let server = try await StubHTTPS.start(certificate: made, requestRoutes: Self.routes)
    defer { Task { await server.stop() } }
    let port = server.port

    let start = "https://localhost:\(port)/start"
    let output = try await LintProcess.run([
      start, "--ca-file", certificate, "--platform", "iphone", "--installed", "bolts",
      "--format", "json", "--timeout", "10",
    ])
    #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    #expect((report["appLink"] as? [String: Any])?["sourceURL"] as? String == start)
    let navigation = try #require(report["navigation"] as? [String: Any])
    #expect(navigation["type"] as? String == "app")
    #expect(
      (navigation["appLinkData"] as? [String: Any])?["target_url"] as? String == start)

    let loop = try await LintProcess.run([
      "https://localhost:\(port)/loop", "--ca-file", certificate, "--timeout", "10",
    ])
    expectCleanFailure(loop)
    #expect(loop.stderr.contains("cycle") || loop.stderr.contains("redirects"))

    let untrusted = try await LintProcess.run([
      "https://localhost:\(port)/start", "--timeout", "10",
    ])
    expectCleanFailure(untrusted)
  }
}
