import AASA
import AASACore
import AASALiveCheck

/// `aasa-lint check --format json`: one object, a stable contract (keys are only ever added).
///
/// ```
/// {"site": "https://example.com", "status": "fail", "exitStatus": 1,
///  "requirements": [{"resource": "https://example.com", "name": "connection", "status": "pass",
///                    "detail": "connected to example.com:443"}, ...],
///  "diagnostics": [{"file": "https://example.com/.well-known/apple-app-site-association",
///                   "code", "severity", "path", "line", "column", "message", "help"}],
///  "signed": [{"file", "signer", "signatureVerifies"}],
///  "routes": [{"input", "app", "verdicts": [...]}],
///  "expectations": {"file", "met", "failed", "results": [...]}}   (with --expect)
/// ```
public enum LiveCheckJSONWriter {
  public static func write(_ report: LiveCheckReport, to sink: OutputSink) {
    sink.line(object(report))
  }

  /// `--entitlements`: one object with the entitlements' own lines and one site object per domain.
  ///
  /// ```
  /// {"entitlements": "App.entitlements", "app": ..., "status", "exitStatus",
  ///  "requirements": [{"name": "applinks", "status": "info", "detail": ...}],
  ///  "sites": [{"site": "https://example.com", ...}, ...]}
  /// ```
  public static func write(_ report: EntitlementsCheckReport, to sink: OutputSink) {
    var out = "{\n  \"entitlements\": \(JSONValue.quoted(report.path)),\n"
    out += "  \"app\": \(report.app.map(JSONValue.quoted) ?? "null"),\n"
    out += "  \"status\": \"\(report.status == .fail ? "fail" : "pass")\",\n"
    out += "  \"exitStatus\": \(report.exitStatus.rawValue),\n"
    let requirements = report.requirements.map { requirement in
      "{\"resource\": \(JSONValue.quoted(report.path)), \"name\": \(JSONValue.quoted(requirement.name)), "
        + "\"status\": \"\(requirement.status.rawValue)\", \"detail\": \(JSONValue.quoted(requirement.detail))}"
    }
    out += "  \"requirements\": " + array(requirements) + ",\n"
    out += "  \"sites\": " + array(report.sites.map(object)) + "\n}"
    sink.line(out)
  }

  /// The object of one site's check.
  static func object(_ report: LiveCheckReport) -> String {
    var out = "{\n  \"site\": \(JSONValue.quoted(report.site.origin)),\n"
    out += "  \"status\": \"\(report.status == .fail ? "fail" : "pass")\",\n"
    out += "  \"exitStatus\": \(report.exitStatus.rawValue),\n"
    let requirements = report.allRequirements.map { resource, requirement in
      "{\"resource\": \(JSONValue.quoted(resource)), \"name\": \(JSONValue.quoted(requirement.name)), "
        + "\"status\": \"\(requirement.status.rawValue)\", \"detail\": \(JSONValue.quoted(requirement.detail))"
        + (requirement.location.map {
          ", \"file\": \(JSONValue.quoted($0.file)), \"line\": \($0.line)"
        } ?? "") + "}"
    }
    out += "  \"requirements\": " + array(requirements) + ",\n"
    let diagnostics = report.resources.flatMap { check in
      (check.lint?.diagnostics ?? []).map { diagnostic in
        "{\"file\": \(JSONValue.quoted(check.url)), "
          + JSONReportWriter.diagnosticJSON(diagnostic).dropFirst()
      }
    }
    out += "  \"diagnostics\": " + array(diagnostics) + ",\n"
    let signed = report.resources.compactMap { check in
      check.signed.map { signed in
        "{\"file\": \(JSONValue.quoted(check.url)), \"signer\": \(JSONValue.quoted(signed.signer)), "
          + "\"signatureVerifies\": \(signed.signatureVerifies)}"
      }
    }
    out += "  \"signed\": " + array(signed) + ",\n"
    let routes = report.routings.map { JSONReportWriter.routingJSON($0, app: report.app) }
    out += "  \"routes\": " + array(routes)
    if let (file, results) = report.expectations {
      out +=
        ",\n  \"expectations\": {\"file\": \(JSONValue.quoted(file)), "
        + "\"met\": \(results.filter(\.isMet).count), \"failed\": \(results.filter { !$0.isMet }.count), "
        + "\"results\": " + array(results.map(\.json)) + "}"
    }
    out += "\n}"
    return out
  }

  private static func array(_ items: [String]) -> String {
    items.isEmpty ? "[]" : "[\n    " + items.joined(separator: ",\n    ") + "\n  ]"
  }
}
