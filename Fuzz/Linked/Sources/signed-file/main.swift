// signed-file: an association file that may be CMS/PKCS#7-signed (DER, BER or PEM armoured), as a
// plain `aasa-lint FILE` reads it: unwrapped first, then the content linted as Apple's file.
//
// Checks: a file that does not look signed is never unwrapped; an unwrapped message's content is
// shorter than the file; the signer and any problem are said in words; the content lints without
// breaking the report's own invariants (diagnostics located inside the content, in order).

import AASA
import AASACore
import AASASigned
import FuzzDriver

runFuzzer { data, size in fuzzSignedFile(fuzzInput(data, size)) }

func fuzzSignedFile(_ bytes: [UInt8]) -> CInt {
  let looksSigned = SignedAssociation.looksSigned(bytes)
  let signed: SignedAssociation?
  do {
    signed = try SignedAssociation.unwrap(bytes)
  } catch {
    require(looksSigned, "an unreadable signature in a file that does not look signed")
    require(!error.reason.isEmpty, "an unreadable signature without a reason")
    return 0
  }
  guard let signed else {
    require(!looksSigned, "a file that looks signed was not unwrapped and not refused")
    return 0
  }
  require(looksSigned, "a file that does not look signed was unwrapped")
  require(signed.content.count <= bytes.count, "content larger than the message")
  require(!signed.signer.isEmpty, "a signer without a name")
  require(
    signed.signatureVerifies == (signed.signatureProblem == nil), "verdict and problem disagree")
  let report = SiteAssociationLinter().lint(signed.content)
  var previous = 0
  for diagnostic in report.diagnostics {
    let offset = diagnostic.location.offset
    require(offset >= 0 && offset <= signed.content.count, "a diagnostic outside the content")
    require(offset >= previous, "diagnostics not in file order")
    previous = offset
  }
  return 0
}
