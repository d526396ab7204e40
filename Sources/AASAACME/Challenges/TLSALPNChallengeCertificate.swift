import Crypto
import Foundation
import SwiftASN1
import X509

/// The certificate that answers a TLS-ALPN-01 challenge (RFC 8737 §3): self-signed, exactly one
/// dNSName (the name validated), and the critical `id-pe-acmeIdentifier` extension holding the
/// DER OCTET STRING of SHA-256(key authorization). Served only in `acme-tls/1` handshakes.
public struct TLSALPNChallengeCertificate: Sendable {
  public let certificatePEM: String
  public let privateKeyPEM: String
  public let certificate: Certificate

  /// `id-pe-acmeIdentifier`, 1.3.6.1.5.5.7.1.31.
  public static let acmeIdentifierOID: ASN1ObjectIdentifier = [1, 3, 6, 1, 5, 5, 7, 1, 31]

  /// The ALPN protocol of the validation handshake.
  public static let alpnProtocol = "acme-tls/1"

  /// A new P-256 key and the certificate for `name`, valid from an hour ago (for clocks that
  /// lag) for seven days: the CA validates within minutes.
  public static func make(name: String, keyAuthorization: KeyAuthorization, now: Date = Date())
    throws -> TLSALPNChallengeCertificate
  {
    let key = P256.Signing.PrivateKey()
    // The extension's value is the DER encoding of OCTET STRING(SHA-256(key authorization)).
    var serializer = DER.Serializer()
    try serializer.serialize(ASN1OctetString(contentBytes: keyAuthorization.sha256[...]))
    let subject = try DistinguishedName { CommonName("ACME TLS-ALPN-01 challenge") }
    let certificate = try Certificate(
      version: .v3,
      serialNumber: Certificate.SerialNumber(),
      publicKey: Certificate.PublicKey(key.publicKey),
      notValidBefore: now - .seconds(3600),
      notValidAfter: now + .seconds(7 * 24 * 3600),
      issuer: subject,
      subject: subject,
      signatureAlgorithm: .ecdsaWithSHA256,
      extensions: try Certificate.Extensions {
        SubjectAlternativeNames([.dnsName(name)])
        // BoringSSL refuses an ECDSA server certificate whose key usage lacks digitalSignature.
        Critical(KeyUsage(digitalSignature: true))
        Certificate.Extension(
          oid: acmeIdentifierOID, critical: true, value: serializer.serializedBytes[...])
      },
      issuerPrivateKey: Certificate.PrivateKey(key))
    return TLSALPNChallengeCertificate(
      certificatePEM: try certificate.serializeAsPEM().pemString,
      privateKeyPEM: key.pemRepresentation, certificate: certificate)
  }
}
