import AASA

/// `--format sarif`: SARIF 2.1.0, the format code-scanning services (GitHub's among them) read,
/// with one result per diagnostic located by file, line and column.
public enum SARIFWriter {
  public static func write(
    file: String, diagnostics: [Diagnostic], toolVersion: String, to sink: OutputSink
  ) {
    var ruleIDs: [String] = []
    var rulesByID: [String: DiagnosticCode] = [:]
    for diagnostic in diagnostics where rulesByID[diagnostic.code.rawValue] == nil {
      rulesByID[diagnostic.code.rawValue] = diagnostic.code
      ruleIDs.append(diagnostic.code.rawValue)
    }
    let rules = ruleIDs.compactMap { rulesByID[$0] }.map { code in
      "{\"id\": \"\(code.rawValue)\", \"name\": \(JSONValue.quoted(code.title)), "
        + "\"shortDescription\": {\"text\": \(JSONValue.quoted(code.title))}, "
        + "\"help\": {\"text\": \(JSONValue.quoted(code.help))}, "
        + "\"helpUri\": \"https://github.com/aasa/aasa/blob/main/docs/diagnostics.md\", "
        + "\"defaultConfiguration\": {\"level\": \"\(level(code.severity))\"}}"
    }
    let uri = JSONValue.quoted(file)
    let results = diagnostics.map { diagnostic in
      "{\"ruleId\": \"\(diagnostic.code.rawValue)\", \"ruleIndex\": \(ruleIDs.firstIndex(of: diagnostic.code.rawValue)!), "
        + "\"level\": \"\(level(diagnostic.severity))\", "
        + "\"message\": {\"text\": \(JSONValue.quoted(diagnostic.message + ". Help: " + diagnostic.help))}, "
        + "\"locations\": [{\"physicalLocation\": {\"artifactLocation\": {\"uri\": \(uri)}, "
        + "\"region\": {\"startLine\": \(diagnostic.location.line), \"startColumn\": \(diagnostic.location.column)}}"
        + (diagnostic.path.isEmpty
          ? ""
          : ", \"logicalLocations\": [{\"fullyQualifiedName\": \(JSONValue.quoted(diagnostic.path))}]")
        + "}]}"
    }
    var out = "{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n"
    out += "  \"version\": \"2.1.0\",\n  \"runs\": [{\n"
    out += "    \"tool\": {\"driver\": {\"name\": \"aasa-lint\", \"version\": \"\(toolVersion)\", "
    out += "\"informationUri\": \"https://github.com/aasa/aasa\", \"rules\": ["
    out += rules.map { "\n      " + $0 }.joined(separator: ",") + (rules.isEmpty ? "" : "\n    ")
    out += "]}},\n    \"results\": ["
    out +=
      results.map { "\n      " + $0 }.joined(separator: ",") + (results.isEmpty ? "" : "\n    ")
    out += "]\n  }]\n}"
    sink.line(out)
  }

  static func level(_ severity: Severity) -> String {
    switch severity {
    case .error: "error"
    case .warning: "warning"
    case .info: "note"
    }
  }
}
