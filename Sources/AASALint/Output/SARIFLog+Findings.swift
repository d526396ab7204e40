import AASA
import AASACore

extension SARIFLog {
  /// A result that is not a finding about the linted file, such as a routing expectation that
  /// failed, located in its own file.
  package struct OtherResult: Sendable {
    package var ruleID: String
    package var title: String
    package var help: String
    package var severity: Severity
    package var file: String
    package var line: Int
    package var message: String

    package init(
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

    /// An `--expect` row that was not met, at its line of the table; `fix` names what to fix
    /// ("the association file", "the route config").
    package static func unmet(
      _ result: some ExpectationOutcome, line: Int, table: String,
      fix: String = "the association file"
    ) -> OtherResult {
      OtherResult(
        ruleID: "routing-expectation", title: "routing expectation not met",
        help: "fix \(fix), or update the table if the change is intended",
        severity: .error, file: table, line: line, message: result.describe(file: table))
    }

    /// An Apple routing expectation that was not met.
    package static func unmet(_ result: ExpectationResult, table: String) -> OtherResult {
      unmet(result, line: result.expectation.line, table: table)
    }
  }
}

extension SARIFLog.Builder {
  /// Adds a lint's findings about `file`, one result per diagnostic located by line and column,
  /// and the results about other files (an `--expect` table's unmet rows).
  mutating func add(
    file: String, diagnostics: [Diagnostic], otherResults: [SARIFLog.OtherResult] = []
  ) {
    for diagnostic in diagnostics { add(diagnostic, file: file) }
    for other in otherResults {
      let index = rule(
        SARIFLog.Rule(
          id: other.ruleID, name: other.title, shortDescription: .init(text: other.title),
          help: .init(text: other.help),
          defaultConfiguration: .init(level: SARIFLog.level(other.severity))), id: other.ruleID)
      add(
        ruleID: other.ruleID, ruleIndex: index, severity: other.severity, message: other.message,
        file: other.file, region: SARIFLog.Region(startLine: max(1, other.line)))
    }
  }
}
