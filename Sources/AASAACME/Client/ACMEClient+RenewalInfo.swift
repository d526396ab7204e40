import Foundation
import X509

/// ACME Renewal Information (RFC 9773): the CA says when a certificate should be renewed.
extension ACMEClient {
  /// The window the CA suggests, and when to ask again.
  public struct RenewalInfo: Sendable, Equatable {
    public var start: Date
    public var end: Date
    /// The answer's `Retry-After`: ask no sooner (RFC 9773 §4.3). Nil when it sent none.
    public var retryAfter: Duration?
  }

  /// A certificate's ARI identifier (RFC 9773 §4.1): base64url of its authority key identifier's
  /// keyIdentifier, ".", base64url of its serial number's DER content bytes. Nil when the
  /// certificate has no authority key identifier.
  public static func certificateID(of certificate: Certificate) -> String? {
    guard let authority = try? certificate.extensions.authorityKeyIdentifier,
      let keyIdentifier = authority.keyIdentifier
    else { return nil }
    // The serial's DER content: swift-certificates keeps the magnitude only, and a positive
    // INTEGER whose first bit is set is encoded with a 0 before it.
    var serial = Array(certificate.serialNumber.bytes)
    if let first = serial.first, first & 0x80 != 0 { serial.insert(0, at: 0) }
    return Base64URL.encode(keyIdentifier) + "." + Base64URL.encode(serial)
  }

  /// The renewal window for `certificateID`; nil when the directory offers no `renewalInfo`.
  public func renewalInfo(certificateID: String) async throws -> RenewalInfo? {
    guard let base = try await directory().renewalInfo else { return nil }
    let url = try ACMEURL.check(
      (base.hasSuffix("/") ? base : base + "/") + certificateID, "the renewalInfo URL")
    let response = try await transport.send(.GET, url)
    guard !response.isProblem else { throw try problem(in: response, request: "renewalInfo") }
    struct Body: Decodable {
      struct Window: Decodable {
        var start: String
        var end: String
      }
      var suggestedWindow: Window
    }
    let body = try ACMEJSON.decode(Body.self, from: response.body, what: "the renewal info")
    let dates = ISO8601DateFormatter()
    dates.formatOptions = [.withInternetDateTime]
    let fractional = ISO8601DateFormatter()
    fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    func parse(_ text: String) -> Date? {
      guard text.utf8.count <= 64 else { return nil }
      return dates.date(from: text) ?? fractional.date(from: text)
    }
    guard let start = parse(body.suggestedWindow.start), let end = parse(body.suggestedWindow.end),
      end >= start
    else {
      throw ACMEError.unexpectedResponse(
        "the renewal info's window is not two RFC 3339 dates in order")
    }
    return RenewalInfo(start: start, end: end, retryAfter: response.retryAfter())
  }
}
