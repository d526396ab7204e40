import Crypto
import Foundation

/// A JWS in the flattened JSON serialization (RFC 7515 §7.2.2), the body of every ACME POST
/// (RFC 8555 §6.2): base64url of the protected header, of the payload, and of the signature.
struct FlattenedJWS: Codable, Sendable {
  var protected: String
  var payload: String
  var signature: String

  /// Who signs: `jwk` carries the public key (`newAccount`), `kid` the account URL (the rest).
  enum Signer: Sendable {
    case jwk
    case kid(String)
  }

  private struct Header: Encodable {
    var alg: String
    var jwk: JWK?
    var kid: String?
    var nonce: String?
    var url: String
  }

  /// A request to `url` signed with ES256. `payload` nil is POST-as-GET (RFC 8555 §6.3): an
  /// empty payload, not `{}`.
  static func signed(
    payload: [UInt8]?, url: String, nonce: String, key: AccountKey, signer: Signer
  ) throws -> FlattenedJWS {
    var header = Header(alg: "ES256", nonce: nonce, url: url)
    switch signer {
    case .jwk: header.jwk = key.jwk
    case .kid(let account): header.kid = account
    }
    let protected = Base64URL.encode(try ACMEJSON.encode(header))
    let payloadPart = payload.map { Base64URL.encode($0) } ?? ""
    let signature = try key.sign(Array("\(protected).\(payloadPart)".utf8))
    return FlattenedJWS(
      protected: protected, payload: payloadPart, signature: Base64URL.encode(signature))
  }

  /// The `externalAccountBinding` of a `newAccount` request (RFC 8555 §7.3.4): the account's
  /// JWK signed with the CA's MAC key (HS256), naming the CA's key identifier and the
  /// `newAccount` URL, with no nonce.
  static func externalAccountBinding(
    _ binding: ExternalAccountBinding, accountKey: AccountKey, url: String
  ) throws -> FlattenedJWS {
    let header = Header(alg: "HS256", kid: binding.keyID, url: url)
    let protected = Base64URL.encode(try ACMEJSON.encode(header))
    let payload = Base64URL.encode(try ACMEJSON.encode(accountKey.jwk))
    let mac = HMAC<SHA256>.authenticationCode(
      for: Array("\(protected).\(payload)".utf8), using: SymmetricKey(data: binding.macKey))
    return FlattenedJWS(protected: protected, payload: payload, signature: Base64URL.encode(mac))
  }
}

/// What a CA that requires external account binding (ZeroSSL, Google Trust Services) hands out
/// with an account: a key identifier and a MAC key.
public struct ExternalAccountBinding: Sendable {
  public var keyID: String
  public var macKey: [UInt8]

  public init(keyID: String, macKey: [UInt8]) {
    self.keyID = keyID
    self.macKey = macKey
  }

  /// The MAC key as CAs print it: base64url. Nil when it is not base64url or is empty.
  public init?(keyID: String, base64URLMACKey: String) {
    guard
      let key = Base64URL.decode(base64URLMACKey.trimmingCharacters(in: .whitespacesAndNewlines)),
      !key.isEmpty
    else { return nil }
    self.init(keyID: keyID, macKey: key)
  }
}
