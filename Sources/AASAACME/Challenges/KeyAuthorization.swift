import Crypto
import Foundation

/// A challenge's key authorization (RFC 8555 §8.1): `token "." thumbprint(account key)`. HTTP-01
/// serves it as the body; TLS-ALPN-01 puts its SHA-256 in the challenge certificate.
public struct KeyAuthorization: Hashable, Sendable, CustomStringConvertible {
  public let token: String
  public let text: String

  /// Longest token accepted from a CA; RFC 8555 asks for at least 128 bits (22 characters).
  public static let maximumTokenLength = 256

  /// Nil when `token` is not base64url or is too long: it becomes a URL path and a file name.
  public init?(token: String, thumbprint: String) {
    guard !token.isEmpty, token.utf8.count <= Self.maximumTokenLength,
      token.utf8.allSatisfy(Base64URL.isAlphabet)
    else { return nil }
    self.token = token
    text = token + "." + thumbprint
  }

  public init?(token: String, accountKey: AccountKey) {
    self.init(token: token, thumbprint: accountKey.thumbprint)
  }

  /// SHA-256 of the key authorization: the value of the TLS-ALPN-01 certificate's
  /// `id-pe-acmeIdentifier` extension (RFC 8737 §3).
  public var sha256: [UInt8] { Array(SHA256.hash(data: Data(text.utf8))) }

  public var description: String { text }
}
