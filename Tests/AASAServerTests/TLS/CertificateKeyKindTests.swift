import Crypto
import Foundation
import Testing
import X509

@testable import AASA
@testable import AASAServer

@Suite("Certificate key kinds")
struct CertificateKeyKindTests {
  /// The server reads a key's kind from its SubjectPublicKeyInfo.
  func keyKind(spki: [UInt8]) -> CertificateKeyKind? { CertificateRequirements.keyKind(spki: spki) }

  @Test func ellipticCurveKeysAreTold() {
    #expect(keyKind(spki: Array(P256.Signing.PrivateKey().publicKey.derRepresentation)) == .p256)
    #expect(keyKind(spki: Array(P384.Signing.PrivateKey().publicKey.derRepresentation)) == .p384)
    #expect(
      keyKind(spki: Array(P521.Signing.PrivateKey().publicKey.derRepresentation)) == .otherCurve)
  }

  @Test func ed25519IsTold() {
    // SubjectPublicKeyInfo: SEQUENCE { SEQUENCE { OID 1.3.101.112 }, BIT STRING key }.
    let key = Array(Curve25519.Signing.PrivateKey().publicKey.rawRepresentation)
    let spki: [UInt8] =
      [0x30, 0x2A, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x03, 0x21, 0x00] + key
    #expect(keyKind(spki: spki) == .ed25519)
  }

  @Test func rsaKeySizesAreCounted() {
    func spki(modulusBytes: Int) -> [UInt8] {
      // A modulus with its top bit set, as real ones have, after DER's leading zero byte.
      let modulus: [UInt8] = [0x00, 0x80] + Array(repeating: 0x01, count: modulusBytes - 1)
      let rsaKey = der(0x30, der(0x02, modulus) + der(0x02, [0x01, 0x00, 0x01]))
      let algorithm = der(
        0x30, der(0x06, [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01]) + [0x05, 0x00])
      return der(0x30, algorithm + der(0x03, [0x00] + rsaKey))
    }
    #expect(keyKind(spki: spki(modulusBytes: 128)) == .rsa(bits: 1024))
    #expect(keyKind(spki: spki(modulusBytes: 256)) == .rsa(bits: 2048))
    #expect(keyKind(spki: spki(modulusBytes: 512)) == .rsa(bits: 4096))
  }

  @Test func garbageIsNoKind() {
    #expect(keyKind(spki: []) == nil)
    #expect(keyKind(spki: [0x30, 0x82, 0xFF]) == nil)
  }

  /// A DER element with a definite length.
  func der(_ tag: UInt8, _ contents: [UInt8]) -> [UInt8] {
    let count = contents.count
    let length: [UInt8] =
      count < 0x80
      ? [UInt8(count)]
      : count < 0x100 ? [0x81, UInt8(count)] : [0x82, UInt8(count >> 8), UInt8(count & 0xFF)]
    return [tag] + length + contents
  }
}
