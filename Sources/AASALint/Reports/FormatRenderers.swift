import AASACore

// One protocol per output format: a report that can be written in a format conforms to its
// protocol, and ``ReportRenderer`` is the one place that picks the protocol for the format asked.
// Adding a format is one protocol here, one case in `OutputFormat` and `ReportRenderer`, and the
// conformances of the reports that can be written in it.

/// `--format text`: for people, coloured on a terminal.
package protocol TextReport: Report {
  func writeText(to sink: OutputSink, _ context: RenderContext) throws
}

/// `--format json`: one document, a stable contract (and the validator page's API answer).
package protocol JSONReport: Report {
  /// The document `--format json` writes, encoded by `JSONOutput`.
  var jsonDocument: any Encodable { get throws }
}

/// `--format tsv`: one line per routed URL, streamed; findings go to the context's `errors`.
package protocol TSVReport: Report {
  func writeTSV(to sink: OutputSink, _ context: RenderContext) throws
}

/// `--format sarif`: SARIF 2.1.0 for code scanning.
package protocol SARIFReport: Report {
  /// Adds the report's results (and their rules) to a log's one run.
  func addSARIFResults(to builder: inout SARIFLog.Builder) throws
  /// The run's `properties`, when the report has any (a live check's site and status).
  var sarifProperties: [String: String]? { get }
  /// The whole log; by default one run of the results above.
  func sarifLog(toolVersion: String) throws -> SARIFLog
}

extension SARIFReport {
  package var sarifProperties: [String: String]? { nil }

  package func sarifLog(toolVersion: String) throws -> SARIFLog {
    var builder = SARIFLog.Builder()
    try addSARIFResults(to: &builder)
    return builder.log(toolVersion: toolVersion, properties: sarifProperties)
  }
}

/// `--format github`: GitHub Actions workflow annotations.
package protocol GitHubReport: Report {
  func writeAnnotations(to sink: OutputSink) throws
}
