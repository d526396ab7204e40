import NIOCore
import NIOEmbedded
import NIOSSL
import Testing

@testable import AASAServer

/// The ClientHello reader `--acme` puts in front of TLS: real hellos from BoringSSL (NIOSSL's
/// client), every prefix of them, and broken ones made by hand.
@Suite("TLS: the ClientHello reader")
struct ClientHelloReaderTests {
  /// The first bytes NIOSSL's client sends for `serverName` offering `protocols`.
  static func clientHello(serverName: String?, protocols: [String]) throws -> [UInt8] {
    var configuration = TLSConfiguration.makeClientConfiguration()
    configuration.applicationProtocols = protocols
    configuration.certificateVerification = .none
    let context = try NIOSSLContext(configuration: configuration)
    let channel = EmbeddedChannel()
    defer { _ = try? channel.finish() }
    try channel.pipeline.syncOperations.addHandler(
      try NIOSSLClientHandler(context: context, serverHostname: serverName))
    channel.pipeline.fireChannelActive()
    var bytes: [UInt8] = []
    while let buffer = try channel.readOutbound(as: ByteBuffer.self) {
      bytes += buffer.readableBytesView
    }
    return bytes
  }

  @Test func aValidationHelloIsToldApart() throws {
    let hello = try Self.clientHello(serverName: "a.example.test", protocols: ["acme-tls/1"])
    guard case .hello(let name, let protocols, let count) = ClientHelloReader.read(hello) else {
      Issue.record("not read: \(ClientHelloReader.read(hello))")
      return
    }
    #expect(name == "a.example.test")
    #expect(protocols == ["acme-tls/1"])
    #expect(ClientHelloReader.offersOnlyACME(protocols: protocols, protocolCount: count))
  }

  @Test func aBrowserHelloIsNoValidation() throws {
    let hello = try Self.clientHello(
      serverName: "a.example.test", protocols: ["h2", "http/1.1", "acme-tls/1"])
    guard case .hello(let name, let protocols, let count) = ClientHelloReader.read(hello) else {
      Issue.record("not read")
      return
    }
    #expect(name == "a.example.test")
    #expect(protocols == ["h2", "http/1.1", "acme-tls/1"])
    #expect(!ClientHelloReader.offersOnlyACME(protocols: protocols, protocolCount: count))
  }

  @Test func aHelloWithoutNameOrALPN() throws {
    let hello = try Self.clientHello(serverName: nil, protocols: [])
    #expect(
      ClientHelloReader.read(hello) == .hello(serverName: nil, protocols: [], protocolCount: 0))
  }

  /// Bytes arrive in pieces: every proper prefix is incomplete, never a wrong answer.
  @Test func everyPrefixIsIncomplete() throws {
    let hello = try Self.clientHello(serverName: "b.example.test", protocols: ["acme-tls/1"])
    for length in 0..<hello.count {
      #expect(ClientHelloReader.read(hello[..<length]) == .incomplete, "\(length) bytes")
    }
  }

  @Test func otherBytesAreUnreadable() {
    #expect(ClientHelloReader.read(Array("GET / HTTP/1.1\r\n".utf8)) == .unreadable)
    // A handshake record that holds no ClientHello (a ServerHello, 2).
    #expect(ClientHelloReader.read([22, 3, 1, 0, 4, 2, 0, 0, 0]) == .unreadable)
    // A record longer than TLS allows.
    #expect(ClientHelloReader.read([22, 3, 1, 0x40, 0x01]) == .unreadable)
    // A ClientHello longer than its record (split over records): not read, the TLS handler's.
    #expect(ClientHelloReader.read([22, 3, 1, 0, 4, 1, 0, 1, 0]) == .unreadable)
  }

  /// Every length inside a real hello made wrong, one byte at a time: never a crash, never a
  /// read past the end (each read is bounds-checked), and any answer but `.incomplete`.
  @Test func corruptedHellosAreSafe() throws {
    let hello = try Self.clientHello(serverName: "c.example.test", protocols: ["acme-tls/1"])
    for index in 5..<hello.count {
      for value: UInt8 in [0, 1, 0x7F, 0xFF] {
        var changed = hello
        changed[index] = value
        let result = ClientHelloReader.read(changed)
        #expect(result != .incomplete, "byte \(index) = \(value)")
      }
    }
  }

  /// A hello naming the same extension twice is refused, as TLS refuses it.
  @Test func aRepeatedExtensionIsUnreadable() {
    let alpn: [UInt8] = [0, 16, 0, 13, 0, 11, 10] + Array("acme-tls/1".utf8)
    let extensions = alpn + alpn
    var body: [UInt8] = [3, 3] + [UInt8](repeating: 0, count: 32) + [0, 0, 2, 0x13, 0x01, 1, 0]
    body += [UInt8(extensions.count >> 8), UInt8(extensions.count & 0xFF)] + extensions
    let handshake: [UInt8] = [1, 0, UInt8(body.count >> 8), UInt8(body.count & 0xFF)] + body
    let record: [UInt8] =
      [22, 3, 1, UInt8(handshake.count >> 8), UInt8(handshake.count & 0xFF)] + handshake
    #expect(ClientHelloReader.read(record) == .unreadable)
    // The same hello with the extension once is read.
    var once: [UInt8] = [3, 3] + [UInt8](repeating: 0, count: 32) + [0, 0, 2, 0x13, 0x01, 1, 0]
    once += [UInt8(alpn.count >> 8), UInt8(alpn.count & 0xFF)] + alpn
    let onceHandshake: [UInt8] = [1, 0, UInt8(once.count >> 8), UInt8(once.count & 0xFF)] + once
    let onceRecord: [UInt8] =
      [22, 3, 1, UInt8(onceHandshake.count >> 8), UInt8(onceHandshake.count & 0xFF)]
      + onceHandshake
    #expect(
      ClientHelloReader.read(onceRecord)
        == .hello(serverName: nil, protocols: ["acme-tls/1"], protocolCount: 1))
  }
}
