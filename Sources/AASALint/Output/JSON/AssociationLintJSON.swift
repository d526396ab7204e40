import AASA
import AASACore

/// The `--format json` document of a lint: one JSON object, a stable contract.
///
/// ```
/// {"file": ..., "kind": "aasa", "diagnostics": [{"code", "severity", "path", "line", "column",
///  "message", "help"}], "routes": [{"input", "app", "verdicts": [{"app", "verdict", "detail",
///  "component", "rule", ...}]}], "summary": {"errors", "warnings", "infos"}}
/// ```
/// Keys are only ever added, never renamed or removed; `signature`, `grants` and `expectations`
/// appear when the run has them.
struct AssociationLintJSON {
  struct Document: Encodable {
    var file: String
    var kind: String
    var diagnostics: [DiagnosticJSON]
    var routes: [RoutingJSON]
    var signature: SignatureJSON?
    var grants: [GrantJSON]?
    var expectations: ExpectationsJSON<ExpectationResultJSON>?
    var summary: SummaryJSON
  }

  /// Who signed a CMS-signed file, and whether the signature verifies.
  struct SignatureJSON: Encodable {
    var signer: String
    var verifies: Bool
    var problem: Nullable<String>
  }

  /// An `--grants` question and its answer.
  struct GrantJSON: Encodable {
    var package: String
    var fingerprint: String
    var relation: String
    var granted: Bool
    var explanation: String
  }

  var document: Document

  init(file: String, kind: FileKind, diagnostics: [Diagnostic], routings: [Routing]?, app: String?)
  {
    document = Document(
      file: file, kind: kind.rawValue, diagnostics: diagnostics.map { DiagnosticJSON($0) },
      routes: (routings ?? []).map { RoutingJSON($0, app: app) }, summary: SummaryJSON(diagnostics))
  }
}
