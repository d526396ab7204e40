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
      LiveCheckFinding.all(report), properties: "\"site\": \(JSONValue.quoted(report.site.origin))",
      failed: report.status == .fail, toolVersion: toolVersion, to: sink)
  }

  /// `--entitlements`: the findings of every domain in one run.
  public static func write(
    _ report: EntitlementsCheckReport, toolVersion: String, to sink: OutputSink
  ) {
    write(
      LiveCheckFinding.all(report),
      properties: "\"entitlements\": \(JSONValue.quoted(report.path))",
      failed: report.status == .fail, toolVersion: toolVersion, to: sink)
  }

  static func write(
    _ findings: [LiveCheckFinding], properties: String, failed: Bool, toolVersion: String,
    to sink: OutputSink
  ) {
    var ruleIDs: [String] = []
    var rules: [String] = []
    for finding in findings where !ruleIDs.contains(finding.ruleID) {
      ruleIDs.append(finding.ruleID)
      rules.append(ruleJSON(finding))
    }
    let results = findings.map { finding in
      var region = ""
      if let line = finding.line {
        region =
          ", \"region\": {\"startLine\": \(line)"
          + (finding.column.map { ", \"startColumn\": \($0)" } ?? "") + "}"
      }
      return "{\"ruleId\": \(JSONValue.quoted(finding.ruleID)), "
        + "\"ruleIndex\": \(ruleIDs.firstIndex(of: finding.ruleID)!), "
        + "\"level\": \"\(finding.level)\", \"message\": {\"text\": \(JSONValue.quoted(finding.message))}, "
        + "\"locations\": [{\"physicalLocation\": {\"artifactLocation\": {\"uri\": \(JSONValue.quoted(finding.file))}"
        + region + "}}]}"
    }
    sink.line(
      SARIFWriter.document(
        rules: rules, results: results, toolVersion: toolVersion,
        properties: "\(properties), \"status\": \"\(failed ? "fail" : "pass")\""))
  }

  private static func ruleJSON(_ finding: LiveCheckFinding) -> String {
    switch finding.source {
    case .requirement(let requirement):
      return "{\"id\": \(JSONValue.quoted(finding.ruleID)), "
        + "\"name\": \(JSONValue.quoted(requirement.name)), "
        + "\"shortDescription\": {\"text\": \(JSONValue.quoted("aasa-lint check: \(requirement.name)"))}, "
        + "\"helpUri\": \"https://github.com/aasa/aasa/blob/main/docs/check.md\"}"
    case .diagnostic(let diagnostic):
      let code = diagnostic.code
      return "{\"id\": \"\(code.rawValue)\", \"name\": \(JSONValue.quoted(code.title)), "
        + "\"shortDescription\": {\"text\": \(JSONValue.quoted(code.title))}, "
        + "\"help\": {\"text\": \(JSONValue.quoted(code.help))}, "
        + "\"helpUri\": \"https://github.com/aasa/aasa/blob/main/docs/diagnostics.md\"}"
    }
  }
}
