import SwiftASN1

/// What tells a certificate's key apart, read from its DER SubjectPublicKeyInfo (RFC 5280 §4.1):
/// the algorithm, the named curve of an EC key, and the size of an RSA key's modulus (RFC 8017
/// §A.1.1), as plain values that `AASA`'s `CertificateKeyKind` takes. Read with swift-asn1 rather
/// than swift-certificates' `Certificate.PublicKey`, which refuses curves it cannot verify with, so
/// that such a key is still named for what it is. Shared by `aasa-serve` (before it serves a
/// certificate) and `aasa-lint check` (what a site presents).
package struct PublicKeyParts: Sendable, Hashable {
  /// The algorithm's object identifier, dotted (`1.2.840.113549.1.1.1` for RSA).
  package var algorithm: String
  /// For an EC key, the named curve's object identifier, dotted.
  package var curve: String?
  /// For an RSA key, the significant bits of its modulus.
  package var rsaModulusBits: Int?

  /// Nil when `spki` is not a SubjectPublicKeyInfo.
  package init?(subjectPublicKeyInfo spki: some Collection<UInt8>) {
    let read: PublicKeyParts?? = try? DER.sequence(DER.parse(Array(spki)), identifier: .sequence) {
      nodes in
      guard let algorithmNode = nodes.next() else { return nil }
      let (algorithm, parameters) = try DER.sequence(algorithmNode, identifier: .sequence) {
        inner in (try ASN1ObjectIdentifier(derEncoded: &inner), inner.next())
      }
      let key = try ASN1BitString(derEncoded: &nodes)
      var modulusBits: Int?
      if algorithm == .AlgorithmIdentifier.rsaEncryption {
        // subjectPublicKey holds RSAPublicKey: SEQUENCE { modulus INTEGER, exponent INTEGER }.
        let modulus = try DER.sequence(DER.parse(key.bytes), identifier: .sequence) { fields in
          let modulus = try ArraySlice<UInt8>(derEncoded: &fields)
          _ = fields.next()
          return modulus
        }
        let significant = modulus.drop { $0 == 0 }
        if let first = significant.first {
          modulusBits = (significant.count - 1) * 8 + (8 - first.leadingZeroBitCount)
        }
      }
      return PublicKeyParts(
        algorithm: algorithm.description,
        curve: parameters.flatMap { try? ASN1ObjectIdentifier(derEncoded: $0) }?.description,
        rsaModulusBits: modulusBits)
    }
    guard let parts = read ?? nil else { return nil }
    self = parts
  }

  private init(algorithm: String, curve: String?, rsaModulusBits: Int?) {
    self.algorithm = algorithm
    self.curve = curve
    self.rsaModulusBits = rsaModulusBits
  }
}
