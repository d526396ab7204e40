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
    var ruleIDs: [String] = []
    var rulesByID: [String: DiagnosticCode] = [:]
    for diagnostic in diagnostics where rulesByID[diagnostic.code.rawValue] == nil {
      rulesByID[diagnostic.code.rawValue] = diagnostic.code
      ruleIDs.append(diagnostic.code.rawValue)
    }
    var rules = ruleIDs.compactMap { rulesByID[$0] }.map { code in
      "{\"id\": \"\(code.rawValue)\", \"name\": \(JSONValue.quoted(code.title)), "
        + "\"shortDescription\": {\"text\": \(JSONValue.quoted(code.title))}, "
        + "\"help\": {\"text\": \(JSONValue.quoted(code.help))}, "
        + "\"helpUri\": \"https://github.com/aasa/aasa/blob/main/docs/diagnostics.md\", "
        + "\"defaultConfiguration\": {\"level\": \"\(level(code.severity))\"}}"
    }
    for other in otherResults where !ruleIDs.contains(other.ruleID) {
      ruleIDs.append(other.ruleID)
      rules.append(
        "{\"id\": \(JSONValue.quoted(other.ruleID)), \"name\": \(JSONValue.quoted(other.title)), "
          + "\"shortDescription\": {\"text\": \(JSONValue.quoted(other.title))}, "
          + "\"help\": {\"text\": \(JSONValue.quoted(other.help))}, "
          + "\"defaultConfiguration\": {\"level\": \"\(level(other.severity))\"}}")
    }
    let uri = JSONValue.quoted(file)
    var results = diagnostics.map { diagnostic in
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
    results += otherResults.map { other in
      "{\"ruleId\": \(JSONValue.quoted(other.ruleID)), \"ruleIndex\": \(ruleIDs.firstIndex(of: other.ruleID)!), "
        + "\"level\": \"\(level(other.severity))\", "
        + "\"message\": {\"text\": \(JSONValue.quoted(other.message))}, "
        + "\"locations\": [{\"physicalLocation\": {\"artifactLocation\": {\"uri\": \(JSONValue.quoted(other.file))}, "
        + "\"region\": {\"startLine\": \(max(1, other.line))}}}]}"
    }
    sink.line(document(rules: rules, results: results, toolVersion: toolVersion))
  }

  /// The SARIF document around one run's rules and results (each already JSON), with the run's
  /// `properties` (JSON members) when given.
  public static func document(
    rules: [String], results: [String], toolVersion: String, properties: String? = nil
  ) -> String {
    var out = "{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n"
    out += "  \"version\": \"2.1.0\",\n  \"runs\": [{\n"
    out += "    \"tool\": {\"driver\": {\"name\": \"aasa-lint\", \"version\": \"\(toolVersion)\", "
    out += "\"informationUri\": \"https://github.com/aasa/aasa\", \"rules\": ["
    out += rules.map { "\n      " + $0 }.joined(separator: ",") + (rules.isEmpty ? "" : "\n    ")
    out += "]}},\n"
    if let properties { out += "    \"properties\": {\(properties)},\n" }
    out += "    \"results\": ["
    out +=
      results.map { "\n      " + $0 }.joined(separator: ",") + (results.isEmpty ? "" : "\n    ")
    out += "]\n  }]\n}"
    return out
  }

  static func level(_ severity: Severity) -> String {
    switch severity {
    case .error: "error"
    case .warning: "warning"
    case .info: "note"
    }
  }
}
