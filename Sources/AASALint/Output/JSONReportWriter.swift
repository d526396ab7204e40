import AASA
import AASACore

/// Writes the `--format json` report: one JSON object, a stable contract.
///
/// ```
/// {"file": ..., "kind": "aasa", "diagnostics": [{"code", "severity", "path", "line", "column",
///  "message", "help"}], "routes": [{"input", "app", "verdicts": [{"app", "verdict", "detail",
///  "component", "rule", ...}]}], "summary": {"errors", "warnings", "infos"}}
/// ```
/// Keys are only ever added, never renamed or removed.
public enum JSONReportWriter {
  public static func write(
    file: String, kind: FileKind, diagnostics: [Diagnostic], routings: [Routing]?,
    app: String?, extra: [(key: String, json: String)] = [], to sink: OutputSink
  ) {
    var out = "{\n  \"file\": \(JSONValue.quoted(file)),\n  \"kind\": \"\(kind.rawValue)\",\n"
    out += "  \"diagnostics\": ["
    out += diagnostics.map { "\n    " + diagnosticJSON($0) }.joined(separator: ",")
    out += diagnostics.isEmpty ? "],\n" : "\n  ],\n"
    out += "  \"routes\": ["
    let routes = (routings ?? []).map { "\n    " + routingJSON($0, app: app) }
    out += routes.joined(separator: ",")
    out += routes.isEmpty ? "],\n" : "\n  ],\n"
    for (key, json) in extra {
      out += "  \(JSONValue.quoted(key)): \(json),\n"
    }
    let count = { (severity: Severity) in diagnostics.filter { $0.severity == severity }.count }
    out +=
      "  \"summary\": {\"errors\": \(count(.error)), \"warnings\": \(count(.warning)), \"infos\": \(count(.info))}\n}"
    sink.line(out)
  }

  public static func diagnosticJSON(_ diagnostic: Diagnostic) -> String {
    "{\"code\": \"\(diagnostic.code.rawValue)\", \"severity\": \"\(diagnostic.severity.rawValue)\", "
      + "\"path\": \(JSONValue.quoted(diagnostic.path)), \"line\": \(diagnostic.location.line), "
      + "\"column\": \(diagnostic.location.column), \"message\": \(JSONValue.quoted(diagnostic.message)), "
      + "\"help\": \(JSONValue.quoted(diagnostic.help))}"
  }

  public static func routingJSON(_ routing: Routing, app: String?) -> String {
    var verdicts = routing.verdicts.filter { app == nil || $0.app == app }
    if let app, verdicts.isEmpty {
      // An app the file does not list opens nothing: say so rather than leave the list empty.
      verdicts = [Verdict(app: app, kind: .none, detail: -1)]
    }
    var out = "{\"input\": \(JSONValue.quoted(routing.input.text)), "
    out += "\"app\": \(routing.app.map(JSONValue.quoted) ?? "null"), "
    if let host = routing.foreignHost {
      out += "\"foreignHost\": \(JSONValue.quoted(host)), "
    }
    out += "\"verdicts\": [" + verdicts.map(verdictJSON).joined(separator: ", ") + "]}"
    return out
  }

  /// The rule as written: a legacy path as its string, a component as its JSON object.
  static func ruleJSON(_ rule: RuleReference) -> String {
    rule.origin == .legacyPath ? JSONValue.quoted(rule.written) : rule.written
  }

  public static func verdictJSON(_ verdict: Verdict) -> String {
    var out =
      "{\"app\": \(JSONValue.quoted(verdict.app)), \"verdict\": \"\(verdict.kind.rawValue)\", "
    if let rule = verdict.decidingRule {
      out += "\"detail\": \(rule.detail), \"component\": \(rule.index), "
      out += "\"rule\": \(ruleJSON(rule)), "
      out += "\"ruleKind\": \"\(rule.origin == .legacyPath ? "path" : "component")\", "
      out += "\"caseSensitive\": \(rule.caseSensitive), \"percentEncoded\": \(rule.percentEncoded)}"
    } else {
      out += "\"detail\": null, \"component\": null, \"rule\": null"
      if let closest = verdict.closest {
        out +=
          ", \"closest\": {\"detail\": \(closest.rule.detail), \"component\": \(closest.rule.index), "
        out += "\"rule\": \(ruleJSON(closest.rule)), "
        out += "\"failed\": \(JSONValue.quoted(closest.failedPartDescription))}"
      }
      out += "}"
    }
    return out
  }
}
