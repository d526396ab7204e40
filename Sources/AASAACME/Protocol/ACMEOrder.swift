/// An order (RFC 8555 §7.1.3) and the URL it lives at.
public struct ACMEOrder: Equatable, Sendable {
  /// The order's URL (its `Location`), which is polled.
  public var url: String
  public var status: Status
  public var identifiers: [ACMEIdentifier]
  public var authorizations: [String]
  public var finalize: String
  /// The certificate's URL, once the order is valid.
  public var certificate: String?
  /// Why the order became invalid, when the CA says.
  public var error: ACMEProblem?

  public enum Status: String, Codable, Sendable {
    case pending, ready, processing, valid, invalid
  }

  /// The order as the CA sends it, without its URL.
  struct Body: Decodable {
    var status: Status
    var identifiers: [ACMEIdentifier]
    var authorizations: [String]
    var finalize: String
    var certificate: String?
    var error: ACMEProblem?
  }

  init(url: String, body: Body) {
    self.url = url
    status = body.status
    identifiers = body.identifiers
    authorizations = body.authorizations
    finalize = body.finalize
    certificate = body.certificate
    error = body.error
  }
}
