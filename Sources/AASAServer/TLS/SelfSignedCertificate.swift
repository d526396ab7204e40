import Crypto
import Foundation
import X509

/// A throwaway certificate for `--self-signed`: P-256, valid for a year, for `localhost` and
/// `127.0.0.1` (and any extra names asked for). Made in memory; never written anywhere.
public struct SelfSignedCertificate: Sendable {
  public let certificatePEM: String
  public let privateKeyPEM: String

  public static func make(
    commonName: String = "localhost", dnsNames: [String] = ["localhost"],
    ipv4Addresses: [[UInt8]] = [[127, 0, 0, 1]]
  ) throws -> SelfSignedCertificate {
    let key = P256.Signing.PrivateKey()
    let name = try DistinguishedName { CommonName(commonName) }
    let now = Date()
    let alternativeNames =
      dnsNames.map { GeneralName.dnsName($0) }
      + ipv4Addresses.map { GeneralName.ipAddress(.init(contentBytes: $0[...])) }
    let certificate = try Certificate(
      version: .v3,
      serialNumber: Certificate.SerialNumber(),
      publicKey: Certificate.PublicKey(key.publicKey),
      // Back-dated a little so clocks that lag slightly still accept it.
      notValidBefore: now.addingTimeInterval(-3600),
      notValidAfter: now.addingTimeInterval(365 * 24 * 3600),
      issuer: name,
      subject: name,
      signatureAlgorithm: .ecdsaWithSHA256,
      extensions: Certificate.Extensions {
        Critical(BasicConstraints.notCertificateAuthority)
        // BoringSSL (NIOSSL) refuses an ECDSA server certificate without digitalSignature.
        Critical(KeyUsage(digitalSignature: true))
        try ExtendedKeyUsage([.serverAuth])
        SubjectAlternativeNames(alternativeNames)
      },
      issuerPrivateKey: Certificate.PrivateKey(key))
    return SelfSignedCertificate(
      certificatePEM: try certificate.serializeAsPEM().pemString,
      privateKeyPEM: key.pemRepresentation)
  }
}
