import AASA
import AASACore
import AASALiveCheck

/// `aasa-lint check --format sarif`: SARIF 2.1.0 with one result per finding: each line that did
/// not pass (rule `check/NAME`, located at the URL it is about, or at the `--expect` table's line),
/// and each lint diagnostic of a live file (its code, at the line and column in the file at its
/// URL).
extension SARIFLog.Builder {
  /// Adds a live check's findings, each with its rule.
  mutating func add(_ findings: [LiveCheckFinding]) {
    for finding in findings {
      let index = rule(LiveCheckFinding.sarifRule(finding), id: finding.ruleID)
      add(
        ruleID: finding.ruleID, ruleIndex: index, level: finding.level, message: finding.message,
        file: finding.file,
        region: finding.line.map { SARIFLog.Region(startLine: $0, startColumn: finding.column) })
    }
  }
}

extension LiveCheckFinding {
  /// The SARIF rule of a finding: a check line's name, or a lint diagnostic's code.
  static func sarifRule(_ finding: LiveCheckFinding) -> SARIFLog.Rule {
    switch finding.source {
    case .requirement(let requirement):
      SARIFLog.Rule(
        id: finding.ruleID, name: requirement.name,
        shortDescription: .init(text: "aasa-lint check: \(requirement.name)"),
        helpUri: "https://github.com/aasa/aasa/blob/main/docs/check.md")
    case .diagnostic(let diagnostic):
      SARIFLog.Rule(
        id: diagnostic.code.rawValue, name: diagnostic.code.title,
        shortDescription: .init(text: diagnostic.code.title),
        help: .init(text: diagnostic.code.help),
        helpUri: "https://github.com/aasa/aasa/blob/main/docs/diagnostics.md")
    }
  }
}
