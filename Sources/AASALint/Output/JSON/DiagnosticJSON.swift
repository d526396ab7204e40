import AASACore

/// A finding as every JSON output lists it:
/// `{"code", "severity", "path", "line", "column", "message", "help"}`, with `file` where one
/// output lists the findings of several files.
struct DiagnosticJSON: Encodable {
  var file: String?
  var code: String
  var severity: String
  var path: String
  var line: Int
  var column: Int
  var message: String
  var help: String

  init(_ diagnostic: Diagnostic, file: String? = nil) {
    self.file = file
    code = diagnostic.code.rawValue
    severity = diagnostic.severity.rawValue
    path = diagnostic.path
    line = diagnostic.location.line
    column = diagnostic.location.column
    message = diagnostic.message
    help = diagnostic.help
  }
}

/// `{"errors", "warnings", "infos"}`: how many findings of each severity.
package struct SummaryJSON: Encodable {
  var errors: Int
  var warnings: Int
  var infos: Int

  init(_ diagnostics: [Diagnostic]) {
    let counts = DiagnosticCounts(diagnostics)
    errors = counts.errors
    warnings = counts.warnings
    infos = counts.infos
  }
}

/// Encodes an optional as `null` when it is nil, where the documented shape always has the key
/// (`"app": null`); a plain optional property would leave the key out.
struct Nullable<Wrapped: Encodable>: Encodable {
  var value: Wrapped?

  init(_ value: Wrapped?) { self.value = value }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if let value { try container.encode(value) } else { try container.encodeNil() }
  }
}
