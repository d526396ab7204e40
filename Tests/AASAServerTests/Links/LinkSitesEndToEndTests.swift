import Foundation
import TestSupport
import Testing

/// `--sites`: each site's `links.json` is its own, on its folder's host: the pages' links are
/// made on the folder's name (not the `Host` asked, not the file's `domain`), another site's host
/// gets its own rules or none, and the counters carry the site.
@Suite("aasa-serve end to end: links.json under --sites", .programsTimeLimit)
struct LinkSitesEndToEndTests {
  @Test func eachSiteAnswersFromItsOwnRulesOnItsOwnHost() async throws {
    let directory = try TemporaryDirectory(label: "link-sites")
    for name in ["go.example.com", "other.example.com"] {
      try directory.write("sites/\(name)/.well-known/apple-app-site-association", Fixtures.aasa)
    }
    // The file names another domain: the folder's name wins.
    try directory.write(
      "sites/go.example.com/links.json",
      LinkFixtures.links.replacingOccurrences(
        of: "\"domain\": \"go.example.com\"", with: "\"domain\": \"elsewhere.example\""))
    let server = try await ServerProcess([
      "--sites", directory.path + "/sites", "--port", "0", "--self-signed", "--admin",
      "127.0.0.1:0",
    ])
    for version in ["--http1.1", "--http2"] {
      let preview = try await CurlResponse(
        curl(
          ["-k", version, "-A", "Twitterbot/1.0", "-H", "Host: GO.example.com:\(server.port)"],
          server.url("/buy/7")))
      #expect(preview.status == 200, "\(version)")
      #expect(
        preview.body.contains(
          "<meta property=\"al:ios:url\" content=\"https://go.example.com/buy/7\">"),
        "\(preview.body)")
      #expect(!preview.body.contains("elsewhere.example"))
      // Another site has no links.json: its paths are files or 404, whatever the client.
      let other = try await CurlResponse(
        curl(
          ["-k", version, "-A", "Twitterbot/1.0", "-H", "Host: other.example.com"],
          server.url("/buy/7")))
      #expect(other.status == 404, "\(version)")
    }
    let admin = try #require(server.output.firstMatch(of: /admin on (http:\/\/127\.0\.0\.1:\d+)/))
    let metrics = try await CurlResponse(curl([], "\(admin.1)/metrics")).body
    #expect(
      metrics.contains("aasa_link_answers_total{answer=\"preview\",site=\"go.example.com\"} 2\n"),
      "\(metrics)")
    #expect(server.output.contains("answer=preview bytes="))
  }
}
