import AASALiveCheck
import TestSupport
import Testing

/// Compressed bodies, judged as Apple's fetcher (which decodes gzip, deflate and br) would, against
/// real HTTPS servers on 127.0.0.1.
@Suite struct LiveCheckEncodingTests {
  let directory: TemporaryDirectory
  let certificate: TestCertificate

  init() async throws {
    directory = try TemporaryDirectory()
    certificate = try TestCertificate.selfSigned(in: directory)
  }

  func check(serving response: StubHTTPS.Answer) async throws -> LiveCheckReport {
    try await withServer(certificate: certificate, routes: Fixtures.site(serving: response)) {
      server in
      await LiveCheck(options: try Fixtures.options(server, trusting: certificate)).run()
    }
  }

  @Test(arguments: ["gzip", "deflate", "br"])
  func anEncodedFileIsDecodedAndPasses(encoding: String) async throws {
    let file = Array(Fixtures.association.utf8)
    let body =
      switch encoding {
      case "gzip": Compression.deflate(file, format: .gzip)
      case "deflate": Compression.deflate(file, format: .zlib)
      default: Compression.brotli(file)
      }
    let report = try await check(serving: Fixtures.encoded(body, as: encoding))
    let contentEncoding = try #require(report.requirement("content-encoding", of: .association))
    #expect(contentEncoding.status == .pass)
    #expect(contentEncoding.detail.hasPrefix("\(encoding), \(body.count) bytes as sent"))
    #expect(
      report.requirement("size", of: .association)?.detail
        == "\(file.count) bytes after decoding (at most 131072)")
    #expect(report.requirement("lint", of: .association)?.status == .pass)
    #expect(report.check(of: .association)?.lintedSource == file)
    #expect(report.exitStatus == .success)
  }

  @Test func aGzipEncodedFileIsLintedAndItsErrorsFail() async throws {
    let report = try await check(
      serving: Fixtures.encoded(Compression.gzip(Fixtures.associationWithALintError), as: "gzip"))
    #expect(report.requirement("lint", of: .association)?.status == .fail)
    let codes = report.check(of: .association)?.lint?.diagnostics.map(\.code.rawValue)
    #expect(codes == ["AASA103"])
    #expect(report.exitStatus == .findings)
  }

  @Test func aDecompressionBombFailsTheSizeAfter128KB() async throws {
    let bomb = Compression.deflate(
      Array("{\"applinks\": {\"details\": []}}".utf8) + [UInt8](repeating: 0x20, count: 32 << 20),
      format: .gzip)
    let report = try await check(serving: Fixtures.encoded(bomb, as: "gzip"))
    let size = try #require(report.requirement("size", of: .association))
    #expect(size.status == .fail)
    #expect(size.detail.hasPrefix("over 128 KB after decoding"), "\(size.detail)")
    #expect(report.check(of: .association)?.lintedSource?.count == 131_073)
    #expect(report.exitStatus == .findings)
  }

  @Test func anEncodingApplesFetcherCannotReadFails() async throws {
    let report = try await check(
      serving: Fixtures.encoded(Array(Fixtures.association.utf8), as: "zstd"))
    let encoding = try #require(report.requirement("content-encoding", of: .association))
    #expect(encoding.status == .fail)
    #expect(encoding.detail.contains("zstd is not an encoding Apple's fetcher decodes"))
    #expect(report.requirement("lint", of: .association) == nil)
    #expect(report.exitStatus == .findings)
  }

  @Test func aBodyThatIsNotWhatItsEncodingSaysFails() async throws {
    // Plain JSON labelled gzip: a server configuration that adds the header without compressing.
    let report = try await check(
      serving: Fixtures.encoded(Array(Fixtures.association.utf8), as: "gzip"))
    let encoding = try #require(report.requirement("content-encoding", of: .association))
    #expect(encoding.status == .fail)
    #expect(encoding.detail.contains("not valid gzip"), "\(encoding.detail)")
    #expect(report.exitStatus == .findings)
  }

  @Test func gzipDataWithoutContentEncodingIsNamedAsSuch() async throws {
    let report = try await check(
      serving: .init(
        headers: [("Content-Type", "application/json")],
        body: Compression.gzip(Fixtures.association)))
    let json = try #require(report.requirement("json", of: .association))
    #expect(json.status == .fail)
    #expect(json.detail.hasPrefix("the body is gzip data sent without Content-Encoding: gzip"))
  }

  @Test func anHTMLPageIsNamedAsOne() async throws {
    let page =
      "\n<!DOCTYPE html>\n<html><head><title>Shop</title></head><body>Welcome</body></html>"
    let report = try await check(
      serving: .json(page, contentType: "text/html; charset=utf-8"))
    let json = try #require(report.requirement("json", of: .association))
    #expect(json.status == .fail)
    #expect(json.detail.contains("this is an HTML page, probably a catch-all route"))
    #expect(report.check(of: .association)?.lint == nil)
    #expect(report.exitStatus == .findings)
  }

  @Test func aGzipEncodedHTMLPageIsNamedAsOneToo() async throws {
    let report = try await check(
      serving: Fixtures.encoded(Compression.gzip("<html><body>Not found</body></html>"), as: "gzip")
    )
    #expect(report.requirement("json", of: .association)?.detail.contains("HTML page") == true)
  }
}
