import AASACore
import NIOCore

/// HTTP/1.1 responses as they go on the wire, `Date` included, kept per thread for the current
/// second. Nearly every request on a busy server asks for one of a few files, so the second and
/// later answers within a second are one shared buffer handed to the channel: no allocation, no
/// copy of the head, the date and the body into a fresh buffer on every request.
///
/// Bounded: at most `capacity` entries a thread, each a response's head plus a body of at most
/// `inlineBodyLimit`; everything is dropped when the second changes. An entry keeps its
/// `PreparedResponse` alive, so a response freed by a reload cannot be mistaken for a new one
/// allocated at the same address.
final class HTTP1ResponseCache {
  /// What follows the prepared head: the `Connection` field, and whether the body goes too.
  struct Variant: Equatable {
    enum Connection: UInt8 {
      /// HTTP/1.1 keep-alive: no field.
      case keepAlive
      /// HTTP/1.0 keep-alive: `connection: keep-alive`.
      case keepAlive10
      case close
    }
    var connection: Connection
    /// HEAD, 304 and bodies over `inlineBodyLimit` leave the body out of the bytes.
    var withBody: Bool
  }

  /// Bodies up to this size are sent in the same buffer as the head: one write, one TLS record.
  /// Larger ones are written as the snapshot's own buffer, without a copy.
  static let inlineBodyLimit = 16 * 1024
  static let capacity = 16

  private struct Entry {
    let response: PreparedResponse
    let variant: Variant
    let bytes: ByteBuffer
  }

  /// Entries held now, for tests.
  var count: Int { entries.count }

  private var second = -1
  private var date = ""
  private var entries: [Entry] = []

  /// The bytes of `response` for this second.
  func bytes(for response: PreparedResponse, _ variant: Variant, allocator: ByteBufferAllocator)
    -> ByteBuffer
  {
    let now = System.secondsSince1970()
    if now != second {
      second = now
      date = HTTPDate.format(now)
      entries.removeAll(keepingCapacity: true)
    }
    // By index: a `for entry in entries` loop copies (retains) every entry it looks at.
    for index in entries.indices
    where entries[index].response === response && entries[index].variant == variant {
      return entries[index].bytes
    }
    let bytes = Self.encode(response, variant, date: date, allocator: allocator)
    if entries.count < Self.capacity {
      entries.append(Entry(response: response, variant: variant, bytes: bytes))
    }
    return bytes
  }

  private static func encode(
    _ response: PreparedResponse, _ variant: Variant, date: String,
    allocator: ByteBufferAllocator
  ) -> ByteBuffer {
    let bodyBytes = variant.withBody ? response.body.readableBytes : 0
    var buffer = allocator.buffer(capacity: response.http1Head.readableBytes + 64 + bodyBytes)
    buffer.writeImmutableBuffer(response.http1Head)
    buffer.writeStaticString("date: ")
    buffer.writeString(date)
    switch variant.connection {
    case .keepAlive: buffer.writeStaticString("\r\n\r\n")
    case .keepAlive10: buffer.writeStaticString("\r\nconnection: keep-alive\r\n\r\n")
    case .close: buffer.writeStaticString("\r\nconnection: close\r\n\r\n")
    }
    if variant.withBody { buffer.writeImmutableBuffer(response.body) }
    return buffer
  }

  private static let perThread = PerThread { HTTP1ResponseCache() }

  /// This thread's cache.
  static var current: HTTP1ResponseCache { perThread.current }
}
