/// How many findings of each severity a file has, as every summary line says it:
/// `2 errors, 1 warning`, or `no problems`.
public struct DiagnosticCounts: Sendable, CustomStringConvertible {
  public var errors = 0
  public var warnings = 0
  public var infos = 0

  public init(_ diagnostics: [Diagnostic]) {
    for diagnostic in diagnostics {
      switch diagnostic.severity {
      case .error: errors += 1
      case .warning: warnings += 1
      case .info: infos += 1
      }
    }
  }

  public var isEmpty: Bool { errors + warnings + infos == 0 }

  public var description: String {
    let parts = [(errors, "error"), (warnings, "warning"), (infos, "info")].filter { $0.0 > 0 }
    guard !parts.isEmpty else { return "no problems" }
    return parts.map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }.joined(separator: ", ")
  }
}
