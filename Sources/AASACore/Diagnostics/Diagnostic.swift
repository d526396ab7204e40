/// One finding about a file: a value, never a thrown error, so one broken entry never hides the
/// findings about the rest.
public struct Diagnostic: Hashable, Sendable {
  public var code: DiagnosticCode
  public var severity: Severity
  /// Where in the document, dotted: `applinks.details[1].components[0]./`. Empty for the file.
  public var path: String
  public var location: SourceLocation
  public var message: String
  /// The fix, as an instruction.
  public var help: String

  public init(
    _ code: DiagnosticCode,
    at location: SourceLocation,
    path: String,
    message: String,
    help: String? = nil,
    severity: Severity? = nil
  ) {
    self.code = code
    self.severity = severity ?? code.severity
    self.path = path
    self.location = location
    self.message = message
    self.help = help ?? code.help
  }
}

extension Collection where Element == Diagnostic {
  /// Whether any finding is at or above `threshold`.
  public func contains(severity threshold: Severity) -> Bool {
    contains { $0.severity >= threshold }
  }
}

extension Array where Element == Diagnostic {
  /// File order, then code, so output is stable whatever order the checks ran in.
  public func sortedByLocation() -> [Diagnostic] {
    sorted { ($0.location.offset, $0.code.rawValue) < ($1.location.offset, $1.code.rawValue) }
  }
}
