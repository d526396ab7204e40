import Crypto
import Foundation
import SwiftASN1
import Testing
import X509

@testable import AASAACME

@Suite("ACME: the TLS-ALPN-01 challenge certificate")
struct TLSALPNChallengeCertificateTests {
  @Test func itHoldsOneDNSNameAndTheCriticalDigestOfTheKeyAuthorization() throws {
    let key = AccountKey()
    let keyAuthorization = try #require(
      KeyAuthorization(token: "evaGxfADs6pSRb2LAv9IZf17Dt3juxGJ-PCt92wr-oA", accountKey: key))
    let made = try TLSALPNChallengeCertificate.make(
      name: "shop.example.test", keyAuthorization: keyAuthorization)
    // Parsed back from the PEM, as a validator reads it.
    let certificate = try Certificate(pemEncoded: made.certificatePEM)
    let names = try #require(try certificate.extensions.subjectAlternativeNames)
    #expect(names == SubjectAlternativeNames([.dnsName("shop.example.test")]))
    #expect(certificate.issuer == certificate.subject)
    #expect(certificate.publicKey.isValidSignature(certificate.signature, for: certificate))
    let acme = try #require(
      certificate.extensions[oid: TLSALPNChallengeCertificate.acmeIdentifierOID])
    #expect(acme.critical)
    #expect(acme.oid.description == "1.3.6.1.5.5.7.1.31")
    let octets = try ASN1OctetString(derEncoded: acme.value)
    let expected = Array(SHA256.hash(data: Data(keyAuthorization.text.utf8)))
    #expect(Array(octets.bytes) == expected)
    #expect(octets.bytes.count == 32)
    // DER exactly: OCTET STRING, length 32, the digest; nothing after it.
    #expect(Array(acme.value) == [0x04, 0x20] + expected)
    // The key in the PEM is the certificate's.
    let privateKey = try P256.Signing.PrivateKey(pemRepresentation: made.privateKeyPEM)
    #expect(certificate.publicKey == Certificate.PublicKey(privateKey.publicKey))
  }
}
