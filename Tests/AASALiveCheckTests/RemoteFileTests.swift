import AASALiveCheck
import TestSupport
import Testing

/// `aasa-lint https://…`: the remote file is fetched as Apple's fetcher would, or not at all.
@Suite struct RemoteFileTests {
  let directory: TemporaryDirectory
  let certificate: TestCertificate

  init() async throws {
    directory = try TemporaryDirectory()
    certificate = try TestCertificate.selfSigned(in: directory)
  }

  func fetch(serving response: StubHTTPS.Answer, trusted: Bool = true) async throws
    -> Result<[UInt8], RemoteFile.FetchError>
  {
    try await withServer(certificate: certificate, routes: Fixtures.site(serving: response)) {
      server in
      let trust = trusted ? try TrustRoots.caFile(certificate.certificatePath) : .system
      do {
        return .success(
          try await RemoteFile.fetch(
            url: server.url + "/.well-known/apple-app-site-association", trust: trust,
            timeoutSeconds: Fixtures.timeout))
      } catch let error as RemoteFile.FetchError {
        return .failure(error)
      }
    }
  }

  func reason(_ result: Result<[UInt8], RemoteFile.FetchError>) -> String? {
    if case .failure(let error) = result { return error.description }
    return nil
  }

  @Test func aGzipEncodedFileIsFetchedDecoded() async throws {
    let result = try await fetch(
      serving: Fixtures.encoded(Compression.gzip(Fixtures.association), as: "gzip"))
    #expect(try result.get() == Array(Fixtures.association.utf8))
  }

  @Test func aRedirectIsNotFollowed() async throws {
    let result = try await fetch(
      serving: .init(status: .found, headers: [("Location", "https://elsewhere.example/x")]))
    #expect(reason(result)?.contains("Apple does not follow redirects") == true)
    #expect(reason(result)?.contains("https://elsewhere.example/x") == true)
  }

  @Test func anUntrustedCertificateIsRefused() async throws {
    let result = try await fetch(serving: .json(Fixtures.association), trusted: false)
    #expect(reason(result)?.contains("the certificate fails tls-chain") == true, "\(result)")
  }

  @Test func aMissingFileIsAnError() async throws {
    #expect(reason(try await fetch(serving: .notFound))?.contains("404") == true)
  }

  @Test func aDecompressionBombIsRefusedAfter128KB() async throws {
    let bomb = Compression.deflate([UInt8](repeating: 0x20, count: 16 << 20), format: .gzip)
    let result = try await fetch(serving: Fixtures.encoded(bomb, as: "gzip"))
    #expect(reason(result)?.contains("over 128 KB after decoding") == true)
  }

  @Test func anHTMLPageIsNamedAsOne() async throws {
    let result = try await fetch(
      serving: .json("<!doctype html><p>Home</p>", contentType: "text/html"))
    #expect(reason(result)?.contains("HTML page") == true)
  }

  @Test func onlyHTTPSIsRemote() {
    #expect(RemoteFile.isRemote("https://example.com/.well-known/apple-app-site-association"))
    #expect(RemoteFile.isRemote("HTTPS://example.com/x"))
    #expect(!RemoteFile.isRemote("http://example.com/x"))
    #expect(!RemoteFile.isRemote("site/.well-known/apple-app-site-association"))
  }
}
