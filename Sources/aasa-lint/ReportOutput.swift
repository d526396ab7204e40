import AASALint
import ArgumentParser

/// The last two steps of every subcommand (parse → run → render → exit): write the report in the
/// format asked for, then end with the exit status the report decides.
enum ReportOutput {
  static func finish(_ report: any Report, format: OutputFormat, style: TerminalStyle) throws {
    try ReportRenderer(format: format, context: RenderContext(style: style))
      .render(report, to: .standardOutput())
    let status = ExitStatus(for: report)
    if status != .success { throw ExitCode(status.rawValue) }
  }
}
