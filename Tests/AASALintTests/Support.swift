import AASA
import AASACore
import AASALint

/// Parses an association file from JSON text, failing loudly on anything unreadable.
func association(_ json: String) throws -> SiteAssociation {
  let report = SiteAssociationLinter().lint(Array(json.utf8))
  guard let association = report.association else {
    throw TestInputError(description: "not an association: \(report.diagnostics)")
  }
  return association
}

struct TestInputError: Error, CustomStringConvertible {
  var description: String
}

/// A report written as the command line writes it, and the exit status it decides.
func rendered(
  _ report: any Report, _ format: OutputFormat = .text, errors: OutputSink = OutputSink()
) throws -> (status: ExitStatus, text: String) {
  let output = OutputSink()
  try ReportRenderer(format: format, context: RenderContext(errors: errors)).render(
    report, to: output)
  return (ExitStatus(for: report), output.text)
}

/// An `--expect` table read as the command line reads it.
func expectationTable(_ text: String, file: String = "routes.tsv") throws -> ExpectationTable {
  try ExpectationTable(text, file: file, expecting: "an app ID, none or blocked")
}
