import AASALiveCheck
import AASASigned
import Foundation
import TestSupport
import Testing
import X509

/// Signed (CMS/PKCS#7) association files, made in the test with the real `openssl cms -sign`.
@Suite struct SignedAssociationTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  @Test func plainJSONIsNotCMS() throws {
    #expect(try SignedAssociation.unwrap(Array(Fixtures.association.utf8)) == nil)
    #expect(try SignedAssociation.unwrap(Array("0".utf8)) == nil)
    #expect(try SignedAssociation.unwrap([]) == nil)
  }

  @Test(arguments: [TestCertificate.KeyType.rsa, .ec])
  func aFileSignedWithOpenSSLIsUnwrappedAndVerifies(keyType: TestCertificate.KeyType) async throws {
    let signer = try TestCertificate.selfSigned(
      in: directory, name: "signer", commonName: "Example Signer", keyType: keyType)
    let signed = try await signer.sign(Fixtures.association, in: directory)
    #expect(signed.first == 0x30)
    let unwrapped = try #require(try SignedAssociation.unwrap(signed))
    #expect(unwrapped.content == Array(Fixtures.association.utf8))
    #expect(unwrapped.signer.contains("CN=Example Signer"))
    #expect(unwrapped.signatureVerifies)
    #expect(unwrapped.signatureProblem == nil)
    #expect(unwrapped.signatureRequirement.status == .pass)
  }

  @Test func aPEMArmouredFileIsUnwrapped() async throws {
    let signer = try TestCertificate.selfSigned(in: directory, name: "signer")
    let signed = try await signer.sign(Fixtures.association, in: directory, pem: true)
    #expect(String(decoding: signed.prefix(11), as: UTF8.self) == "-----BEGIN ")
    let unwrapped = try #require(try SignedAssociation.unwrap(signed))
    #expect(unwrapped.content == Array(Fixtures.association.utf8))
    #expect(unwrapped.signatureVerifies)
  }

  @Test func changedContentDoesNotVerify() async throws {
    let signer = try TestCertificate.selfSigned(in: directory, name: "signer")
    var signed = try await signer.sign(Fixtures.association, in: directory)
    // Change one byte of the JSON inside the message: "photoapp" becomes "photoapq".
    let needle = Array("photoapp".utf8)
    let index = try #require(
      (0...(signed.count - needle.count)).first {
        signed[$0..<($0 + needle.count)].elementsEqual(needle)
      })
    signed[index + needle.count - 1] = UInt8(ascii: "q")
    let unwrapped = try #require(try SignedAssociation.unwrap(signed))
    #expect(!unwrapped.signatureVerifies)
    #expect(unwrapped.signatureProblem?.contains("changed after signing") == true)
    #expect(unwrapped.signatureRequirement.status == .fail)
  }

  @Test func brokenCMSIsAnError() {
    let garbage: [UInt8] = [0x30, 0x82, 0x01, 0x00] + Array(repeating: 0x04, count: 40)
    #expect(throws: SignedAssociation.UnreadableSignature.self) {
      try SignedAssociation.unwrap(garbage)
    }
    let armour = Array("-----BEGIN PKCS7-----\nnot base64!\n-----END PKCS7-----\n".utf8)
    #expect(throws: SignedAssociation.UnreadableSignature.self) {
      try SignedAssociation.unwrap(armour)
    }
  }

  /// Fuzz finding E3 (target `entitlements`): a certificate whose public key BoringSSL refuses
  /// made the reason `underlyingCoreCryptoError(error: N)`, N the first code on BoringSSL's error
  /// queue, where an earlier failure may have left one: after other failures the same bytes got
  /// two different reasons, and the number could name another file's problem.
  @Test func aPublicKeyBoringSSLRefusesHasOneReason() async throws {
    let signer = try TestCertificate.selfSigned(in: directory, name: "signer")
    var signed = try await signer.sign(Fixtures.association, in: directory)
    // The P-256 point of the certificate's SubjectPublicKeyInfo (BIT STRING, 66 bytes, 04 X Y),
    // moved off the curve.
    let point: [UInt8] = [0x03, 0x42, 0x00, 0x04]
    let start = try #require(
      (0...(signed.count - point.count)).first {
        signed[$0..<($0 + point.count)].elementsEqual(point)
      })
    for index in (start + 4)..<(start + 68) { signed[index] = 0x01 }
    var reasons: [String] = []
    for _ in 0..<3 {
      do {
        _ = try SignedAssociation.unwrap(signed)
        Issue.record("a certificate with a point off the curve was read")
      } catch {
        reasons.append(error.reason)
      }
    }
    #expect(Set(reasons).count == 1, "\(reasons)")
    #expect(reasons.first == "a certificate's public key cannot be read")
  }

  @Test func signerTrustIsJudgedSeparately() async throws {
    let signer = try TestCertificate.selfSigned(in: directory, name: "signer")
    let signed = try await signer.sign(Fixtures.association, in: directory)
    let unwrapped = try #require(try SignedAssociation.unwrap(signed))
    let trusted = await unwrapped.signerTrust(
      roots: try TrustRoots.caFile(signer.certificatePath).store, rootsName: "the test CA")
    #expect(trusted.status == .pass)
    let untrusted = await unwrapped.signerTrust(roots: CertificateStore(), rootsName: "no roots")
    #expect(untrusted.status == .warn)
    #expect(untrusted.detail.contains("not trusted by no roots"))
  }
}
