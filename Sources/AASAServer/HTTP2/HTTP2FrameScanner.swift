import NIOCore

/// Follows the frame boundaries of an HTTP/2 connection's inbound bytes without decoding them,
/// to tell whether the client is in the middle of something: the connection preface, a frame, or
/// a header block (HEADERS and the CONTINUATION frames that finish it).
///
/// NIOHTTP2 gathers a header block silently until it ends, so nothing above it can see a client
/// that trickles CONTINUATION frames forever; this is what lets the header timeout apply to it.
struct HTTP2FrameScanner {
  private static let prefaceLength = 24
  private static let frameHeaderLength = 9
  private static let headers: UInt8 = 0x1
  private static let pushPromise: UInt8 = 0x5
  private static let continuation: UInt8 = 0x9
  private static let endHeaders: UInt8 = 0x4

  private var prefaceRemaining = prefaceLength
  private var frameHeader: [UInt8] = []
  private var payloadRemaining = 0
  private var headerBlockOpen = false

  /// Whether the bytes so far stop part-way through the preface, a frame or a header block.
  var isMidRequest: Bool {
    (1..<Self.prefaceLength).contains(prefaceRemaining) || !frameHeader.isEmpty
      || payloadRemaining > 0
      || headerBlockOpen
  }

  mutating func scan(_ buffer: ByteBuffer) {
    var bytes = buffer.readableBytesView[...]
    while !bytes.isEmpty {
      if prefaceRemaining > 0 {
        let taken = min(prefaceRemaining, bytes.count)
        prefaceRemaining -= taken
        bytes = bytes.dropFirst(taken)
      } else if payloadRemaining > 0 {
        let taken = min(payloadRemaining, bytes.count)
        payloadRemaining -= taken
        bytes = bytes.dropFirst(taken)
      } else {
        let taken = min(Self.frameHeaderLength - frameHeader.count, bytes.count)
        frameHeader.append(contentsOf: bytes.prefix(taken))
        bytes = bytes.dropFirst(taken)
        if frameHeader.count == Self.frameHeaderLength { frameHeaderComplete() }
      }
    }
  }

  private mutating func frameHeaderComplete() {
    payloadRemaining =
      Int(frameHeader[0]) << 16 | Int(frameHeader[1]) << 8 | Int(frameHeader[2])
    let type = frameHeader[3]
    let ends = frameHeader[4] & Self.endHeaders != 0
    switch type {
    case Self.headers, Self.pushPromise: headerBlockOpen = !ends
    case Self.continuation: if ends { headerBlockOpen = false }
    default: break
    }
    frameHeader.removeAll(keepingCapacity: true)
  }
}
