import Foundation
import TestSupport
import Testing

/// `Prefer-Html-Meta-Tags` (App Links sheet §7): aasa-serve answers an HTML page with only the
/// meta tags of the prefixes asked for, over HTTP/1.1 and HTTP/2, and `aasa-lint` reads a page
/// from it as a resolver does.
@Suite("aasa-serve end to end: Prefer-Html-Meta-Tags", .programsTimeLimit)
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

  init() async throws {
    site = try TemporaryDirectory.standardSite()
    try site.write("site/docs.html", Self.page)
    // A CA:TRUE certificate, which BoringSSL in aasa-lint takes as a root.
    let made = try TestCertificate.selfSigned(
      in: site, name: "tls/cert", commonName: "127.0.0.1", alternativeNames: [.loopback], days: 1)
    certificate = made.certificatePath
    server = try await ServerProcess([
      "--root", site.site, "--port", "0", "--tls-cert", made.certificatePath, "--tls-key",
      made.keyPath,
    ])
  }

  func get(_ extra: [String]) async throws -> CurlResponse {
    try await CurlResponse(curl(["--cacert", certificate] + extra, server.url("/docs.html")))
  }

  @Test(arguments: ["--http1.1", "--http2"])
  func onlyTheTagsAskedFor(version: String) async throws {
    let plain = try await get([version, "--compressed"])
    #expect(plain.body == Self.page)
    let tags = try await get([version, "--compressed", "-H", "Prefer-Html-Meta-Tags: al"])
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
    let both = try await get([version, "-H", "Prefer-Html-Meta-Tags: og, al"])
    #expect(both.body.contains("og:title"))
    #expect(both.body.contains("Bolts &amp; docs"))
    #expect(both.headers["etag"] != etag)
    let revalidated = try await get([
      version, "-H", "Prefer-Html-Meta-Tags: al", "-H", "If-None-Match: \(etag)",
    ])
    #expect(revalidated.status == 304)
  }

  @Test func thePageItselfVariesOnTheHeaderAndEveryPrefixIsAnswered() async throws {
    // A cache must not hand the whole page to a resolver, nor the tags alone to a browser.
    let plain = try await get([])
    #expect(plain.headers["vary"] == "Prefer-Html-Meta-Tags, Accept-Encoding")
    let openGraph = try await get(["-H", "Prefer-Html-Meta-Tags: og"])
    #expect(openGraph.body.contains("<meta property=\"og:title\" content=\"Bolts &amp; docs\">"))
    #expect(!openGraph.body.contains("al:"))
    let unused = try await get(["-H", "Prefer-Html-Meta-Tags: twitter"])
    #expect(unused.status == 200)
    #expect(!unused.body.contains("<meta"))
    #expect(unused.headers["etag"] != openGraph.headers["etag"])
  }

  @Test func appLinkFindingsAreLoggedAtStartAndReloadAndThePageIsServed() async throws {
    // The start-up report names the page's findings (the `should_fallback` marker, AL205).
    #expect(server.output.contains("docs.html:9:"), "\(server.output)")
    #expect(server.output.contains("[AL205]"))
    let watched = try await ServerProcess([
      "--root", site.site, "--port", "0", "--watch-interval", "0.2", "--settle-time", "0.2",
    ])
    try site.write(
      "site/typo.html",
      "<html><head><meta property=\"al:iphon:url\" content=\"bolts://\"></head></html>")
    try await waitUntil(timeout: 10, "the new page's findings in the log") {
      watched.output.contains("typo.html:1:")
    }
    #expect(watched.output.contains("did you mean \"iphone\"? [AL006]"), "\(watched.output)")
    // Content, not an association file: served all the same.
    #expect(try await CurlResponse(curl([], watched.url("/typo.html"))).status == 200)
    // A page without any al: tag is no App Links page: nothing is said about it.
    try site.write("site/plain.html", "<html><head><title>x</title></head></html>")
    try await waitUntil(timeout: 10, "the plain page to be served") {
      try await CurlResponse(curl([], watched.url("/plain.html"))).status == 200
    }
    #expect(!watched.output.contains("plain.html:"))
  }

  @Test func otherFilesIgnoreTheHeader() async throws {
    let response = try CurlResponse(
      await curl(
        ["--cacert", certificate, "-H", "Prefer-Html-Meta-Tags: al"],
        server.url("/.well-known/apple-app-site-association")))
    #expect(response.headers["content-type"] == "application/json")
    #expect(response.body == Fixtures.aasa)
  }

  @Test func aasaLintReadsThePageFromTheServer() async throws {
    let url = server.url("/docs.html")
    let output = try await run(
      BuiltProducts.executable("aasa-lint"),
      [
        url, "--ca-file", certificate, "--platform", "iphone", "--installed", "bolts", "--format",
        "json",
      ])
    #expect(JSONText.contains(output.stdout, object: ["sourceURL": url]), "\(output.stderr)")
    // Its url holds raw quotes (`&quot;` decoded), which NSURL refuses: the iPhone falls back.
    #expect(JSONText.contains(output.stdout, object: ["code": "AL106"]))
    #expect(JSONText.contains(output.stdout, object: ["type": "web"]))
    // The marker should_fallback is reported: it crashes Bolts for Android.
    #expect(JSONText.contains(output.stdout, object: ["code": "AL205"]))
  }
}
