import AASAServer
import Testing

@Suite("Conditional requests and content negotiation")
struct ConditionalRequestTests {
  let etag = "\"abc\""
  let modified = 784_111_777  // Sun, 06 Nov 1994 08:49:37 GMT

  @Test func matchingTagIsNotModified() {
    #expect(
      ConditionalRequest.isNotModified(
        ifNoneMatch: ["\"abc\""], ifModifiedSince: nil, etag: etag, lastModified: modified))
    #expect(
      ConditionalRequest.isNotModified(
        ifNoneMatch: ["\"x\", W/\"abc\""], ifModifiedSince: nil, etag: etag, lastModified: modified)
    )
    #expect(
      ConditionalRequest.isNotModified(
        ifNoneMatch: ["*"], ifModifiedSince: nil, etag: etag, lastModified: modified))
  }

  @Test func otherTagIsModified() {
    #expect(
      !ConditionalRequest.isNotModified(
        ifNoneMatch: ["\"abcd\""], ifModifiedSince: nil, etag: etag, lastModified: modified))
    // A comma inside a tag is part of it, not a separator.
    #expect(
      !ConditionalRequest.isNotModified(
        ifNoneMatch: ["\"a,\"abc\"\""], ifModifiedSince: nil, etag: etag, lastModified: modified))
  }

  @Test func ifNoneMatchWinsOverIfModifiedSince() {
    #expect(
      !ConditionalRequest.isNotModified(
        ifNoneMatch: ["\"other\""], ifModifiedSince: "Sun, 06 Nov 1994 08:49:37 GMT", etag: etag,
        lastModified: modified))
  }

  @Test func ifModifiedSince() {
    #expect(
      ConditionalRequest.isNotModified(
        ifNoneMatch: [], ifModifiedSince: "Sun, 06 Nov 1994 08:49:37 GMT", etag: etag,
        lastModified: modified))
    #expect(
      !ConditionalRequest.isNotModified(
        ifNoneMatch: [], ifModifiedSince: "Sun, 06 Nov 1994 08:49:36 GMT", etag: etag,
        lastModified: modified))
    #expect(
      !ConditionalRequest.isNotModified(
        ifNoneMatch: [], ifModifiedSince: "yesterday", etag: etag, lastModified: modified))
  }

  /// Dates a client may send to crash a server that multiplies without checking (``HTTPDate``'s
  /// own tests in AASACoreTests read each as no date): the request is answered as unconditional
  /// (RFC 9110 section 13.1.3).
  static let hostileDates = [
    "Sun, 06 Nov 292277026596 08:49:37 GMT",
    "Sun, 06 Nov 292277026597 08:49:37 GMT",
    "Sun, 06 Nov 9223372036854775807 08:49:37 GMT",
    "Sun, 06 Nov 99999999999999999999999 08:49:37 GMT",
    "Sunday, 06-Nov-9223372036854775807 08:49:37 GMT",
    "Sunday, 06-Nov-292277026597 08:49:37 GMT",
    "Sun Nov  6 08:49:37 292277026597",
    "Sun Nov  6 08:49:37 9223372036854775807",
    "Sun, 06 Nov +0002025 08:49:37 GMT",
    "Sun, 06 Nov +2025 08:49:37 GMT",
    "Sun, 06 Nov -2025 08:49:37 GMT",
    "Sun, -6 Nov 2025 08:49:37 GMT",
    "Sun, 06 Nov 2025 -8:49:37 GMT",
    "Sun, 06 Nov 2025 08:49:9223372036854775807 GMT",
    "Sun, 9223372036854775807 Nov 2025 08:49:37 GMT",
    "Sun, 06 Nov ٢٠٢٥ 08:49:37 GMT",
    "Sun, 06 Nov 10000 08:49:37 GMT",
    "Sun, 06 Nov 1969 23:59:59 GMT",
    "Sun, 00 Nov 2025 08:49:37 GMT",
    "Sun, 06 Nov 2025 24:00:00 GMT",
    "Sunday, 06-Nov-994 08:49:37 GMT",
    "Sunday, 06--94 08:49:37 GMT",
    "Sun, 06 Nov 2025 08:49 GMT",
    "Sun, 06 Nov 2025 08::37 GMT",
  ]

  @Test(arguments: hostileDates)
  func hostileDatesAreNoDates(_ text: String) {
    #expect(
      !ConditionalRequest.isNotModified(
        ifNoneMatch: [], ifModifiedSince: text, etag: etag, lastModified: modified))
  }

  @Test func datesAtTheEdgesOfTheirRange() {
    // A file modified after the latest date a client can name is never "not modified".
    #expect(
      ConditionalRequest.isNotModified(
        ifNoneMatch: [], ifModifiedSince: "Fri, 31 Dec 9999 23:59:59 GMT", etag: etag,
        lastModified: modified))
  }

  @Test func acceptEncoding() {
    #expect(AcceptEncoding.acceptsGzip(["gzip, deflate, br"]))
    #expect(AcceptEncoding.acceptsGzip(["br;q=1.0, gzip;q=0.5"]))
    #expect(AcceptEncoding.acceptsGzip(["*"]))
    #expect(!AcceptEncoding.acceptsGzip(["gzip;q=0"]))
    #expect(!AcceptEncoding.acceptsGzip(["*, gzip;q=0"]))
    #expect(!AcceptEncoding.acceptsGzip(["identity"]))
    #expect(!AcceptEncoding.acceptsGzip([]))
  }
}
