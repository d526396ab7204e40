import AASACore

/// A SARIF 2.1.0 log, the format code-scanning services (GitHub's among them) read: one run of
/// aasa-lint, its rules, and one result per finding located by file, line and column.
package struct SARIFLog: Encodable {
  struct Message: Encodable { var text: String }

  struct Rule: Encodable {
    struct Configuration: Encodable { var level: String }

    var id: String
    var name: String
    var shortDescription: Message
    var help: Message?
    var helpUri: String?
    var defaultConfiguration: Configuration?
  }

  struct Region: Encodable {
    var startLine: Int
    var startColumn: Int?
  }

  struct Location: Encodable {
    struct Physical: Encodable {
      struct Artifact: Encodable { var uri: String }
      var artifactLocation: Artifact
      var region: Region?
    }

    struct Logical: Encodable { var fullyQualifiedName: String }

    var physicalLocation: Physical
    var logicalLocations: [Logical]?
  }

  struct Result: Encodable {
    var ruleId: String
    var ruleIndex: Int
    var level: String
    var message: Message
    var locations: [Location]
  }

  /// How the run went: files that could not be read are notifications of the invocation, not
  /// results (there is no line in them to point at).
  struct Invocation: Encodable {
    struct Notification: Encodable {
      var level: String
      var message: Message
      var locations: [Location]
    }

    var executionSuccessful: Bool
    var exitCode: Int
    var toolExecutionNotifications: [Notification]?
  }

  struct Run: Encodable {
    struct Tool: Encodable {
      struct Driver: Encodable {
        var name = "aasa-lint"
        var version: String
        var informationUri = "https://github.com/aasa/aasa"
        var rules: [Rule]
      }
      var driver: Driver
    }

    var tool: Tool
    var invocations: [Invocation]?
    var properties: [String: String]?
    var results: [Result]
  }

  var schema = "https://json.schemastore.org/sarif-2.1.0.json"
  var version = "2.1.0"
  var runs: [Run]

  enum CodingKeys: String, CodingKey {
    case schema = "$schema"
    case version, runs
  }

  /// Collects the rules and results of one run: each rule once, in the order first used, and each
  /// result pointing at its rule's index.
  package struct Builder {
    private(set) var rules: [Rule] = []
    private(set) var results: [Result] = []
    private var ruleIndex: [String: Int] = [:]

    /// Adds `rule` unless a rule of its ID is there already; its index.
    mutating func rule(_ rule: @autoclosure () -> Rule, id: String) -> Int {
      if let index = ruleIndex[id] { return index }
      rules.append(rule())
      ruleIndex[id] = rules.count - 1
      return rules.count - 1
    }

    mutating func add(
      ruleID: String, ruleIndex: Int, severity: Severity, message: String, file: String,
      region: Region?, logicalPath: String? = nil
    ) {
      add(
        ruleID: ruleID, ruleIndex: ruleIndex, level: SARIFLog.level(severity), message: message,
        file: file, region: region, logicalPath: logicalPath)
    }

    mutating func add(
      ruleID: String, ruleIndex: Int, level: String, message: String, file: String,
      region: Region?, logicalPath: String? = nil
    ) {
      results.append(
        Result(
          ruleId: ruleID, ruleIndex: ruleIndex, level: level,
          message: Message(text: message),
          locations: [
            Location(
              physicalLocation: .init(artifactLocation: .init(uri: file), region: region),
              logicalLocations: logicalPath.map { [.init(fullyQualifiedName: $0)] })
          ]))
    }

    mutating func add(_ diagnostic: Diagnostic, file: String) {
      let code = diagnostic.code
      let index = rule(
        Rule(
          id: code.rawValue, name: code.title, shortDescription: Message(text: code.title),
          help: Message(text: code.help),
          helpUri: "https://github.com/aasa/aasa/blob/main/docs/diagnostics.md",
          defaultConfiguration: .init(level: SARIFLog.level(code.severity))), id: code.rawValue)
      add(
        ruleID: code.rawValue, ruleIndex: index, severity: diagnostic.severity,
        message: diagnostic.message + ". Help: " + diagnostic.help, file: file,
        region: Region(
          startLine: diagnostic.location.line, startColumn: diagnostic.location.column),
        logicalPath: diagnostic.path.isEmpty ? nil : diagnostic.path)
    }

    func log(
      toolVersion: String, properties: [String: String]? = nil, invocation: Invocation? = nil
    ) -> SARIFLog {
      SARIFLog(
        runs: [
          Run(
            tool: .init(driver: .init(version: toolVersion, rules: rules)),
            invocations: invocation.map { [$0] }, properties: properties, results: results)
        ])
    }
  }

  static func level(_ severity: Severity) -> String {
    switch severity {
    case .error: "error"
    case .warning: "warning"
    case .info: "note"
    }
  }
}
