import AASALiveCheck
import TestSupport
import Testing

/// Undoing `Content-Encoding` with a bound, against bodies made by the real encoders.
@Suite struct ContentDecodingTests {
  static let limit = 131_072
  let file = Array(Fixtures.association.utf8)

  @Test(arguments: [Compression.ZlibFormat.gzip, .zlib, .rawDeflate])
  func gzipAndBothKindsOfDeflateAreDecoded(format: Compression.ZlibFormat) throws {
    let coding: ContentCoding = format == .gzip ? .gzip : .deflate
    let decoded = try BodyDecoder.decode(
      Compression.deflate(file, format: format), codings: [coding], limit: Self.limit)
    #expect(decoded == DecodedBody(bytes: file, exceededLimit: false))
  }

  @Test func brotliIsDecoded() throws {
    let decoded = try BodyDecoder.decode(
      Compression.brotli(file), codings: [.brotli], limit: Self.limit)
    #expect(decoded == DecodedBody(bytes: file, exceededLimit: false))
  }

  @Test func layeredCodingsAreUndoneLastFirst() throws {
    // "Content-Encoding: gzip, br": gzip was applied first, then br.
    let body = Compression.brotli(Compression.gzip(Fixtures.association))
    let decoded = try BodyDecoder.decode(body, codings: [.gzip, .brotli], limit: Self.limit)
    #expect(decoded.bytes == file)
  }

  @Test func gzipMembersOneAfterAnotherAreOneBody() throws {
    let body = Compression.gzip("{\"applinks\": ") + Compression.gzip("{\"details\": []}}")
    let decoded = try BodyDecoder.decode(body, codings: [.gzip], limit: Self.limit)
    #expect(String(decoding: decoded.bytes, as: UTF8.self) == "{\"applinks\": {\"details\": []}}")
  }

  @Test(arguments: [ContentCoding.gzip, .brotli])
  func aDecompressionBombStopsJustPastTheLimit(coding: ContentCoding) throws {
    // 64 MB of spaces: tens of kilobytes compressed, 500 times what may be decoded.
    let huge = [UInt8](repeating: 0x20, count: 64 << 20)
    let body =
      coding == .gzip
      ? Compression.deflate(huge, format: .gzip) : Compression.brotli(huge, quality: 1)
    #expect(body.count < 128 << 10)
    let started = ContinuousClock.now
    let decoded = try BodyDecoder.decode(body, codings: [coding], limit: Self.limit)
    #expect(decoded.exceededLimit)
    #expect(decoded.bytes.count == Self.limit + 1)
    // Only against a decoder that inflates it all first; the bytes above are the point.
    #expect(ContinuousClock.now - started < BlowUpBound.limit)
  }

  @Test(arguments: [ContentCoding.gzip, .deflate, .brotli])
  func aTruncatedBodyIsAnError(coding: ContentCoding) throws {
    let whole: [UInt8] =
      switch coding {
      case .gzip: Compression.deflate(file, format: .gzip)
      case .deflate: Compression.deflate(file, format: .zlib)
      case .brotli: Compression.brotli(file)
      }
    let error = #expect(throws: UndecodableBody.self) {
      try BodyDecoder.decode(
        Array(whole.prefix(whole.count / 2)), codings: [coding], limit: Self.limit)
    }
    #expect(error?.description.contains("ends before") == true, "\(String(describing: error))")
  }

  @Test(arguments: [ContentCoding.gzip, .brotli])
  func garbageIsAnError(coding: ContentCoding) {
    #expect(throws: UndecodableBody.self) {
      try BodyDecoder.decode(Array(Fixtures.association.utf8), codings: [coding], limit: Self.limit)
    }
  }

  @Test func anEmptyCompressedBodyIsAnError() {
    #expect(throws: UndecodableBody.self) {
      try BodyDecoder.decode([], codings: [.gzip], limit: Self.limit)
    }
  }

  @Test func theHeaderIsParsedAsApplesFetcherReadsIt() throws {
    #expect(try ContentCoding.parse("gzip").get() == [.gzip])
    #expect(try ContentCoding.parse("X-GZIP").get() == [.gzip])
    #expect(try ContentCoding.parse("identity").get() == [])
    #expect(try ContentCoding.parse("").get() == [])
    #expect(try ContentCoding.parse("deflate, br").get() == [.deflate, .brotli])
    #expect(throws: ContentCoding.UnknownCoding(name: "zstd")) {
      try ContentCoding.parse("gzip, zstd").get()
    }
  }
}
