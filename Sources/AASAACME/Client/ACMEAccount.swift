/// An ACME account: its key and its URL, the `kid` of every request after `newAccount`.
public struct ACMEAccount: Sendable {
  public var url: String
  public var key: AccountKey
  /// `valid`, or what the CA said (`deactivated`, `revoked`).
  public var status: String
  /// Whether this request made the account (201), rather than finding it (200).
  public var created: Bool
}

/// The `newAccount` request (RFC 8555 §7.3).
struct NewAccountRequest: Encodable {
  var termsOfServiceAgreed: Bool?
  var contact: [String]?
  var onlyReturnExisting: Bool?
  var externalAccountBinding: FlattenedJWS?
}

struct AccountBody: Decodable {
  var status: String
}
