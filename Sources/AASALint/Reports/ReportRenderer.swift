import AASACore

/// Writes a report in one output format: the one place a format is chosen. Each run declares the
/// formats its report can be written in (``FormatDeclaring``), and the command line offers only
/// those, so a report never meets a format it cannot be written in; if it did, it is said in
/// words rather than a crash.
package struct ReportRenderer {
  /// A report asked for in a format it has no renderer for: a defect of the command line's
  /// wiring, reported as a usage error.
  package struct UnsupportedFormat: InputProblem {
    package var format: OutputFormat
    package var description: String { "this output cannot be written as --format \(format)" }
  }

  package var format: OutputFormat
  package var context: RenderContext

  package init(format: OutputFormat, context: RenderContext = RenderContext()) {
    self.format = format
    self.context = context
  }

  /// Writes `report` to `output` and flushes it.
  package func render(_ report: any Report, to output: OutputSink) throws {
    defer { output.flush() }
    switch format {
    case .text:
      try require(report as? any TextReport).writeText(to: output, context)
    case .json:
      let document = try require(report as? any JSONReport).jsonDocument
      output.line(JSONOutput.encode(document))
    case .tsv:
      try require(report as? any TSVReport).writeTSV(to: output, context)
    case .sarif:
      output.line(
        JSONOutput.encode(
          try require(report as? any SARIFReport).sarifLog(toolVersion: context.toolVersion)))
    case .github:
      try require(report as? any GitHubReport).writeAnnotations(to: output)
    }
  }

  private func require<Renderable>(_ renderable: Renderable?) throws -> Renderable {
    guard let renderable else { throw UnsupportedFormat(format: format) }
    return renderable
  }
}
