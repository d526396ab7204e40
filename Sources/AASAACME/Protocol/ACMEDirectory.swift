/// A CA's directory (RFC 8555 §7.1.1): the URL of each resource and what the CA says of itself.
public struct ACMEDirectory: Codable, Equatable, Sendable {
  public var newNonce: String
  public var newAccount: String
  public var newOrder: String
  public var revokeCert: String?
  public var keyChange: String?
  /// ACME Renewal Information (RFC 9773), when the CA offers it.
  public var renewalInfo: String?
  public var meta: Meta?

  public struct Meta: Codable, Equatable, Sendable {
    public var termsOfService: String?
    public var website: String?
    public var caaIdentities: [String]?
    public var externalAccountRequired: Bool?
    /// Profile names and their descriptions, when the CA offers profiles.
    public var profiles: [String: String]?
  }

  /// The URLs the client follows, each checked by ``ACMEURL``.
  var resourceURLs: [String] { [newNonce, newAccount, newOrder] }
}
