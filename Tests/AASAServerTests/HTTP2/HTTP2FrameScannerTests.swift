import NIOCore
import Testing

@testable import AASAServer

@Suite("HTTP/2 frame scanner")
struct HTTP2FrameScannerTests {
  static let preface = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)

  func frame(type: UInt8, flags: UInt8 = 0, stream: UInt32 = 1, payload: [UInt8]) -> [UInt8] {
    let length = payload.count
    return [
      UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF), type, flags,
    ]
      + withUnsafeBytes(of: stream.bigEndian) { Array($0) } + payload
  }

  func scanned(_ chunks: [[UInt8]]) -> HTTP2FrameScanner {
    var scanner = HTTP2FrameScanner()
    for chunk in chunks { scanner.scan(ByteBuffer(bytes: chunk)) }
    return scanner
  }

  @Test func completeFramesLeaveNothingUnderWay() {
    let settings = frame(type: 0x4, stream: 0, payload: [])
    let headers = frame(type: 0x1, flags: 0x4 | 0x1, payload: [0x82, 0x87, 0x84])
    #expect(!scanned([Self.preface + settings + headers]).isMidRequest)
    // The same bytes one at a time.
    #expect(!scanned((Self.preface + settings + headers).map { [$0] }).isMidRequest)
  }

  @Test func partsOfThePrefaceOrOfAFrameAreUnderWay() {
    #expect(scanned([Array(Self.preface.prefix(10))]).isMidRequest)
    let ping = frame(type: 0x6, stream: 0, payload: Array(repeating: 1, count: 8))
    #expect(scanned([Self.preface + ping.prefix(5)]).isMidRequest)
    #expect(scanned([Self.preface + ping.prefix(12)]).isMidRequest)
    #expect(!scanned([Self.preface + ping]).isMidRequest)
  }

  @Test func aHeaderBlockIsUnderWayUntilEndHeaders() {
    let headers = frame(type: 0x1, payload: [0x82])
    let continuation = frame(type: 0x9, payload: [0x87])
    let last = frame(type: 0x9, flags: 0x4, payload: [0x84])
    #expect(scanned([Self.preface + headers]).isMidRequest)
    #expect(scanned([Self.preface + headers + continuation + continuation]).isMidRequest)
    #expect(!scanned([Self.preface + headers + continuation, last]).isMidRequest)
  }
}
