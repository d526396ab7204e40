import AASA
import AASASigned
import Foundation
import SwiftASN1
import TestSupport
import Testing
import X509

/// The key kinds `aasa-lint check` reads from a site's certificate (its whole SubjectPublicKeyInfo):
/// the kinds Apple accepts pass, as `aasa-serve` serves them. The refused kinds are the live
/// check's weak-key test.
@Suite struct CertificateKeyKindTests {
  @Test(arguments: [
    (TestCertificate.KeyType.ec, CertificateKeyKind.p256),
    (.rsa, .rsa(bits: 2048)),
  ])
  func keysAreReadAsTheirKind(keyType: TestCertificate.KeyType, expected: CertificateKeyKind)
    async throws
  {
    let directory = try TemporaryDirectory()
    let made = try TestCertificate.selfSigned(in: directory, keyType: keyType)
    let pem = try String(contentsOfFile: made.certificatePath, encoding: .utf8)
    let certificate = try Certificate(pemEncoded: pem)
    var serializer = DER.Serializer()
    try serializer.serialize(certificate.publicKey)
    let parts = try #require(PublicKeyParts(subjectPublicKeyInfo: serializer.serializedBytes))
    let kind = CertificateKeyKind(
      algorithm: parts.algorithm, curve: parts.curve, rsaModulusBits: parts.rsaModulusBits)
    #expect(kind == expected)
    #expect(CertificateKeyDemands.refusal(of: kind) == nil)
  }
}
