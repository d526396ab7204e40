import SwiftASN1
import Testing
import X509

@testable import AASAACME

@Suite("ACME: certificate signing requests")
struct CertificateRequestTests {
  @Test func theNamesAreSubjectAlternativeNamesOnlyAndTheSignatureVerifies() throws {
    let request = try CertificateRequest(names: ["a.example.test", "b.example.test"])
    let parsed = try CertificateSigningRequest(derEncoded: try request.derBytes())
    #expect(parsed.subject == DistinguishedName())
    #expect(parsed.publicKey == Certificate.PublicKey(request.privateKey.publicKey))
    #expect(parsed.publicKey.isValidSignature(parsed.signature, for: parsed))
    let extensions = try #require(try parsed.attributes.extensionRequest).extensions
    let names = try #require(try extensions.subjectAlternativeNames)
    #expect(
      names == SubjectAlternativeNames([.dnsName("a.example.test"), .dnsName("b.example.test")]))
  }
}
