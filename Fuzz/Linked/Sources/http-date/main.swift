// http-date: every number read from an HTTP date, through every way in: a request's
// `If-Modified-Since` in aasa-serve, and an ACME server's `Retry-After`.
//
// Input: the first byte picks the form the rest is wrapped in (as it is, or inside an
// IMF-fixdate, RFC 850 or asctime frame with the rest as the year, the day or the clock), so the
// fuzzer reaches both arbitrary text and well-formed dates with hostile numbers. The value is
// then read by `HTTPDate.parse`, by `ConditionalRequest.isNotModified`, and sent as
// `If-Modified-Since` to aasa-serve's HTTP/1.1 handler (through NIOHTTP1's parser) and its HTTP/2
// engine (nghttp2, an HPACK literal), both on an EmbeddedChannel. Checks: nothing traps; a date
// that parses lies in 1970-9999 and formats back to the same second; the answer is 304 exactly
// when the date parses and is not before the file's modification time, and 200 otherwise, on
// both protocols alike. The same text as a `Retry-After` (`RetryAfter.parse`, also with the
// undecorated rest as delta-seconds) never traps and never asks to wait less than nothing or
// longer than `RetryAfter.maximum`.

import AASAACME
import AASACore
import Foundation
import FuzzDriver
import Logging
import NIOCore
import NIOEmbedded
import NIOHTTP1

@testable import AASAServer

/// The site every input is answered from: one association file, loaded once the way
/// aasa-serve loads a root.
private enum FuzzSite {
  static let path = "/.well-known/apple-app-site-association"
  static let snapshot: SiteSnapshot = {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("aasa-fuzz-date-\(ProcessInfo.processInfo.processIdentifier)")
    let url = root.appendingPathComponent(String(path.dropFirst()))
    try! FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    let text =
      #"{"applinks":{"details":[{"appIDs":["D3KQX62K1A.com.example.app"],"components":[{"/":"/a/*"}]}]}}"#
    try! Data(text.utf8).write(to: url)
    let loaded = try! SiteFilesReloader.load(
      configuration: ServerConfiguration(root: root.path), logger: Logger(label: "fuzz"))
    try? FileManager.default.removeItem(at: root)
    return loaded.reloader.store.current
  }()
  static let router = SiteRouter(single: Swappable(snapshot))
  static let lastModified = snapshot.file(at: path)!.lastModified
}

runFuzzer { data, size in fuzzDate(fuzzInput(data, size)) }

func fuzzDate(_ bytes: [UInt8]) -> CInt {
  guard let form = bytes.first else { return 0 }
  let rest = String(decoding: bytes.dropFirst().prefix(256), as: UTF8.self)
  let text =
    switch form % 8 {
    case 1: "Sun, 06 Nov \(rest) 08:49:37 GMT"
    case 2: "Sunday, 06-Nov-\(rest) 08:49:37 GMT"
    case 3: "Sun Nov  6 08:49:37 \(rest)"
    case 4: "Sun, \(rest) Nov 1994 08:49:37 GMT"
    case 5: "Sun, 06 Nov 1994 \(rest) GMT"
    case 6: "Sun Nov \(rest) 08:49:37 1994"
    default: rest
    }

  let parsed = HTTPDate.parse(text)
  if let parsed {
    require((0...253_402_300_799).contains(parsed), "\(text.debugDescription) read as \(parsed)")
    require(
      HTTPDate.parse(HTTPDate.format(parsed)) == parsed,
      "\(text.debugDescription) does not survive formatting")
  }
  let expected = parsed.map { FuzzSite.lastModified <= $0 } ?? false
  require(
    ConditionalRequest.isNotModified(
      ifNoneMatch: [], ifModifiedSince: text, etag: "\"x\"", lastModified: FuzzSite.lastModified)
      == expected, "isNotModified for \(text.debugDescription)")
  let status = expected ? 304 : 200

  let answer = Responder.answer(
    RequestSummary(
      method: .GET, target: FuzzSite.path, ifNoneMatch: [], ifModifiedSince: text,
      acceptEncoding: []),
    site: FuzzSite.snapshot)
  require(
    Int(answer.response.status.code) == status, "Responder answered \(answer.response.status)")

  let now = Date(timeIntervalSince1970: 1_795_000_000)
  for retryAfter in [text, rest] {
    if let wait = RetryAfter.parse(retryAfter, now: now) {
      require(
        wait >= .zero && wait <= RetryAfter.maximum,
        "Retry-After \(retryAfter.debugDescription) read as \(wait)")
    }
  }

  if let http1 = http1Status(ifModifiedSince: text) {
    require(http1 == status, "HTTP/1.1 answered \(http1) for \(text.debugDescription)")
  }
  if let http2 = http2Status(ifModifiedSince: text) {
    require(http2 == status, "HTTP/2 answered \(http2) for \(text.debugDescription)")
  }
  return 0
}

/// The status HTTP1Handler answers a GET with this `If-Modified-Since`, or nil when NIOHTTP1's
/// parser refuses the field (a control character, say).
private func http1Status(ifModifiedSince value: String) -> Int? {
  // A line break would end the field: what follows would be another field, not this value.
  guard !value.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return nil }
  let channel = EmbeddedChannel()
  defer { _ = try? channel.finish(acceptAlreadyClosed: true) }
  try! channel.pipeline.syncOperations.addHandler(
    ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes)))
  try! channel.pipeline.syncOperations.addHandler(
    HTTP1Handler(router: FuzzSite.router, accessLog: nil, deadlines: nil))
  var request = ByteBuffer()
  request.writeString("GET \(FuzzSite.path) HTTP/1.1\r\nHost: example.com\r\nIf-Modified-Since: ")
  request.writeString(value)
  request.writeString("\r\n\r\n")
  guard (try? channel.writeInbound(request)) != nil else { return nil }
  var output: [UInt8] = []
  while let buffer = try? channel.readOutbound(as: ByteBuffer.self) {
    output += buffer.readableBytesView
  }
  // "HTTP/1.1 200 OK": the three digits after the first space.
  guard output.count >= 12, output.starts(with: Array("HTTP/1.1 ".utf8)) else { return nil }
  let digits = output[9..<12]
  guard digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
  let status = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
  return status == 400 ? nil : status
}

/// The status aasa-serve's HTTP/2 engine answers a GET with this `if-modified-since` on stream
/// 1, or nil when nghttp2 refuses the field (a character HTTP/2 forbids in a value).
private func http2Status(ifModifiedSince value: String) -> Int? {
  let channel = EmbeddedChannel()
  defer { _ = try? channel.finish(acceptAlreadyClosed: true) }
  let connection = HTTP2Connection(
    router: FuzzSite.router, accessLog: nil, remote: "-", maxHeaderSize: 8192,
    responseTimeout: .seconds(10), deadlines: nil)
  try! channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 443)).wait()
  try! channel.pipeline.syncOperations.addHandler(connection)
  var block: [UInt8] = [0x82, 0x87]  // :method GET, :scheme https (static table)
  for (name, fieldValue) in [
    (":path", FuzzSite.path), (":authority", "example.com"), ("if-modified-since", value),
  ] {
    block.append(0x00)  // literal field without indexing, new name
    block += hpackLength(name.utf8.count) + Array(name.utf8)
    block += hpackLength(fieldValue.utf8.count) + Array(fieldValue.utf8)
  }
  var input = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)
  input += [0, 0, 0, 0x04, 0, 0, 0, 0, 0]  // empty SETTINGS
  // HEADERS, END_STREAM | END_HEADERS, stream 1.
  input += [UInt8(block.count >> 16), UInt8(block.count >> 8 & 0xFF), UInt8(block.count & 0xFF)]
  input += [0x01, 0x05, 0, 0, 0, 1] + block
  _ = try? channel.writeInbound(ByteBuffer(bytes: input))
  var output: [UInt8] = []
  while let buffer = try? channel.readOutbound(as: ByteBuffer.self) {
    output += buffer.readableBytesView
  }
  // The first HEADERS frame on stream 1; nghttp2 sends :status 200 and 304 as static-table
  // indices 8 and 11.
  var rest = output[...]
  while rest.count >= 9 {
    let start = rest.startIndex
    let length = Int(rest[start]) << 16 | Int(rest[start + 1]) << 8 | Int(rest[start + 2])
    guard rest.count >= 9 + length else { return nil }
    let stream = rest[(start + 5)..<(start + 9)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    if rest[start + 3] == 0x01, stream == 1, length > 0 {
      switch rest[start + 9] {
      case 0x88: return 200
      case 0x8B: return 304
      default: return nil
      }
    }
    rest = rest.dropFirst(9 + length)
  }
  return nil
}

/// An HPACK string length with a 7-bit prefix and no Huffman coding (RFC 7541 section 5.1).
private func hpackLength(_ length: Int) -> [UInt8] {
  guard length >= 127 else { return [UInt8(length)] }
  var bytes: [UInt8] = [127]
  var left = length - 127
  while left >= 128 {
    bytes.append(UInt8(left & 0x7F | 0x80))
    left >>= 7
  }
  bytes.append(UInt8(left))
  return bytes
}
