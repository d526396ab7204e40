import Crypto
import Foundation
import SwiftASN1
import TestSupport
import X509

/// A certificate authority made for one test and a leaf it signs for 127.0.0.1 (an IP address
/// name) and `dnsNames` (`localhost`): the validator trusts the authority through `--ca-file`. Nothing is
/// committed; every key is made at run time. The leaf lasts 90 days and a half, so that the
/// whole days a check counts cannot change between two checks of one test.
struct LoopbackCertificate {
  let authorityFile: String
  let chainFile: String
  let keyFile: String

  init(in directory: TemporaryDirectory, dnsNames: [String] = ["localhost"]) throws {
    let authorityKey = P256.Signing.PrivateKey()
    let authorityName = try DistinguishedName { CommonName("aasa validator test authority") }
    let now = Date()
    let authority = try Certificate(
      version: .v3, serialNumber: Certificate.SerialNumber(),
      publicKey: Certificate.PublicKey(authorityKey.publicKey), notValidBefore: now - 3600,
      notValidAfter: now + 200 * 24 * 3600, issuer: authorityName, subject: authorityName,
      signatureAlgorithm: .ecdsaWithSHA256,
      extensions: Certificate.Extensions {
        Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
        Critical(KeyUsage(keyCertSign: true))
      },
      issuerPrivateKey: Certificate.PrivateKey(authorityKey))
    let leafKey = P256.Signing.PrivateKey()
    let leaf = try Certificate(
      version: .v3, serialNumber: Certificate.SerialNumber(),
      publicKey: Certificate.PublicKey(leafKey.publicKey), notValidBefore: now - 3600,
      notValidAfter: now + 90 * 24 * 3600 + 12 * 3600, issuer: authority.subject,
      subject: try DistinguishedName { CommonName("localhost") },
      signatureAlgorithm: .ecdsaWithSHA256,
      extensions: Certificate.Extensions {
        Critical(KeyUsage(digitalSignature: true))
        try ExtendedKeyUsage([.serverAuth])
        SubjectAlternativeNames(
          dnsNames.map { GeneralName.dnsName($0) } + [
            GeneralName.ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1]))
          ])
      },
      issuerPrivateKey: Certificate.PrivateKey(authorityKey))
    authorityFile = try directory.write(
      "authority.pem", authority.serializeAsPEM().pemString + "\n")
    chainFile = try directory.write(
      "chain.pem",
      try leaf.serializeAsPEM().pemString + "\n" + authority.serializeAsPEM().pemString + "\n")
    keyFile = try directory.write("key.pem", leafKey.pemRepresentation + "\n")
  }
}
