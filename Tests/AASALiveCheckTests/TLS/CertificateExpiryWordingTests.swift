import Crypto
import Foundation
import Testing
import X509

@testable import AASALiveCheck

/// The expiry line counts whole days left and says them in words a person reads aloud: never
/// "in 0 days" or "in 1 days".
@Suite struct CertificateExpiryWordingTests {
  static let now = Date(timeIntervalSince1970: 1_800_000_000)

  static func leaf(expiringAfter seconds: TimeInterval) throws -> Certificate {
    let key = P256.Signing.PrivateKey()
    let name = try DistinguishedName { CommonName("localhost") }
    return try Certificate(
      version: .v3, serialNumber: Certificate.SerialNumber(),
      publicKey: Certificate.PublicKey(key.publicKey), notValidBefore: now - 3600,
      notValidAfter: now + seconds, issuer: name, subject: name,
      signatureAlgorithm: .ecdsaWithSHA256, extensions: Certificate.Extensions {},
      issuerPrivateKey: Certificate.PrivateKey(key))
  }

  @Test(arguments: [
    (0.5, "within a day (renew before 30)", Requirement.Status.warn),
    (1.5, "in 1 day (renew before 30)", .warn),
    (10.5, "in 10 days (renew before 30)", .warn),
    (90.5, "(90 days)", .pass),
  ])
  func daysLeftAreSaidInWords(days: Double, ending: String, status: Requirement.Status) throws {
    let judge = CertificateJudge(
      trustRoots: CertificateStore(), trustRootsName: "the test's roots", now: Self.now)
    let requirement = judge.expiryRequirement(try Self.leaf(expiringAfter: days * 86_400))
    #expect(requirement.status == status)
    #expect(requirement.detail.hasSuffix(ending), "\(requirement.detail)")
  }
}
