import Logging
import NIOCore
import NIOEmbedded
import TestSupport
import Testing

@testable import AASAServer

/// `HTTP2Connection` frame by frame, without TLS or sockets: HTTP/2 bytes written by hand go in,
/// the frames nghttp2 serialized come out and are read back by type, stream, flags and payload.
/// The end-to-end suites drive the same engine with curl, h2load and a raw client over TLS.
@Suite("HTTP/2 connection (nghttp2)")
struct HTTP2ConnectionTests {
  static let preface = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)
  static let aasaPath = "/.well-known/apple-app-site-association"

  struct Frame {
    var type: UInt8
    var flags: UInt8
    var stream: UInt32
    var payload: [UInt8]

    var endsStream: Bool { flags & 0x1 != 0 && (type == 0x0 || type == 0x1) }
    /// The error code of a RST_STREAM or GOAWAY frame.
    var errorCode: UInt32? {
      let offset = type == 0x3 ? 0 : type == 0x7 ? 4 : -1
      guard offset >= 0, payload.count >= offset + 4 else { return nil }
      return payload[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
  }

  static func frame(_ type: UInt8, flags: UInt8 = 0, stream: UInt32, _ payload: [UInt8] = [])
    -> [UInt8]
  {
    let length = payload.count
    return [UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
      + [type, flags] + withUnsafeBytes(of: stream.bigEndian) { Array($0) } + payload
  }

  /// An HPACK string or integer length with a 7-bit prefix (RFC 7541 section 5.1), no Huffman.
  static func hpackLength(_ value: Int) -> [UInt8] {
    guard value >= 127 else { return [UInt8(value)] }
    var bytes: [UInt8] = [127]
    var rest = value - 127
    while rest >= 128 {
      bytes.append(UInt8(rest & 0x7F | 0x80))
      rest >>= 7
    }
    return bytes + [UInt8(rest)]
  }

  /// A header block of literal fields without indexing, with new names.
  static func headerBlock(_ fields: [(String, String)]) -> [UInt8] {
    var block: [UInt8] = []
    for (name, value) in fields {
      block.append(0x00)
      block += hpackLength(name.utf8.count)
      block += Array(name.utf8)
      block += hpackLength(value.utf8.count)
      block += Array(value.utf8)
    }
    return block
  }

  static func request(
    stream: UInt32, method: String = "GET", path: String = aasaPath,
    authority: String = "127.0.0.1", extra: [(String, String)] = [], endStream: Bool = true
  ) -> [UInt8] {
    let block = headerBlock(
      [(":method", method), (":scheme", "https"), (":path", path), (":authority", authority)]
        + extra)
    return frame(0x1, flags: 0x4 | (endStream ? 0x1 : 0), stream: stream, block)
  }

  /// A connection to the standard site, with the client's preface and SETTINGS already in.
  final class Harness {
    let channel = EmbeddedChannel()
    let site: TemporaryDirectory
    let snapshot: SiteSnapshot
    let connection: HTTP2Connection
    var pending: [UInt8] = []

    init(maxHeaderSize: Int = 8192) throws {
      site = try TemporaryDirectory.standardSite()
      let loaded = try SiteFilesReloader.load(
        configuration: ServerConfiguration(root: site.site), logger: Logger(label: "test"))
      snapshot = loaded.reloader.store.current
      connection = HTTP2Connection(
        router: SiteRouter(single: loaded.reloader.store), accessLog: nil, remote: "-",
        maxHeaderSize: maxHeaderSize, responseTimeout: .seconds(10), deadlines: nil)
      try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 443)).wait()
      try channel.pipeline.syncOperations.addHandler(connection)
      try send(HTTP2ConnectionTests.preface + HTTP2ConnectionTests.frame(0x4, stream: 0))
    }

    func send(_ bytes: [UInt8]) throws {
      try channel.writeInbound(ByteBuffer(bytes: bytes))
    }

    /// Every whole frame the server has written since the last call.
    func received() throws -> [Frame] {
      while let buffer = try channel.readOutbound(as: ByteBuffer.self) {
        pending += buffer.readableBytesView
      }
      var frames: [Frame] = []
      while pending.count >= 9 {
        let length = Int(pending[0]) << 16 | Int(pending[1]) << 8 | Int(pending[2])
        guard pending.count >= 9 + length else { break }
        let stream = pending[5..<9].reduce(UInt32(0)) { $0 << 8 | UInt32($1) } & 0x7FFF_FFFF
        frames.append(
          Frame(
            type: pending[3], flags: pending[4], stream: stream,
            payload: Array(pending[9..<9 + length])))
        pending.removeFirst(9 + length)
      }
      return frames
    }

    func body(of stream: UInt32, in frames: [Frame]) -> String {
      String(
        decoding: frames.filter { $0.type == 0x0 && $0.stream == stream }.flatMap(\.payload),
        as: UTF8.self)
    }
  }

  @Test func aGetIsAnsweredWithTheFileAndEndsItsStream() throws {
    let harness = try Harness()
    try harness.send(Self.request(stream: 1))
    let frames = try harness.received()
    #expect(frames.first?.type == 0x4, "the server's SETTINGS come first")
    let stream = frames.filter { $0.stream == 1 }
    #expect(stream.map(\.type) == [0x1, 0x0])
    #expect(stream.last?.endsStream == true)
    #expect(harness.body(of: 1, in: frames) == Fixtures.aasa)
  }

  @Test func aHeadIsAnsweredWithHeadersOnly() throws {
    let harness = try Harness()
    try harness.send(Self.request(stream: 1, method: "HEAD"))
    let stream = try harness.received().filter { $0.stream == 1 }
    #expect(stream.map(\.type) == [0x1])
    #expect(stream.first?.endsStream == true)
  }

  @Test func aRequestAnsweredBeforeItsEndIsResetWithNoError() throws {
    let harness = try Harness()
    try harness.send(Self.request(stream: 1, endStream: false))
    let stream = try harness.received().filter { $0.stream == 1 }
    #expect(stream.map(\.type) == [0x1, 0x0, 0x3])
    #expect(stream.last?.errorCode == 0, "RST_STREAM NO_ERROR")
  }

  @Test func anOversizedHeadGets431OnItsStreamAndTheConnectionGoesOn() throws {
    let harness = try Harness(maxHeaderSize: 2048)
    try harness.send(
      Self.request(stream: 1, extra: [("x-big", String(repeating: "a", count: 3000))]))
    try harness.send(Self.request(stream: 3))
    let frames = try harness.received()
    #expect(harness.body(of: 1, in: frames).hasPrefix("431 "))
    #expect(harness.body(of: 3, in: frames) == Fixtures.aasa)
    #expect(!frames.contains { $0.type == 0x7 })
  }

  @Test func anUnknownAuthorityOfASingleSiteIsStillThatSite() throws {
    let harness = try Harness()
    try harness.send(Self.request(stream: 1, authority: "other.example"))
    #expect(harness.body(of: 1, in: try harness.received()) == Fixtures.aasa)
  }

  @Test func conditionalRequestsGet304() throws {
    let harness = try Harness()
    try harness.send(Self.request(stream: 1))
    _ = try harness.received()
    let plain = Responder.answer(
      RequestSummary(method: .GET, target: Self.aasaPath), site: harness.snapshot)
    let etag = try #require(plain.response.field("etag"))
    try harness.send(Self.request(stream: 3, extra: [("if-none-match", etag)]))
    let stream = try harness.received().filter { $0.stream == 3 }
    #expect(stream.map(\.type) == [0x1], "a 304 has no body")
  }

  @Test func aThousandPingsInOneReadAreAFloodAndCloseTheConnection() throws {
    let harness = try Harness()
    _ = try harness.received()
    let ping = Self.frame(0x6, stream: 0, Array("12345678".utf8))
    try harness.send(Array((0..<1_500).map { _ in ping }.joined()))
    let goaway = try #require(try harness.received().first { $0.type == 0x7 })
    #expect(goaway.errorCode == 0xB, "ENHANCE_YOUR_CALM")
    #expect(!harness.channel.isActive)
  }

  @Test func bytesThatAreNotHTTP2GetGoawayAndAClose() throws {
    let harness = try Harness()
    _ = try harness.received()
    try harness.send(Self.frame(0x0, stream: 0, [0x78]))
    let goaway = try #require(try harness.received().first { $0.type == 0x7 })
    #expect(goaway.errorCode == 0x1, "PROTOCOL_ERROR")
    #expect(!harness.channel.isActive)
  }

  @Test func moreThan100StreamsAtOnceAreRefused() throws {
    let harness = try Harness()
    // Requests without END_STREAM stay open after their answer until the client ends them.
    try harness.send(
      Array((0..<150).map { Self.request(stream: UInt32(2 * $0 + 1), endStream: false) }.joined()))
    let frames = try harness.received()
    let refused = frames.filter { $0.type == 0x3 && $0.errorCode == 0x7 }
    let answered = Set(frames.filter { $0.type == 0x1 }.map(\.stream))
    #expect(answered.count + refused.count == 150)
    #expect(answered.count >= 100)
  }

  @Test func quiescingSendsGoawayAndClosesOnceStreamsAreDone() throws {
    let harness = try Harness()
    try harness.send(Self.request(stream: 1))
    _ = try harness.received()
    harness.channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
    let goaway = try #require(try harness.received().first { $0.type == 0x7 })
    #expect(goaway.errorCode == 0)
    #expect(goaway.payload.prefix(4) == [0, 0, 0, 1], "the last stream taken is 1")
    #expect(!harness.channel.isActive)
  }
  /// SETTINGS_INITIAL_WINDOW_SIZE 0: no response body can be sent until the client opens it.
  static let shutWindows = frame(0x4, stream: 0, [0x00, 0x04, 0, 0, 0, 0])

  /// A request head is not kept once it is answered: a stream held open by a shut window costs
  /// its answer, not the up to 16 KB of values its head carried.
  @Test func headsAreDroppedOnceAnswered() throws {
    let harness = try Harness()
    let tags = (0..<4).map { _ in
      ("if-none-match", "\"" + String(repeating: "a", count: 1900) + "\"")
    }
    try harness.send(
      Self.shutWindows
        + Array((0..<10).map { Self.request(stream: UInt32(2 * $0 + 1), extra: tags) }.joined()))
    let frames = try harness.received()
    #expect(Set(frames.filter { $0.type == 0x1 }.map(\.stream)).count == 10)
    #expect(harness.connection.streams.count == 10, "held open by the shut window")
    #expect(harness.connection.heads.isEmpty)
  }

  /// Past 16 streams waiting on a shut window, further answers are reset (CANCEL) at once.
  @Test func streamsStalledOnAShutWindowAreCapped() throws {
    let harness = try Harness()
    try harness.send(
      Self.shutWindows + Array((0..<50).map { Self.request(stream: UInt32(2 * $0 + 1)) }.joined()))
    let frames = try harness.received()
    let cancelled = frames.filter { $0.type == 0x3 && $0.errorCode == 0x8 }
    #expect(cancelled.count == 50 - HTTP2Connection.maxStalledStreams)
    #expect(harness.connection.streams.count == HTTP2Connection.maxStalledStreams)
    #expect(harness.channel.isActive)
  }

  /// A client that sends a thousand streams at once, ten times the 100 allowed, and reads what
  /// comes back is answered (100) and refused (the rest), not cut off as a flood: what the
  /// session queued is written before the queue is judged.
  @Test func manyStreamsFromAClientThatReadsAreNoFlood() throws {
    let harness = try Harness()
    try harness.send(
      Array((0..<1_000).map { Self.request(stream: UInt32(2 * $0 + 1), endStream: false) }.joined())
    )
    let frames = try harness.received()
    #expect(!frames.contains { $0.type == 0x7 }, "no GOAWAY")
    #expect(Set(frames.filter { $0.type == 0x1 }.map(\.stream)).count >= 100)
    #expect(harness.channel.isActive)
  }

  /// Past `maxRefusedStreams` refused streams a client is flooding, whether or not it reads:
  /// GOAWAY ENHANCE_YOUR_CALM, after the answers of the streams taken.
  @Test func aClientThatKeepsOpeningStreamsPastTheLimitIsClosed() throws {
    let harness = try Harness()
    try harness.send(
      Array((0..<2_000).map { Self.request(stream: UInt32(2 * $0 + 1), endStream: false) }.joined())
    )
    let frames = try harness.received()
    #expect(Set(frames.filter { $0.type == 0x1 }.map(\.stream)).count >= 100)
    let goaway = try #require(frames.first { $0.type == 0x7 })
    #expect(goaway.errorCode == 0xB, "ENHANCE_YOUR_CALM")
    #expect(!harness.channel.isActive)
  }

  /// A client that never acknowledges the server's SETTINGS, keeps its windows shut and does not
  /// read made nghttp2 queue one RST_STREAM per refused stream, without bound (nghttp2 counts
  /// only acknowledgements). Past `maxQueuedFrames` queued frames that cannot be written, the
  /// connection is closed with GOAWAY ENHANCE_YOUR_CALM.
  @Test func refusedStreamsQueuedForAClientThatDoesNotReadAreAFlood() throws {
    let harness = try Harness()
    _ = try harness.received()
    harness.channel.isWritable = false
    let headers = Self.frame(0x1, flags: 0x5, stream: 1, [0x82, 0x87, 0x84])
    var burst = Self.shutWindows
    for number in 0..<5_000 {
      var frame = headers
      let stream = UInt32(2 * number + 1).bigEndian
      withUnsafeBytes(of: stream) { frame.replaceSubrange(5..<9, with: $0) }
      burst += frame
    }
    try harness.send(burst)
    let goaway = try #require(try harness.received().first { $0.type == 0x7 })
    #expect(goaway.errorCode == 0xB, "ENHANCE_YOUR_CALM")
    #expect(!harness.channel.isActive)
  }

  /// The linked libnghttp2 has both flood limits, so the server starts; a library without them
  /// would make `SiteServer.bind` refuse to start with this message instead.
  @Test func theLinkedLibraryHasTheFloodLimits() {
    #expect(HTTP2SessionSetup.missingFloodLimits == nil)
  }
}
