import NIOHTTP1

/// The header fields of an HTTP/1 request head that the server acts on, read in one pass over
/// the head. Looking each up by name (`headers["host"]`, `first(name:)`, `contains(name:)`) was
/// eight passes over the fields and two arrays per request; a fetcher sends five to ten fields.
///
/// Names are matched without regard to case (RFC 9110 section 5.1). A field that appears more
/// than once keeps every value where the answer depends on all of them (`If-None-Match`,
/// `Accept-Encoding`) and its first value elsewhere; `Host` is also counted, since a request with
/// more than one is malformed (RFC 9112 section 3.2).
struct HTTP1RequestFields {
  private(set) var hostCount = 0
  private(set) var host: String?
  private(set) var ifNoneMatch: [String] = []
  private(set) var ifModifiedSince: String?
  private(set) var acceptEncoding: [String] = []
  private(set) var preferHtmlMetaTags: String?
  private(set) var userAgent: String?
  /// `Transfer-Encoding` is present, or `Content-Length` says more than zero: the request has a
  /// body.
  private(set) var hasBody = false

  init(_ headers: HTTPHeaders) {
    for (name, value) in headers {
      let bytes = name.utf8
      switch bytes.count {
      case 4 where Self.is(bytes, "host"):
        hostCount += 1
        if host == nil { host = value }
      case 10 where Self.is(bytes, "user-agent"):
        if userAgent == nil { userAgent = value }
      case 13 where Self.is(bytes, "if-none-match"):
        ifNoneMatch.append(value)
      case 14 where Self.is(bytes, "content-length"):
        if (Int(value) ?? 0) > 0 { hasBody = true }
      case 15 where Self.is(bytes, "accept-encoding"):
        acceptEncoding.append(value)
      case 17 where Self.is(bytes, "if-modified-since"):
        if ifModifiedSince == nil { ifModifiedSince = value }
      case 17 where Self.is(bytes, "transfer-encoding"):
        hasBody = true
      case 21 where Self.is(bytes, "prefer-html-meta-tags"):
        if preferHtmlMetaTags == nil { preferHtmlMetaTags = value }
      default:
        break
      }
    }
  }

  /// Whether `name` is `lowercased` in any case: ASCII letters are folded, every other byte
  /// must be the same. NIOHTTP1's look-ups by name fold bit 5 of every byte, so they take CR
  /// for `-`; on a field name as parsed, a token, the two agree.
  @inline(__always)
  private static func `is`(_ name: String.UTF8View, _ lowercased: StaticString) -> Bool {
    lowercased.withUTF8Buffer { expected in
      name.elementsEqual(expected) { byte, wanted in
        (byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte) == wanted
      }
    }
  }
}
