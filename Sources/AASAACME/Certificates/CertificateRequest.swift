import Crypto
import SwiftASN1
import X509

/// The certificate signing request sent to finalize an order: a new P-256 key per certificate,
/// the names as subjectAltName dNSNames only, no subject (CAs take the names from the SANs).
public struct CertificateRequest: Sendable {
  /// The key's scalar: swift-crypto's key type is not `Sendable`, its bytes are.
  private let scalar: [UInt8]
  public let request: CertificateSigningRequest

  public var privateKey: P256.Signing.PrivateKey {
    // The bytes came from a valid key.
    try! P256.Signing.PrivateKey(rawRepresentation: scalar)
  }

  public init(names: [String], privateKey: P256.Signing.PrivateKey = P256.Signing.PrivateKey())
    throws
  {
    scalar = Array(privateKey.rawRepresentation)
    let extensions = try Certificate.Extensions {
      SubjectAlternativeNames(names.map { GeneralName.dnsName($0) })
    }
    request = try CertificateSigningRequest(
      version: .v1, subject: DistinguishedName(),
      privateKey: Certificate.PrivateKey(privateKey),
      attributes: CertificateSigningRequest.Attributes([
        try CertificateSigningRequest.Attribute(ExtensionRequest(extensions: extensions))
      ]),
      signatureAlgorithm: .ecdsaWithSHA256)
  }

  /// The DER bytes, as `finalize` takes them (base64url in `csr`).
  public func derBytes() throws -> [UInt8] {
    var serializer = DER.Serializer()
    try serializer.serialize(request)
    return serializer.serializedBytes
  }
}
