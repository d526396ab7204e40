import Crypto
import SwiftASN1
import X509

/// Checks a CMS signer's signature over the content (RFC 5652 §5.4, §5.6): with signed attributes,
/// the content's digest must equal the `messageDigest` attribute and the signature covers the
/// attributes; without, the signature covers the content itself.
enum SignatureVerification {
  /// The certificate the signer identifier names.
  static func signerCertificate(
    for identifier: CMSSignedMessage.SignerIdentifier, in certificates: [Certificate]
  ) -> Certificate? {
    switch identifier {
    case .issuerAndSerialNumber(let issuer, let serialNumber):
      let wanted = Certificate.SerialNumber(bytes: serialNumber)
      return certificates.first { $0.issuer == issuer && $0.serialNumber == wanted }
    case .subjectKeyIdentifier(let keyIdentifier):
      return certificates.first {
        (try? $0.extensions.subjectKeyIdentifier)?.keyIdentifier == keyIdentifier
      }
    }
  }

  /// Nil when the signature verifies; otherwise why not.
  static func problem(
    content: [UInt8], signerInfo: CMSSignedMessage.SignerInfo, certificate: Certificate
  ) -> String? {
    guard let algorithm = signatureAlgorithm(signerInfo) else {
      return "the signature algorithm \(signerInfo.signatureAlgorithm) is not supported"
    }
    let signedBytes: [UInt8]
    if let attributes = signerInfo.signedAttributesForSigning {
      guard let expected = signerInfo.messageDigest else {
        return "the signed attributes have no message digest"
      }
      guard let actual = digest(content, signerInfo.digestAlgorithm) else {
        return "the digest algorithm \(signerInfo.digestAlgorithm) is not supported"
      }
      guard actual[...] == expected else {
        return "the content was changed after signing (its digest does not match)"
      }
      signedBytes = attributes
    } else {
      signedBytes = content
    }
    let valid = certificate.publicKey.isValidSignature(
      signerInfo.signature, for: signedBytes, signatureAlgorithm: algorithm)
    return valid ? nil : "the signature does not match the signer certificate's key"
  }

  /// The signature algorithm; OpenSSL writes the key's algorithm (`rsaEncryption`,
  /// `ecPublicKey`) and leaves the digest to `digestAlgorithm`.
  static func signatureAlgorithm(_ signerInfo: CMSSignedMessage.SignerInfo) -> Certificate
    .SignatureAlgorithm?
  {
    typealias OID = CMSObjectIdentifiers
    let digest = signerInfo.digestAlgorithm
    switch signerInfo.signatureAlgorithm {
    case OID.rsaEncryption:
      switch digest {
      case OID.sha1: return .sha1WithRSAEncryption
      case OID.sha256: return .sha256WithRSAEncryption
      case OID.sha384: return .sha384WithRSAEncryption
      case OID.sha512: return .sha512WithRSAEncryption
      default: return nil
      }
    case OID.ecPublicKey:
      switch digest {
      case OID.sha256: return .ecdsaWithSHA256
      case OID.sha384: return .ecdsaWithSHA384
      case OID.sha512: return .ecdsaWithSHA512
      default: return nil
      }
    case OID.sha1WithRSA: return .sha1WithRSAEncryption
    case OID.sha256WithRSA: return .sha256WithRSAEncryption
    case OID.sha384WithRSA: return .sha384WithRSAEncryption
    case OID.sha512WithRSA: return .sha512WithRSAEncryption
    case OID.ecdsaWithSHA256: return .ecdsaWithSHA256
    case OID.ecdsaWithSHA384: return .ecdsaWithSHA384
    case OID.ecdsaWithSHA512: return .ecdsaWithSHA512
    case OID.ed25519: return .ed25519
    default: return nil
    }
  }

  static func digest(_ bytes: [UInt8], _ algorithm: ASN1ObjectIdentifier) -> [UInt8]? {
    switch algorithm {
    case CMSObjectIdentifiers.sha1: Array(Insecure.SHA1.hash(data: bytes))
    case CMSObjectIdentifiers.sha256: Array(SHA256.hash(data: bytes))
    case CMSObjectIdentifiers.sha384: Array(SHA384.hash(data: bytes))
    case CMSObjectIdentifiers.sha512: Array(SHA512.hash(data: bytes))
    default: nil
    }
  }
}
