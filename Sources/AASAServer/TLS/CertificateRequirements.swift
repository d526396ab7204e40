import AASA
import AASASigned
import Foundation
import NIOSSL
import X509

/// What Apple's and Google's fetchers demand of a certificate beyond a trusted chain, checked at
/// start-up so that a server that would be refused in production does not start silently:
/// - valid now (not expired, not yet to come);
/// - a key of 2048-bit RSA or more, or ECDSA on P-256 or P-384 (Apple refuses anything else,
///   Ed25519 included);
/// - a subjectAltName extension: host names in the common name alone are not matched.
enum CertificateRequirements {
  /// One line per unmet requirement, naming `file`; empty when the leaf would be accepted.
  static func problems(leaf: NIOSSLCertificate, file: String, now: Date = Date()) -> [String] {
    var problems: [String] = []
    let notBefore = Date(timeIntervalSince1970: TimeInterval(leaf.notValidBefore))
    let notAfter = Date(timeIntervalSince1970: TimeInterval(leaf.notValidAfter))
    if notAfter < now {
      problems.append("the certificate \(file) expired on \(day(notAfter))")
    } else if notBefore > now {
      problems.append("the certificate \(file) is not valid until \(day(notBefore))")
    }
    let spki = try? leaf.extractPublicKey().toSPKIBytes()
    if let refusal = CertificateKeyDemands.refusal(of: spki.flatMap(keyKind(spki:))) {
      problems.append("the certificate \(file) has \(refusal)")
    }
    if let parsed = try? Certificate(derEncoded: leaf.toDERBytes()),
      (try? parsed.extensions.subjectAlternativeNames) ?? nil == nil
    {
      problems.append(
        "the certificate \(file) has no subjectAltName; clients only match host names listed there"
      )
    }
    return problems
  }

  private static func day(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    return formatter.string(from: date)
  }

  /// The kind of public key in a DER SubjectPublicKeyInfo (`PublicKeyParts`, `AASASigned`).
  static func keyKind(spki: [UInt8]) -> CertificateKeyKind? {
    PublicKeyParts(subjectPublicKeyInfo: spki).flatMap {
      CertificateKeyKind(
        algorithm: $0.algorithm, curve: $0.curve, rsaModulusBits: $0.rsaModulusBits)
    }
  }
}
