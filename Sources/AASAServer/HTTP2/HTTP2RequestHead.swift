import NIOHTTP1

/// The parts of one HTTP/2 request head that decide its answer, gathered field by field as
/// nghttp2 decodes the header block (`on_header`). Every other field is only counted: nothing a
/// client sends is kept beyond these few values, so a header block that decodes to far more than
/// it weighs on the wire (an HPACK bomb) costs time in proportion to its size and no memory.
struct HTTP2RequestHead {
  var method = ""
  var path = ""
  var authority: String?
  var host: String?
  var ifNoneMatch: [String] = []
  var ifModifiedSince: String?
  var acceptEncoding: [String] = []
  var preferHtmlMetaTags: String?
  var userAgent: String?
  /// The header list's size as SETTINGS_MAX_HEADER_LIST_SIZE counts it: name and value plus 32
  /// bytes per field (RFC 9113 section 6.5.2).
  private(set) var listSize = 0
  /// Values are no longer kept once the list is over this: the answer is 431 anyway.
  private let sizeLimit: Int

  init(sizeLimit: Int) {
    self.sizeLimit = sizeLimit
  }

  var isTooLarge: Bool { listSize > sizeLimit }

  /// Takes one decoded field. nghttp2 has already checked it (lower-case name, no forbidden
  /// characters, pseudo-fields first and known), so the name is compared byte for byte.
  mutating func add(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) {
    listSize += name.count + value.count + 32
    guard !isTooLarge else { return }
    func text() -> String { String(decoding: value, as: UTF8.self) }
    switch name.count {
    case 5 where Self.equal(name, ":path"): path = text()
    case 4 where Self.equal(name, "host"): if host == nil { host = text() }
    case 7 where Self.equal(name, ":method"): method = text()
    case 10 where Self.equal(name, ":authority"): authority = text()
    case 10 where Self.equal(name, "user-agent"): if userAgent == nil { userAgent = text() }
    case 13 where Self.equal(name, "if-none-match"): ifNoneMatch.append(text())
    case 15 where Self.equal(name, "accept-encoding"): acceptEncoding.append(text())
    case 17 where Self.equal(name, "if-modified-since"):
      if ifModifiedSince == nil { ifModifiedSince = text() }
    case 21 where Self.equal(name, "prefer-html-meta-tags"):
      if preferHtmlMetaTags == nil { preferHtmlMetaTags = text() }
    default: break
    }
  }

  /// The request as the responder sees it, for HTTP/1.1 and HTTP/2 alike.
  var summary: RequestSummary {
    RequestSummary(
      method: HTTPMethod(rawValue: method), target: path, ifNoneMatch: ifNoneMatch,
      ifModifiedSince: ifModifiedSince, acceptEncoding: acceptEncoding,
      preferHtmlMetaTags: preferHtmlMetaTags, userAgent: userAgent)
  }

  /// RFC 9113 section 8.3.1: `:authority`, or `Host` from a client translating HTTP/1.1.
  var siteAuthority: String? { authority ?? host }

  private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
    guard bytes.count == name.utf8CodeUnitCount else { return false }
    let expected = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
    return bytes.elementsEqual(expected)
  }
}
