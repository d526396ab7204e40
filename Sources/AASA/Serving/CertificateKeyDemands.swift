/// The kind of a TLS certificate's public key, as far as Apple's fetcher tells them apart. Read
/// from a certificate by whoever holds one (`aasa-serve` before it serves it, `aasa-lint check`
/// from what a site presents); judged here, so that both demand the same.
public enum CertificateKeyKind: Hashable, Sendable {
  case rsa(bits: Int)
  /// ECDSA on P-256 (prime256v1).
  case p256
  /// ECDSA on P-384 (secp384r1).
  case p384
  /// ECDSA on any other curve, P-521 included.
  case otherCurve
  case ed25519

  /// The kind named by a SubjectPublicKeyInfo's algorithm and parameters, as dotted object
  /// identifiers; nil for algorithms that are none of these (DSA, say), which Apple refuses too.
  /// - Parameters:
  ///   - algorithm: The algorithm's object identifier (`1.2.840.113549.1.1.1` for RSA).
  ///   - curve: For `id-ecPublicKey`, the named curve's identifier.
  ///   - rsaModulusBits: For RSA, the significant bits of the modulus.
  public init?(algorithm: String, curve: String?, rsaModulusBits: Int?) {
    switch algorithm {
    case "1.2.840.113549.1.1.1":
      guard let rsaModulusBits else { return nil }
      self = .rsa(bits: rsaModulusBits)
    case "1.2.840.10045.2.1":
      switch curve {
      case "1.2.840.10045.3.1.7": self = .p256
      case "1.3.132.0.34": self = .p384
      default: self = .otherCurve
      }
    case "1.3.101.112":
      self = .ed25519
    default:
      return nil
    }
  }
}

/// What Apple's fetcher (and Google's) demands of a certificate's key beyond a trusted chain:
/// RSA of 2048 bits or more, or ECDSA on P-256 or P-384; Ed25519 and other curves are refused
/// (`docs/aasa-serve.md#certificates`).
public enum CertificateKeyDemands {
  /// The smallest RSA key Apple accepts.
  public static let minimumRSABits = 2048

  /// Why Apple refuses a certificate with this key, worded to follow "the certificate … has";
  /// nil when it is accepted. A key of no known kind (`nil`) is refused.
  public static func refusal(of key: CertificateKeyKind?) -> String? {
    switch key {
    case .rsa(let bits) where bits < minimumRSABits:
      "a \(bits)-bit RSA key; at least \(minimumRSABits) bits are needed"
    case .rsa, .p256, .p384:
      nil
    case .otherCurve:
      "an ECDSA key on a curve other than P-256 or P-384"
    case .ed25519:
      "an Ed25519 key, which Apple does not accept"
    case nil:
      "a key of a kind Apple does not accept"
    }
  }
}
