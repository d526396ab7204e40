import Crypto
import Foundation

/// An ACME account's key: P-256, signing every request with ES256.
///
/// The key is the account: the CA finds the account by it (`onlyReturnExisting`), and key
/// authorizations carry its thumbprint, so it is kept as long as the account is.
public struct AccountKey: Sendable {
  /// The scalar (32 bytes): swift-crypto's key type is not `Sendable`, its bytes are.
  private let scalar: [UInt8]

  /// A new key.
  public init() { self.init(P256.Signing.PrivateKey()) }

  public init(_ privateKey: P256.Signing.PrivateKey) {
    scalar = Array(privateKey.rawRepresentation)
  }

  /// The key from a PEM file's text (PKCS#8 or SEC 1).
  public init(pem: String) throws { self.init(try P256.Signing.PrivateKey(pemRepresentation: pem)) }

  public var privateKey: P256.Signing.PrivateKey {
    // The bytes came from a valid key.
    try! P256.Signing.PrivateKey(rawRepresentation: scalar)
  }

  public var pemRepresentation: String { privateKey.pemRepresentation }

  /// The public key as a JWK (RFC 7517): what `newAccount` sends in the protected header.
  public var jwk: JWK {
    let raw = privateKey.publicKey.rawRepresentation  // x ‖ y, 32 bytes each
    return JWK(x: Base64URL.encode(raw.prefix(32)), y: Base64URL.encode(raw.suffix(32)))
  }

  /// The RFC 7638 thumbprint: base64url(SHA-256) of the JWK's required members in
  /// lexicographic order with no white space. It ends every key authorization (RFC 8555 §8.1).
  public var thumbprint: String {
    Base64URL.encode(SHA256.hash(data: Data(jwk.canonicalJSON.utf8)))
  }

  /// An ES256 signature of `bytes`: r ‖ s, 64 bytes (RFC 7518 §3.4), not DER.
  func sign(_ bytes: [UInt8]) throws -> [UInt8] {
    [UInt8](try privateKey.signature(for: bytes).rawRepresentation)
  }
}

/// A P-256 public key as a JSON Web Key.
public struct JWK: Codable, Equatable, Sendable {
  public var kty = "EC"
  public var crv = "P-256"
  public var x: String
  public var y: String

  public init(x: String, y: String) {
    self.x = x
    self.y = y
  }

  /// `{"crv":…,"kty":…,"x":…,"y":…}`: the members RFC 7638 hashes, in its order. The values are
  /// base64url and fixed names, so nothing in them needs escaping.
  var canonicalJSON: String {
    #"{"crv":"\#(crv)","kty":"\#(kty)","x":"\#(x)","y":"\#(y)"}"#
  }
}
