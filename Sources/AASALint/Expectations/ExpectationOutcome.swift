import AASA
import AASAAndroid
import AASACore

/// One row of an `--expect` table, checked: routing expectations for association files and route
/// keys for route configs are shown the same way.
package protocol ExpectationOutcome {
  var isMet: Bool { get }
  /// `FILE:LINE: input: expected …, got …`.
  func describe(file: String) -> String
}

extension ExpectationResult: ExpectationOutcome {}
extension RouteExpectationResult: ExpectationOutcome {}
extension AndroidExpectationResult: ExpectationOutcome {}

extension Array where Element: ExpectationOutcome {
  /// The unmet expectations, one line each, and a one-line summary of the table.
  func renderText(file: String, style: TerminalStyle, to sink: OutputSink) {
    let failed = filter { !$0.isMet }
    for result in failed {
      sink.line(style.red("mismatch") + " " + result.describe(file: file).escapingControlCharacters)
    }
    let summary =
      "\(file.escapingControlCharacters): \(count - failed.count) of \(count) expectations met"
    sink.line(failed.isEmpty ? style.green(summary) : style.red(summary))
  }
}
