import AASA
import AASACore
import AASALiveCheck

/// `aasa-lint check --format sarif`: SARIF 2.1.0 with one result per finding: each line that did
/// not pass (rule `check/NAME`, located at the URL it is about, or at the `--expect` table's line),
/// and each lint diagnostic of a live file (its code, at the line and column in the file at its
/// URL).
public enum LiveCheckSARIFWriter {
  public static func write(_ report: LiveCheckReport, toolVersion: String, to sink: OutputSink) {
    write(
      LiveCheckFinding.all(report), properties: ["site": report.site.origin],
      failed: report.status == .fail, toolVersion: toolVersion, to: sink)
  }

  /// `--entitlements`: the findings of every domain in one run.
  public static func write(
    _ report: EntitlementsCheckReport, toolVersion: String, to sink: OutputSink
  ) {
    write(
      LiveCheckFinding.all(report), properties: ["entitlements": report.path],
      failed: report.status == .fail, toolVersion: toolVersion, to: sink)
  }

  /// `--hosts`: the findings of every host in one run.
  public static func write(_ report: HostsCheckReport, toolVersion: String, to sink: OutputSink) {
    write(
      LiveCheckFinding.all(report),
      properties: ["hosts": report.sites.map(\.site.origin).joined(separator: " ")],
      failed: report.status == .fail, toolVersion: toolVersion, to: sink)
  }

  static func write(
    _ findings: [LiveCheckFinding], properties: [String: String], failed: Bool,
    toolVersion: String, to sink: OutputSink
  ) {
    var builder = SARIFLog.Builder()
    for finding in findings {
      let index = builder.rule(rule(finding), id: finding.ruleID)
      builder.add(
        ruleID: finding.ruleID, ruleIndex: index, level: finding.level, message: finding.message,
        file: finding.file,
        region: finding.line.map { SARIFLog.Region(startLine: $0, startColumn: finding.column) })
    }
    var properties = properties
    properties["status"] = failed ? "fail" : "pass"
    sink.line(JSONOutput.encode(builder.log(toolVersion: toolVersion, properties: properties)))
  }

  private static func rule(_ finding: LiveCheckFinding) -> SARIFLog.Rule {
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
