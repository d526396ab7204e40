/// A single-pass checker that collects findings as it walks a JSON document.
protocol DiagnosticReporting {
  var diagnostics: [Diagnostic] { get set }
}

extension DiagnosticReporting {
  /// Reports a finding about `value`, located where the value starts.
  mutating func report(
    _ code: DiagnosticCode, _ value: JSONValue, _ path: String, _ message: String,
    help: String? = nil
  ) {
    report(code, at: value.location, path, message, help: help)
  }

  mutating func report(
    _ code: DiagnosticCode, at location: SourceLocation, _ path: String, _ message: String,
    help: String? = nil
  ) {
    diagnostics.append(Diagnostic(code, at: location, path: path, message: message, help: help))
  }
}
