import AASACore
import AASASigned

/// How linting shows a CMS-signed (iOS 8 era) file it unwrapped: who signed it, and whether the
/// signature over the content verifies.
enum SignatureSummary {
  static func describe(_ signed: SignedAssociation, file: String, style: TerminalStyle) -> String {
    let verdict =
      signed.signatureVerifies
      ? style.green("the signature verifies")
      : style.red("the signature does not verify")
        + (signed.signatureProblem.map { " (\($0))".escapingControlCharacters } ?? "")
    return "\(file): CMS-signed by \(signed.signer); ".escapingControlCharacters + verdict
  }

}
