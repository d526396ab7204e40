import AASASigned
import Foundation
import X509

extension SignedAssociation {
  /// Whether the signer's certificate chains to `roots` (RFC 5280 rules, at the current time), as a
  /// requirement line: `signer-trust`. Separate from ``signatureVerifies``: a valid signature by an
  /// untrusted certificate proves only that the file was not changed since someone signed it.
  /// The file's other certificates are searched within `search`'s bounds: whoever signed the file
  /// chose them (``ChainSearch``).
  public func signerTrust(
    roots: CertificateStore, rootsName: String, search: ChainSearch = ChainSearch()
  ) async -> Requirement {
    guard let signerCertificate else {
      return Requirement(
        "signer-trust", .fail, "the message does not carry the signer's certificate")
    }
    let outcome = await search.validate(
      leaf: signerCertificate, intermediates: certificates, roots: roots
    ) { RFC5280Policy() }
    let notes = outcome.notes.map { "; \($0)" }.joined()
    switch outcome.result {
    case .validCertificate:
      return Requirement("signer-trust", .pass, "\(signer) is trusted by \(rootsName)\(notes)")
    case .couldNotValidate(let failures):
      let reason = failures.first.map {
        CertificateJudge.shortened($0.policyFailureReason.description)
      }
      return Requirement(
        "signer-trust", .warn,
        "\(signer) is not trusted by \(rootsName)" + (reason.map { ": \($0)" } ?? "") + notes)
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
