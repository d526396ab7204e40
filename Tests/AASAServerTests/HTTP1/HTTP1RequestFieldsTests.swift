import NIOHTTP1
import Testing

@testable import AASAServer

@Suite struct HTTP1RequestFieldsTests {
  @Test func eachFieldIsFoundInAnyCase() {
    let fields = HTTP1RequestFields(
      HTTPHeaders([
        ("HOST", "example.com"),
        ("User-Agent", "AASA-Bot/1.0"),
        ("IF-None-Match", #""a""#),
        ("if-none-match", #""b", "c""#),
        ("If-Modified-Since", "Wed, 25 Nov 2026 10:00:00 GMT"),
        ("Accept-Encoding", "gzip"),
        ("accept-encoding", "br"),
        ("Prefer-HTML-Meta-Tags", "al"),
        ("X-Other", "ignored"),
      ]))
    #expect(fields.hostCount == 1)
    #expect(fields.host == "example.com")
    #expect(fields.userAgent == "AASA-Bot/1.0")
    #expect(fields.ifNoneMatch == [#""a""#, #""b", "c""#])
    #expect(fields.ifModifiedSince == "Wed, 25 Nov 2026 10:00:00 GMT")
    #expect(fields.acceptEncoding == ["gzip", "br"])
    #expect(fields.preferHtmlMetaTags == "al")
    #expect(!fields.hasBody)
  }

  @Test func hostsAreCountedAndTheFirstKept() {
    let two = HTTP1RequestFields(HTTPHeaders([("Host", "a.example"), ("host", "b.example")]))
    #expect(two.hostCount == 2)
    #expect(two.host == "a.example")
    let none = HTTP1RequestFields(HTTPHeaders([("Hosts", "a.example"), ("X-Host", "b")]))
    #expect(none.hostCount == 0)
    #expect(none.host == nil)
  }

  @Test func aBodyIsAnnouncedByTransferEncodingOrAPositiveLength() {
    let cases: [([(String, String)], Bool)] = [
      ([("Transfer-Encoding", "chunked")], true),
      ([("Content-Length", "12")], true),
      ([("content-length", "0")], false),
      ([("Content-Length", "x")], false),
      ([("If-Modified-Since", "x"), ("Content-Length", "1")], true),
      ([], false),
    ]
    for (headers, hasBody) in cases {
      #expect(HTTP1RequestFields(HTTPHeaders(headers)).hasBody == hasBody, "\(headers)")
    }
  }

  /// Names of the same length as a wanted one that differ in a byte other than a letter's case
  /// are other fields: `_` for `-`, `@` for `` ` ``, and CR, which `| 0x20` alone would turn
  /// into `-`.
  @Test func namesOfTheSameLengthAreNotMistaken() {
    let fields = HTTP1RequestFields(
      HTTPHeaders([
        ("hosT", "kept"), ("h0st", "x"), ("user_agent", "x"), ("if-none-matcH", "kept"),
        ("accept-encodinG", "kept"), ("transfer_encoding", "x"), ("content-lengtH", "0"),
        ("if\rnone-match", "x"), ("user\ragent", "x"), ("content\rlength", "9"),
      ]))
    #expect(fields.hostCount == 1)
    #expect(fields.userAgent == nil)
    #expect(fields.ifNoneMatch == ["kept"])
    #expect(fields.acceptEncoding == ["kept"])
    #expect(!fields.hasBody)
  }
}
