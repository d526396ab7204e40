import Foundation
import TestSupport
import Testing

/// `Prefer-Html-Meta-Tags` (App Links sheet §7): aasa-serve answers an HTML page with only the
/// meta tags of the prefixes asked for, over HTTP/1.1 and HTTP/2, and `aasa-lint` reads a page
/// from it as a resolver does.
@Suite("aasa-serve end to end: Prefer-Html-Meta-Tags", .timeLimit(.minutes(2)))
struct EndToEndMetaTagsTests {
  static let page = """
    <!doctype html>
    <html><head>
    <title>Docs</title>
    <meta property="og:title" content="Bolts &amp; docs">
    <meta property="al:ios:url" content="bolts://docs?a=1&amp;b=&quot;2&quot;">
    <!-- <meta property="al:ios:url" content="commented://"> -->
    <script>var tag = '<meta property="al:ios:url" content="script://">';</script>
    <meta property="al:ios:app_name" content="Bolts">
    <meta property="al:web:should_fallback">
    </head><body><h1>Docs</h1>\(String(repeating: "<p>Lorem ipsum dolor sit amet.</p>", count: 50))</body></html>
    """

  let site: TemporaryDirectory
  let certificate: String
  let server: ServerProcess

  init() throws {
    site = try TemporaryDirectory.standardSite()
    try site.write("site/docs.html", Self.page)
    // Made by openssl rather than the suite's helper: BoringSSL in aasa-lint takes it as a root.
    let certificate = site.file("tls/cert.pem")
    let key = site.file("tls/key.pem")
    try FileManager.default.createDirectory(
      atPath: site.file("tls"), withIntermediateDirectories: true)
    let made = try run(
      "/usr/bin/openssl",
      [
        "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
        "-keyout", key, "-out", certificate, "-days", "1", "-subj", "/CN=127.0.0.1",
        "-addext", "subjectAltName=IP:127.0.0.1",
      ])
    try #require(made.status == 0, "\(made.stderr)")
    self.certificate = certificate
    server = try ServerProcess([
      "--root", site.site, "--port", "0", "--tls-cert", certificate, "--tls-key", key,
    ])
  }

  func get(_ extra: [String]) throws -> CurlResponse {
    try CurlResponse(curl(["--cacert", certificate] + extra, server.url("/docs.html")))
  }

  @Test(arguments: ["--http1.1", "--http2"])
  func onlyTheTagsAskedFor(version: String) throws {
    let plain = try get([version, "--compressed"])
    #expect(plain.body == Self.page)
    let tags = try get([version, "--compressed", "-H", "Prefer-Html-Meta-Tags: al"])
    #expect(tags.status == 200)
    #expect(
      tags.body
        == """
        <!DOCTYPE html>
        <html><head>
        <meta property="al:ios:url" content="bolts://docs?a=1&amp;b=&quot;2&quot;">
        <meta property="al:ios:app_name" content="Bolts">
        <meta property="al:web:should_fallback">
        </head></html>

        """)
    #expect(tags.headers["vary"] == "Prefer-Html-Meta-Tags, Accept-Encoding")
    #expect(tags.headers["content-type"] == "text/html; charset=utf-8")
    let etag = try #require(tags.headers["etag"])
    #expect(etag != plain.headers["etag"])
    let both = try get([version, "-H", "Prefer-Html-Meta-Tags: og, al"])
    #expect(both.body.contains("og:title"))
    #expect(both.body.contains("Bolts &amp; docs"))
    #expect(both.headers["etag"] != etag)
    let revalidated = try get([
      version, "-H", "Prefer-Html-Meta-Tags: al", "-H", "If-None-Match: \(etag)",
    ])
    #expect(revalidated.status == 304)
  }

  @Test func otherFilesIgnoreTheHeader() throws {
    let response = try CurlResponse(
      curl(
        ["--cacert", certificate, "-H", "Prefer-Html-Meta-Tags: al"],
        server.url("/.well-known/apple-app-site-association")))
    #expect(response.headers["content-type"] == "application/json")
    #expect(response.body == Fixtures.aasa)
  }

  @Test func aasaLintReadsThePageFromTheServer() throws {
    let url = server.url("/docs.html")
    let output = try run(
      BuiltProducts.executable("aasa-lint"),
      [
        url, "--ca-file", certificate, "--platform", "iphone", "--installed", "bolts", "--format",
        "json",
      ])
    #expect(output.stdout.contains("\"sourceURL\": \"\(url)\""), "\(output.stderr)")
    // Its url holds raw quotes (`&quot;` decoded), which NSURL refuses: the iPhone falls back.
    #expect(output.stdout.contains("\"code\": \"AL106\""))
    #expect(output.stdout.contains("\"type\": \"web\""))
    // The marker should_fallback is reported: it crashes Bolts for Android.
    #expect(output.stdout.contains("\"code\": \"AL205\""))
  }
}
