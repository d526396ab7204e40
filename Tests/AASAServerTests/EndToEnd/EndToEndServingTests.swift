import Foundation
import TestSupport
import Testing

/// Starts the real `aasa-serve` on 127.0.0.1 port 0 with a certificate made for the test and
/// talks to it with curl over HTTP/1.1 and HTTP/2.
@Suite("aasa-serve end to end: serving", .programsTimeLimit)
struct EndToEndServingTests {
  let site: TemporaryDirectory
  let certificate: String
  let server: ServerProcess

  init() async throws {
    site = try TemporaryDirectory.standardSite()
    try System.makeSymbolicLink(
      at: site.site + "/escape.txt", to: site.path + "/outside/secret.txt")
    try System.makeSymbolicLink(at: site.site + "/outside-dir", to: site.path + "/outside")
    try System.makeSymbolicLink(at: site.site + "/inside-link.css", to: site.site + "/style.css")
    let (certificate, key) = try site.writeCertificate()
    self.certificate = certificate
    server = try await ServerProcess([
      "--root", site.site, "--port", "0", "--tls-cert", certificate, "--tls-key", key,
      "--cache-max-age", "600",
    ])
  }

  func get(_ path: String, _ extra: [String] = []) async throws -> CurlResponse {
    try await CurlResponse(curl(["--cacert", certificate] + extra, server.url(path)))
  }

  @Test func startupSaysWhereWhatAndHow() throws {
    let output = server.output
    #expect(output.contains("listening on https://127.0.0.1:\(server.port)"))
    #expect(output.contains("/.well-known/apple-app-site-association"))
    #expect(output.contains("/.well-known/assetlinks.json"))
    #expect(
      output.contains(
        "curl -i --cacert \(certificate) https://127.0.0.1:\(server.port)/.well-known/apple-app-site-association"
      ))
    #expect(output.contains("not serving /.env"))
    #expect(output.contains("not serving /escape.txt: symlink points outside the root"))
  }

  @Test func aasaOverHTTP11() async throws {
    let response = try await get("/.well-known/apple-app-site-association", ["--http1.1"])
    #expect(response.httpVersion == "HTTP/1.1")
    #expect(response.status == 200)
    #expect(response.headers["content-type"] == "application/json")
    #expect(response.headers["content-length"] == "\(Fixtures.aasa.utf8.count)")
    #expect(response.headers["cache-control"] == "public, max-age=600")
    #expect(response.headers["date"] != nil)
    #expect(response.body == Fixtures.aasa)
  }

  @Test func aasaOverHTTP2() async throws {
    let response = try await get("/.well-known/apple-app-site-association", ["--http2"])
    #expect(response.httpVersion == "HTTP/2")
    #expect(response.status == 200)
    #expect(response.headers["content-type"] == "application/json")
    #expect(response.body == Fixtures.aasa)
    #expect(try await get("/missing", ["--http2"]).status == 404)
    #expect(try await get("/../secret", ["--http2", "--path-as-is"]).status == 400)
  }

  @Test func legacyPathAndAssetLinks() async throws {
    let legacy = try await get("/apple-app-site-association")
    #expect(legacy.status == 200)
    #expect(legacy.body == Fixtures.aasa)
    #expect(legacy.headers["content-type"] == "application/json")
    let assetLinks = try await get("/.well-known/assetlinks.json")
    #expect(assetLinks.status == 200)
    #expect(assetLinks.headers["content-type"] == "application/json")
    #expect(assetLinks.body == Fixtures.assetLinks)
  }

  @Test func otherFilesGetTheirContentTypes() async throws {
    #expect(try await get("/index.html").headers["content-type"] == "text/html; charset=utf-8")
    #expect(try await get("/style.css").headers["content-type"] == "text/css; charset=utf-8")
    #expect(try await get("/logo.png").headers["content-type"] == "image/png")
    #expect(try await get("/notes.txt").headers["content-type"] == "text/plain; charset=utf-8")
    // Directories serve their index.html, never a listing and never a redirect.
    let docs = try await get("/docs/")
    #expect(docs.status == 200)
    #expect(docs.body == "<p>docs</p>")
    #expect(try await get("/docs").status == 404)
    #expect(try await get("/.well-known/").status == 404)
  }

  @Test func notFoundAndMethodNotAllowed() async throws {
    let missing = try await get("/nope.json")
    #expect(missing.status == 404)
    #expect(missing.headers["location"] == nil)
    for method in ["POST", "PUT", "DELETE", "OPTIONS", "PATCH"] {
      let response = try await get("/.well-known/apple-app-site-association", ["-X", method])
      #expect(response.status == 405, "\(method)")
      #expect(response.headers["allow"] == "GET, HEAD", "\(method)")
    }
  }

  @Test func headGivesHeadersOnly() async throws {
    let result = try await curl(
      ["--cacert", certificate, "--head"], server.url("/.well-known/apple-app-site-association"))
    let response = try CurlResponse(result)
    #expect(response.status == 200)
    #expect(response.headers["content-length"] == "\(Fixtures.aasa.utf8.count)")
    #expect(response.headers["etag"] != nil)
    #expect(response.body.isEmpty)
  }

  @Test func etagAndLastModifiedGive304() async throws {
    let first = try await get("/.well-known/apple-app-site-association")
    let etag = try #require(first.headers["etag"])
    let lastModified = try #require(first.headers["last-modified"])
    #expect(etag.hasPrefix("\"") && !etag.hasPrefix("W/"))
    for version in ["--http1.1", "--http2"] {
      let byTag = try await get(
        "/.well-known/apple-app-site-association", [version, "-H", "If-None-Match: \(etag)"])
      #expect(byTag.status == 304)
      #expect(byTag.headers["etag"] == etag)
      #expect(byTag.body.isEmpty)
    }
    let byDate = try await get(
      "/.well-known/apple-app-site-association", ["-H", "If-Modified-Since: \(lastModified)"])
    #expect(byDate.status == 304)
    let stale = try await get(
      "/.well-known/apple-app-site-association",
      ["-H", "If-Modified-Since: Sun, 06 Nov 1994 08:49:37 GMT"])
    #expect(stale.status == 200)
    let otherTag = try await get(
      "/.well-known/apple-app-site-association", ["-H", "If-None-Match: \"x\""])
    #expect(otherTag.status == 200)
  }

  @Test func gzipCopy() async throws {
    let raw = try await get("/notes.txt", ["-H", "Accept-Encoding: gzip"])
    #expect(raw.status == 200)
    #expect(raw.headers["content-encoding"] == "gzip")
    #expect(raw.headers["vary"] == "Accept-Encoding")
    let length = Int(raw.headers["content-length"] ?? "") ?? .max
    #expect(length < 950)
    let decoded = try await get("/notes.txt", ["--compressed", "--http2"])
    #expect(decoded.body == String(repeating: "compress me please ", count: 50))
    let identity = try await get("/notes.txt")
    #expect(identity.headers["content-encoding"] == nil)
    #expect(identity.headers["vary"] == "Accept-Encoding")
    #expect(identity.headers["content-length"] == "950")
  }

  @Test func traversalAttemptsNeverLeaveTheRoot() async throws {
    let attempts = [
      "/../outside/secret.txt", "/.well-known/../../outside/secret.txt",
      "/%2e%2e/outside/secret.txt", "/%2e%2e%2foutside%2fsecret.txt",
      "/.well-known/%2e%2e/%2e%2e/outside/secret.txt", "//outside/secret.txt",
      "/%c0%ae%c0%ae/outside/secret.txt", "/..%5coutside%5csecret.txt",
      "/%00/../outside/secret.txt", "/escape.txt", "/outside-dir/secret.txt",
      "/.env", "/%2eenv", "/.well-known/.hidden",
    ]
    for path in attempts {
      let response = try await get(path, ["--path-as-is"])
      #expect([400, 404].contains(response.status), "\(path) -> \(response.status)")
      #expect(!response.body.contains("SECRET"), "\(path)")
      #expect(response.headers["location"] == nil, "\(path)")
    }
  }

  @Test func symlinkInsideTheRootIsServed() async throws {
    let response = try await get("/inside-link.css")
    #expect(response.status == 200)
    #expect(response.body == "body { color: black }")
  }

  @Test func keepAliveReusesTheConnection() async throws {
    let result = try await run(
      ExecutableLookup.require("curl"),
      [
        "-sS", "-v", "--http1.1", "--max-time", "10", "--cacert", certificate,
        server.url("/index.html"), server.url("/style.css"),
      ])
    #expect(result.status == 0)
    #expect(result.stderr.contains("Re-using existing connection"))
  }

  @Test func alpnOffersH2AndHTTP11() async throws {
    for (offer, expected) in [("h2", "h2"), ("http/1.1", "http/1.1")] {
      let all = try await tlsHandshakeTranscript(
        port: server.port, alpn: offer,
        extraArguments: ["-CAfile", certificate, "-servername", "localhost"])
      #expect(all.contains("ALPN protocol: \(expected)"), "\(all)")
      #expect(all.contains("Verify return code: 0 (ok)"), "\(all)")
    }
  }

  @Test func accessLogHasOneLinePerRequest() async throws {
    _ = try await get("/style.css?probe=1", ["--http1.1", "-A", "probe-agent/1.0"])
    try await waitUntil(timeout: 5, "the access log line") {
      server.output.contains("user_agent=probe-agent/1.0")
    }
    let line = try #require(
      server.output.split(separator: "\n").first { $0.contains("probe-agent/1.0") })
    #expect(line.contains("method=GET"))
    #expect(line.contains("path=\"/style.css?probe=1\""))
    #expect(line.contains("status=200"))
    #expect(line.contains("bytes=21"))
    #expect(line.contains("duration_ms="))
    #expect(line.contains("protocol=HTTP/1.1"))
    // One site with --root: the host chooses nothing, and the line does not name it.
    #expect(!line.contains("host="), "\(line)")
  }
}
