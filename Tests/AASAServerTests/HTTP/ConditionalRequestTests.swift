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

  @Test func httpDatesRoundTripInAllThreeForms() {
    #expect(HTTPDate.format(modified) == "Sun, 06 Nov 1994 08:49:37 GMT")
    #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == modified)
    #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == modified)
    #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994") == modified)
    #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT trailing") == nil)
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
