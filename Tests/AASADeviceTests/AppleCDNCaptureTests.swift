import AASACore
import Testing

@testable import AASADevice

/// A pasted `curl -v` of Apple's CDN is explained as the live check explains the same headers.
@Suite("Device output: a curl -v of Apple's CDN")
struct AppleCDNCaptureTests {
  static let capture = """
    $ curl -v https://app-site-association.cdn-apple.com/a/v1/shop.example.com
    *   Trying 17.253.83.201:443...
    * Connected to app-site-association.cdn-apple.com (17.253.83.201) port 443
    > GET /a/v1/shop.example.com HTTP/2
    > Host: app-site-association.cdn-apple.com
    > User-Agent: curl/8.4.0
    >
    < HTTP/2 404
    < content-type: text/plain; charset=utf-8
    < apple-failure-reason: SWCERR00101 Bad HTTP Response: 403 Forbidden
    < apple-failure-details: {"status":"403 Forbidden"}
    < apple-from: https://shop.example.com/.well-known/apple-app-site-association
    <
    """

  @Test("The failure headers are read and explained with the live check's words")
  func failure() throws {
    let report = try DeviceOutputReader.read(Self.capture)
    #expect(report.platform == .ios)
    let row = try #require(report.apps.first?.domains.first)
    #expect(row.domain == "shop.example.com")
    #expect(row.state == "SWCERR00101")
    #expect(!row.opensApp)
    let shared = try #require(
      AppleCDNFailure(
        reason: "SWCERR00101 Bad HTTP Response: 403 Forbidden",
        details: #"{"status":"403 Forbidden"}"#))
    #expect(row.meaning.hasSuffix(shared.meaning))
    #expect(row.next.first == shared.advice(pointingAtCheckLines: false))
    #expect(row.next.contains { $0.hasPrefix("aasa-lint check https://shop.example.com") })
    #expect(row.line == 8)
  }

  @Test("A 200 from the CDN: it serves a copy")
  func served() throws {
    let report = try DeviceOutputReader.read(
      "> GET /a/v1/shop.example.com HTTP/2\n> Host: app-site-association.cdn-apple.com\n< HTTP/2 200\n< content-type: application/json"
    )
    let row = try #require(report.apps.first?.domains.first)
    #expect(row.state == "cdn-ok")
    #expect(row.opensApp)
  }
}
