import AASASigned
import Foundation
import X509

extension SignedAssociation {
  /// Whether the signer's certificate chains to `roots` (RFC 5280 rules, at the current time), as a
  /// requirement line: `signer-trust`. Separate from ``signatureVerifies``: a valid signature by an
  /// untrusted certificate proves only that the file was not changed since someone signed it.
  public func signerTrust(roots: CertificateStore, rootsName: String) async
    -> Requirement
  {
    guard let signerCertificate else {
      return Requirement(
        "signer-trust", .fail, "the message does not carry the signer's certificate")
    }
    let intermediates = certificates.filter { $0 != signerCertificate }
    var verifier = Verifier(rootCertificates: roots) { RFC5280Policy() }
    let result = await verifier.validate(
      leaf: signerCertificate, intermediates: CertificateStore(intermediates))
    switch result {
    case .validCertificate:
      return Requirement("signer-trust", .pass, "\(signer) is trusted by \(rootsName)")
    case .couldNotValidate(let failures):
      let reason = failures.first.map {
        CertificateJudge.shortened($0.policyFailureReason.description)
      }
      return Requirement(
        "signer-trust", .warn,
        "\(signer) is not trusted by \(rootsName)" + (reason.map { ": \($0)" } ?? ""))
    }
  }

  /// The `signature` requirement line: who signed, and whether the signature verifies.
  public var signatureRequirement: Requirement {
    if signatureVerifies {
      return Requirement("signature", .pass, "CMS-signed by \(signer); the signature verifies")
    }
    return Requirement(
      "signature", .fail,
      "CMS-signed by \(signer); the signature does not verify: \(signatureProblem ?? "unknown")")
  }
}
