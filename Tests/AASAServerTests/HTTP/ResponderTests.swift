import AASAServer
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import TestSupport
import Testing

@Suite("Responder and site loading")
struct ResponderTests {
  func load(_ site: TemporaryDirectory, allowInvalid: Bool = false) throws
    -> SiteFilesReloader.InitialLoad
  {
    try SiteFilesReloader.load(
      configuration: ServerConfiguration(root: site.site, allowInvalid: allowInvalid),
      logger: Logger(label: "test"))
  }

  func answer(
    _ snapshot: SiteSnapshot, _ target: String, method: String = "GET",
    ifNoneMatch: [String] = [], ifModifiedSince: String? = nil, acceptEncoding: [String] = []
  ) -> Answer {
    Responder.answer(
      RequestSummary(
        method: .init(rawValue: method), target: target, ifNoneMatch: ifNoneMatch,
        ifModifiedSince: ifModifiedSince, acceptEncoding: acceptEncoding),
      site: snapshot)
  }

  @Test func loadsServableFilesAndSkipsTheRest() throws {
    let site = try TemporaryDirectory.standardSite()
    try site.write("site/big.bin", String(repeating: "x", count: 700))
    try System.makeSymbolicLink(
      at: site.site + "/escape.txt", to: site.path + "/outside/secret.txt")
    try System.makeSymbolicLink(at: site.site + "/alias.txt", to: site.site + "/notes.txt")
    let loaded = try SiteFilesReloader.load(
      configuration: ServerConfiguration(root: site.site, maxFileSize: 600),
      logger: Logger(label: "test"))
    let paths = Set(loaded.files.map(\.path))
    #expect(paths.contains("/.well-known/apple-app-site-association"))
    #expect(paths.contains("/.well-known/assetlinks.json"))
    #expect(!paths.contains("/alias.txt"))  // its target, notes.txt, is over 600 bytes
    #expect(paths.contains("/style.css"))
    #expect(!paths.contains("/.env"))
    #expect(!paths.contains("/.well-known/.hidden"))
    #expect(!paths.contains("/escape.txt"))
    #expect(!paths.contains("/big.bin"))
    let reasons = Dictionary(loaded.skipped.map { ($0.path, $0.reason) }) { first, _ in first }
    #expect(reasons["/escape.txt"] == .escapesRoot)
    #expect(reasons["/.env"] == .hidden)
    #expect(reasons["/big.bin"] == .tooLarge)
  }

  @Test func servesFilesWithPreparedHeaders() throws {
    let site = try TemporaryDirectory.standardSite()
    let snapshot = try load(site).reloader.store.current
    let ok = answer(snapshot, "/.well-known/apple-app-site-association")
    #expect(ok.response.status == .ok)
    #expect(ok.includeBody)
    #expect(ok.response.field("content-type") == "application/json")
    #expect(ok.response.field("content-length") == "\(Fixtures.aasa.utf8.count)")
    #expect(ok.response.field("cache-control") == "public, max-age=3600")
    #expect(ok.response.field("vary") == "Accept-Encoding")
    #expect(ok.response.field("etag")?.hasPrefix("\"") == true)
    #expect(ok.response.field("last-modified")?.hasSuffix(" GMT") == true)
    #expect(String(buffer: ok.response.body) == Fixtures.aasa)

    let legacy = answer(snapshot, "/apple-app-site-association")
    #expect(legacy.response.field("etag") == ok.response.field("etag"))
    #expect(answer(snapshot, "/docs/").response.status == .ok)
    #expect(answer(snapshot, "/docs").response.status == .notFound)
    #expect(answer(snapshot, "/.well-known/").response.status == .notFound)
  }

  @Test func errorsAndMethods() throws {
    let site = try TemporaryDirectory.standardSite()
    let snapshot = try load(site).reloader.store.current
    #expect(answer(snapshot, "/missing").response.status == .notFound)
    #expect(answer(snapshot, "/.env").response.status == .notFound)
    #expect(answer(snapshot, "/../x").response.status == .badRequest)
    let post = answer(snapshot, "/index.html", method: "POST")
    #expect(post.response.status == .methodNotAllowed)
    #expect(post.response.field("allow") == "GET, HEAD")
    let head = answer(snapshot, "/index.html", method: "HEAD")
    #expect(head.response.status == .ok)
    #expect(!head.includeBody)
    #expect(head.bodyBytes == 0)
  }

  @Test func conditionalAndGzip() throws {
    let site = try TemporaryDirectory.standardSite()
    let snapshot = try load(site).reloader.store.current
    let plain = answer(snapshot, "/notes.txt")
    let etag = try #require(plain.response.field("etag"))
    let lastModified = try #require(plain.response.field("last-modified"))
    #expect(answer(snapshot, "/notes.txt", ifNoneMatch: [etag]).response.status == .notModified)
    #expect(
      answer(snapshot, "/notes.txt", ifModifiedSince: lastModified).response.status
        == .notModified)
    let gzip = answer(snapshot, "/notes.txt", acceptEncoding: ["gzip"])
    #expect(gzip.response.field("content-encoding") == "gzip")
    #expect(gzip.response.field("etag") != etag)
    #expect(gzip.response.body.readableBytes < plain.response.body.readableBytes)
    // The gzip tag validates the gzip representation only.
    let gzipTag = try #require(gzip.response.field("etag"))
    #expect(
      answer(snapshot, "/notes.txt", ifNoneMatch: [gzipTag], acceptEncoding: ["gzip"]).response
        .status == .notModified)
    #expect(answer(snapshot, "/notes.txt", ifNoneMatch: [gzipTag]).response.status == .ok)
    // Tiny or already-compressed files get no gzip copy.
    #expect(
      answer(snapshot, "/logo.png", acceptEncoding: ["gzip"]).response.field("content-encoding")
        == nil)
  }

  @Test func invalidAssociationFileRefusesToLoad() throws {
    let site = try TemporaryDirectory.standardSite()
    try site.write("site/.well-known/apple-app-site-association", Fixtures.brokenAASA)
    #expect {
      _ = try load(site)
    } throws: { error in
      guard let error = error as? StartupError else { return false }
      return error.kind == .invalidSite && error.exitCode == 1
        && error.message.contains("/.well-known/apple-app-site-association:1:")
        && error.message.contains("error:")
        && error.message.contains("--allow-invalid")
    }
    let allowed = try load(site, allowInvalid: true)
    #expect(allowed.files.contains { $0.path == "/.well-known/apple-app-site-association" })
    #expect(!allowed.findings.isEmpty)
  }

  @Test func legacyOnlySiteIsServedAtBothPaths() throws {
    let site = try TemporaryDirectory()
    try site.write("site/apple-app-site-association", Fixtures.aasa)
    let snapshot = try load(site).reloader.store.current
    #expect(answer(snapshot, "/.well-known/apple-app-site-association").response.status == .ok)
    #expect(answer(snapshot, "/apple-app-site-association").response.status == .ok)
  }
}
