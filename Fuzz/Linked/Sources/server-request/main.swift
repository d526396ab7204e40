// server-request: what aasa-serve makes of a request's target and headers, and of HTTP/2 bytes.
//
// Input: lines up to the first NUL: the method, the request target, then `Name: value` headers
// (Host, If-None-Match, If-Modified-Since, Accept-Encoding, Prefer-Html-Meta-Tags, any other;
// values taken as they are, control characters included);
// the bytes after the NUL are scanned as an HTTP/2 connection's inbound bytes. Checks: the
// HTTP/1 handler's one-pass field reader (`HTTP1RequestFields`) finds what NIOHTTP1's look-ups
// by name find; a target resolves
// only to a canonical path inside the site (no `.`/`..`/empty segments, no control characters,
// no hidden segment but `.well-known`); a plain target that names a path names itself; a 200 names a loaded
// file; the host key is lower case with no port; the frame scanner says the same thing whether
// the bytes come in one piece or two. The same bytes, in the same two pieces, are also what a
// client sends to aasa-serve's HTTP/2 engine (`HTTP2Connection`, nghttp2, on an EmbeddedChannel
// without TLS): it never traps, never holds more streams than it allows at once, and writes only
// whole, well-formed frames.

import AASACore
import Foundation
import FuzzDriver
import Logging
import NIOCore
import NIOEmbedded
import NIOHTTP1

@testable import AASAServer

/// The site every input is answered from: an association file, a page with App Links tags and
/// a stylesheet, loaded once the way aasa-serve loads a root.
private enum FuzzSite {
  static let snapshot: SiteSnapshot = {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("aasa-fuzz-site-\(ProcessInfo.processInfo.processIdentifier)")
    let files = [
      ".well-known/apple-app-site-association":
        #"{"applinks":{"details":[{"appIDs":["D3KQX62K1A.com.example.app"],"components":[{"/":"/a/*"}]}]}}"#,
      "index.html":
        #"<html><head><meta property="al:ios:url" content="example://a"><meta property="al:android:package" content="com.example.app"></head></html>"#,
      "style.css": "body{}",
    ]
    for (path, text) in files {
      let url = root.appendingPathComponent(path)
      try! FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try! Data(text.utf8).write(to: url)
    }
    let loaded = try! SiteFilesReloader.load(
      configuration: ServerConfiguration(root: root.path), logger: Logger(label: "fuzz"))
    // The snapshot holds the files: the folder is not needed again (one is made per process).
    try? FileManager.default.removeItem(at: root)
    return loaded.reloader.store.current
  }()

  static let router = SiteRouter(single: Swappable(snapshot))
}

runFuzzer { data, size in fuzzServerRequest(fuzzInput(data, size)) }

func fuzzServerRequest(_ bytes: [UInt8]) -> CInt {
  let nul = bytes.firstIndex(of: 0) ?? bytes.endIndex
  let lines = bytes[..<nul].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    .map { String(decoding: $0, as: UTF8.self) }
  let method = lines.first ?? "GET"
  let target = lines.count > 1 ? lines[1] : "/"
  var headers = HTTPHeaders()
  for line in lines.dropFirst(2).prefix(32) {
    guard let colon = line.firstIndex(of: ":") else { continue }
    // Any value, as it is: white space, control characters and all (what a client sends over
    // HTTP/2 reaches the server without the HTTP/1 parser's checks).
    let value = String(line[line.index(after: colon)...])
    // Only what the HTTP/1 parser lets through: a field name is a token (RFC 9110 5.6.2).
    let name = line[..<colon]
    guard !name.isEmpty, name.utf8.allSatisfy(isTokenByte) else { continue }
    headers.add(name: String(name), value: value)
  }
  // The HTTP/1 handler's one pass over the head must find what NIOHTTP1's look-ups by name find.
  let fields = HTTP1RequestFields(headers)
  require(fields.hostCount == headers["host"].count, "Host counted as \(fields.hostCount)")
  require(fields.host == headers.first(name: "host"), "Host \(fields.host.debugDescription)")
  require(fields.ifNoneMatch == headers["if-none-match"], "If-None-Match \(fields.ifNoneMatch)")
  require(
    fields.ifModifiedSince == headers.first(name: "if-modified-since"), "If-Modified-Since")
  require(
    fields.acceptEncoding == headers["accept-encoding"], "Accept-Encoding \(fields.acceptEncoding)")
  require(
    fields.preferHtmlMetaTags == headers.first(name: "prefer-html-meta-tags"),
    "Prefer-Html-Meta-Tags")
  require(fields.userAgent == headers.first(name: "user-agent"), "User-Agent")
  require(
    fields.hasBody
      == (headers.contains(name: "transfer-encoding")
        || headers["content-length"].contains { (Int($0) ?? 0) > 0 }),
    "a body announced or not")
  let request = RequestSummary(
    method: HTTPMethod(rawValue: method), target: target, ifNoneMatch: fields.ifNoneMatch,
    ifModifiedSince: fields.ifModifiedSince, acceptEncoding: fields.acceptEncoding,
    preferHtmlMetaTags: fields.preferHtmlMetaTags)
  let host = fields.host

  checkResolution(of: target)
  let answer = Responder.answer(request, site: FuzzSite.snapshot)
  if answer.response.status == .ok {
    guard case .site(let path) = RequestPath.resolve(target) else {
      fatalError("fuzz invariant: 200 for \(target.debugDescription), which names no file")
    }
    require(FuzzSite.snapshot.file(at: path) != nil, "200 for \(path), which is not loaded")
  }
  if let host, let key = HostName.key(forAuthority: host) {
    require(!key.isEmpty && !key.hasSuffix("."), "host key \(key.debugDescription)")
    // Host names are ASCII on the wire (IDNA); ASCII letters are what must be folded.
    require(
      !key.utf8.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") },
      "host key \(key.debugDescription) not lower case")
  }

  let frames = Array(bytes[min(nul + 1, bytes.endIndex)...])
  var whole = HTTP2FrameScanner()
  whole.scan(ByteBuffer(bytes: frames))
  let cut = frames.isEmpty ? 0 : Int(frames[0]) % (frames.count + 1)
  var split = HTTP2FrameScanner()
  split.scan(ByteBuffer(bytes: frames[..<cut]))
  split.scan(ByteBuffer(bytes: frames[cut...]))
  require(whole.isMidRequest == split.isMidRequest, "the frame scanner depends on read sizes")

  checkHTTP2Connection(frames[..<cut], frames[cut...])
  return 0
}

/// Feeds a client's bytes to an HTTP/2 connection in two reads and reads back what it wrote.
private func checkHTTP2Connection(_ first: ArraySlice<UInt8>, _ second: ArraySlice<UInt8>) {
  let channel = EmbeddedChannel()
  let connection = HTTP2Connection(
    router: FuzzSite.router, accessLog: nil, remote: "-", maxHeaderSize: 8192,
    responseTimeout: .seconds(10), deadlines: nil)
  try! channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 443)).wait()
  try! channel.pipeline.syncOperations.addHandler(connection)
  var output: [UInt8] = []
  for part in [first, second] where channel.isActive {
    _ = try? channel.writeInbound(ByteBuffer(bytes: part))
    while let buffer = try? channel.readOutbound(as: ByteBuffer.self) {
      output += buffer.readableBytesView
    }
    require(
      connection.streams.count <= Int(HTTP2SessionSetup.maxConcurrentStreams),
      "\(connection.streams.count) streams held at once")
  }
  // What the server wrote is whole frames of at most the default maximum size (the server never
  // raises its own), each on a stream the client could have opened or on stream 0.
  var rest = output[...]
  while !rest.isEmpty {
    require(rest.count >= 9, "a frame header cut short: \(rest.count) bytes left")
    let length =
      Int(rest[rest.startIndex]) << 16 | Int(rest[rest.startIndex + 1]) << 8
      | Int(rest[rest.startIndex + 2])
    require(length <= 16_384, "a frame of \(length) bytes")
    require(rest.count >= 9 + length, "a frame cut short")
    let stream = rest[(rest.startIndex + 5)..<(rest.startIndex + 9)].reduce(UInt32(0)) {
      $0 << 8 | UInt32($1)
    }
    require(stream == 0 || stream % 2 == 1, "a frame on server stream \(stream)")
    rest = rest.dropFirst(9 + length)
  }
  // Closed already when the engine gave up on the bytes: `finish` then still runs the event
  // loop, where NIO removes the handlers (and the engine frees its session). Without
  // `acceptAlreadyClosed` it throws first, and every such channel leaked with its session
  // (20 KB an input: out of memory after 100,000 inputs).
  _ = try? channel.finish(acceptAlreadyClosed: true)
  require(connection.streams.isEmpty, "\(connection.streams.count) streams held after the close")
}

private func checkResolution(of target: String) {
  let resolved = RequestPath.resolve(target)
  // A plain target needs no decoding: when it names a path at all, it names itself, so the
  // responder's fast path (a plain target found in the table) answers as the full resolution.
  if RequestPath.isPlain(target) {
    if case .site(let path) = resolved {
      require(
        path == target, "plain \(target.debugDescription) resolved to \(path.debugDescription)")
    }
    if FuzzSite.snapshot.files[target] != nil {
      require(
        resolved == .site(target), "loaded \(target.debugDescription) resolved to \(resolved)")
    }
  }
  guard case .site(let path) = resolved else { return }
  // Bytes, not Characters: a `/` followed by a combining mark is one Character.
  let utf8 = Array(path.utf8)
  require(utf8.first == UInt8(ascii: "/"), "\(path.debugDescription) is not absolute")
  require(
    !path.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" },
    "\(path.debugDescription) has a control character or backslash")
  let segments = utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
    .dropFirst().map { String(decoding: $0, as: UTF8.self) }
  for (index, segment) in segments.enumerated() {
    let isLast = index == segments.count - 1
    require(!segment.isEmpty || isLast, "\(path.debugDescription) has an empty segment")
    require(segment != "." && segment != "..", "\(path.debugDescription) has a dot segment")
    require(
      segment.utf8.first != UInt8(ascii: ".") || (index == 0 && segment == ".well-known"),
      "\(path.debugDescription) has a hidden segment")
  }
}

/// A byte of an RFC 9110 token: letters, digits and ``!#$%&'*+-.^_`|~``.
private func isTokenByte(_ byte: UInt8) -> Bool {
  switch byte {
  case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
    UInt8(ascii: "0")...UInt8(ascii: "9"):
    true
  default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
  }
}
