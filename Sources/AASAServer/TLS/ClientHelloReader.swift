/// Reads a TLS ClientHello's server name (SNI, RFC 6066 §3) and ALPN protocols (RFC 7301) from
/// the first bytes of a connection, before any TLS handler sees them: `--acme` must know both to
/// tell a TLS-ALPN-01 validation (RFC 8737: ALPN exactly `acme-tls/1`) from every other client.
///
/// Hand-written and bounded: it reads the first TLS record only (a ClientHello split over
/// records is `unreadable`, and the connection gets the normal certificate for no name), every
/// length is checked against what is left before it is used, nothing is copied but the name and
/// at most ``maximumProtocols`` protocol names, and nothing recurses. Depends on nothing but the
/// standard library, so that a fuzz target compiles it alone.
enum ClientHelloReader {
  /// What the first bytes say.
  enum Result: Equatable {
    /// Not enough bytes yet for the whole first record.
    case incomplete
    /// Not a ClientHello in one TLS record: the TLS handler decides what to make of it.
    case unreadable
    /// A ClientHello: its first host_name (nil when none), and the protocols it offers by ALPN,
    /// in its order (at most ``maximumProtocols``; `protocolCount` counts them all).
    case hello(serverName: String?, protocols: [String], protocolCount: Int)
  }

  /// The longest TLS plaintext record (RFC 8446 §5.1), header not counted.
  static let maximumRecordLength = 16_384
  /// Bytes needed at most before an answer: the record header and its longest body.
  static let maximumBytes = 5 + maximumRecordLength
  /// Protocol names kept: a validator offers one, browsers two or three.
  static let maximumProtocols = 8
  /// A DNS name is at most 253 characters; longer is no name the server has.
  static let maximumNameLength = 253

  /// Whether a hello offers exactly `acme-tls/1` and nothing else, as RFC 8737 §3 says the
  /// validator does.
  static func offersOnlyACME(protocols: [String], protocolCount: Int) -> Bool {
    protocolCount == 1 && protocols.first == "acme-tls/1"
  }

  static func read<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> Result
  where Bytes.Index == Int {
    var cursor = Cursor(bytes: bytes, position: bytes.startIndex, end: bytes.endIndex)
    // The record header: handshake (22), a version 3.x, the length.
    guard let type = cursor.byte() else { return .incomplete }
    guard type == 22 else { return .unreadable }
    guard let major = cursor.byte() else { return .incomplete }
    guard major == 3 else { return .unreadable }
    guard cursor.skip(1), let recordLength = cursor.uint16() else { return .incomplete }
    guard recordLength > 0, recordLength <= maximumRecordLength else { return .unreadable }
    guard var record = cursor.sub(recordLength) else { return .incomplete }
    // The handshake header: ClientHello (1), a 24-bit length within this record.
    guard record.byte() == 1, let high = record.byte(), let low = record.uint16() else {
      return .unreadable
    }
    let helloLength = Int(high) << 16 | low
    guard var hello = record.sub(helloLength) else { return .unreadable }
    // client_version, random, session_id, cipher_suites, compression_methods.
    guard hello.skip(2 + 32), let sessionLength = hello.byte(), sessionLength <= 32,
      hello.skip(Int(sessionLength)), let suitesLength = hello.uint16(), suitesLength >= 2,
      suitesLength % 2 == 0, hello.skip(suitesLength), let methodsLength = hello.byte(),
      methodsLength >= 1, hello.skip(Int(methodsLength))
    else { return .unreadable }
    // A hello from before extensions: no name, no protocols.
    guard !hello.isAtEnd else { return .hello(serverName: nil, protocols: [], protocolCount: 0) }
    guard let extensionsLength = hello.uint16(), var extensions = hello.sub(extensionsLength)
    else { return .unreadable }
    var serverName: String?
    var protocols: [String] = []
    var protocolCount = 0
    var seen: (name: Bool, alpn: Bool) = (false, false)
    while !extensions.isAtEnd {
      guard let kind = extensions.uint16(), let length = extensions.uint16(),
        var body = extensions.sub(length)
      else { return .unreadable }
      switch kind {
      case 0:
        // A second extension of one type is refused by TLS (RFC 8446 §4.2); so here.
        guard !seen.name else { return .unreadable }
        seen.name = true
        guard let name = readServerName(&body) else { return .unreadable }
        serverName = name
      case 16:
        guard !seen.alpn else { return .unreadable }
        seen.alpn = true
        guard let listLength = body.uint16(), var list = body.sub(listLength), body.isAtEnd,
          !list.isAtEnd
        else { return .unreadable }
        while !list.isAtEnd {
          guard let nameLength = list.byte(), nameLength > 0,
            let name = list.take(Int(nameLength))
          else { return .unreadable }
          protocolCount += 1
          if protocols.count < maximumProtocols {
            protocols.append(String(decoding: name, as: UTF8.self))
          }
        }
      default:
        continue
      }
    }
    return .hello(serverName: serverName, protocols: protocols, protocolCount: protocolCount)
  }

  /// The first host_name of a server_name extension; "" when it names none (another name type).
  private static func readServerName<Bytes: RandomAccessCollection<UInt8>>(
    _ body: inout Cursor<Bytes>
  ) -> String?
  where Bytes.Index == Int {
    guard let listLength = body.uint16(), var list = body.sub(listLength), body.isAtEnd else {
      return nil
    }
    var found: String?
    while !list.isAtEnd {
      guard let type = list.byte(), let length = list.uint16(), let name = list.take(length)
      else { return nil }
      if type == 0 && found == nil {
        guard length > 0, length <= maximumNameLength else { return nil }
        found = String(decoding: name, as: UTF8.self)
      }
    }
    return found
  }

  /// A read position within `position..<end` of the bytes; every read checks what is left.
  struct Cursor<Bytes: RandomAccessCollection<UInt8>> where Bytes.Index == Int {
    let bytes: Bytes
    var position: Int
    let end: Int

    var isAtEnd: Bool { position >= end }
    var remaining: Int { end - position }

    mutating func byte() -> UInt8? {
      guard position < end else { return nil }
      defer { position += 1 }
      return bytes[position]
    }

    mutating func uint16() -> Int? {
      guard remaining >= 2 else { return nil }
      defer { position += 2 }
      return Int(bytes[position]) << 8 | Int(bytes[position + 1])
    }

    mutating func skip(_ count: Int) -> Bool {
      guard count >= 0, remaining >= count else { return false }
      position += count
      return true
    }

    mutating func take(_ count: Int) -> Bytes.SubSequence? {
      guard count >= 0, remaining >= count else { return nil }
      defer { position += count }
      return bytes[position..<(position + count)]
    }

    /// The next `count` bytes as a cursor of their own, skipped here.
    mutating func sub(_ count: Int) -> Cursor? {
      guard count >= 0, remaining >= count else { return nil }
      defer { position += count }
      return Cursor(bytes: bytes, position: position, end: position + count)
    }
  }
}
