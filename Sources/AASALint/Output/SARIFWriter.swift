import AASA
import AASACore

/// `--format sarif`: SARIF 2.1.0, the format code-scanning services (GitHub's among them) read,
/// with one result per diagnostic located by file, line and column.
public enum SARIFWriter {
  /// A result that is not a finding about the linted file, such as a routing expectation that
  /// failed, located in its own file.
  public struct OtherResult: Sendable {
    public var ruleID: String
    public var title: String
    public var help: String
    public var severity: Severity
    public var file: String
    public var line: Int
    public var message: String

    public init(
      ruleID: String, title: String, help: String, severity: Severity, file: String, line: Int,
      message: String
    ) {
      self.ruleID = ruleID
      self.title = title
      self.help = help
      self.severity = severity
      self.file = file
      self.line = line
      self.message = message
    }

    /// A routing expectation that was not met, at its line of the table.
    public static func unmet(_ result: ExpectationResult, table: String) -> OtherResult {
      OtherResult(
        ruleID: "routing-expectation", title: "routing expectation not met",
        help: "fix the association file, or update the table if the change is intended",
        severity: .error, file: table, line: result.expectation.line,
        message: result.describe(file: table))
    }
  }

  public static func write(
    file: String, diagnostics: [Diagnostic], toolVersion: String,
    otherResults: [OtherResult] = [], to sink: OutputSink
  ) {
    // Under `aasa-lint files`, every file's results go into one run of one log.
    var builder = sink.gathered?.sarif ?? SARIFLog.Builder()
    defer { sink.gathered?.sarif = builder }
    for diagnostic in diagnostics { builder.add(diagnostic, file: file) }
    for other in otherResults {
      let index = builder.rule(
        SARIFLog.Rule(
          id: other.ruleID, name: other.title, shortDescription: .init(text: other.title),
          help: .init(text: other.help),
          defaultConfiguration: .init(level: SARIFLog.level(other.severity))), id: other.ruleID)
      builder.add(
        ruleID: other.ruleID, ruleIndex: index, severity: other.severity, message: other.message,
        file: other.file, region: SARIFLog.Region(startLine: max(1, other.line)))
    }
    if sink.gathered == nil {
      sink.line(JSONOutput.encode(builder.log(toolVersion: toolVersion)))
    }
  }
}
