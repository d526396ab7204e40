import AASA
import AASACore

/// `--format github`: GitHub Actions workflow commands, which show each finding as an annotation
/// on the file's line in the pull request.
package enum GitHubAnnotationWriter {
  package static func write(file: String, diagnostics: [Diagnostic], to sink: OutputSink) {
    for diagnostic in diagnostics {
      let command: String
      switch diagnostic.severity {
      case .error: command = "error"
      case .warning: command = "warning"
      case .info: command = "notice"
      }
      let properties = [
        "file=\(escapeProperty(file))",
        "line=\(diagnostic.location.line)",
        "col=\(diagnostic.location.column)",
        "title=\(escapeProperty("\(diagnostic.code.rawValue) \(diagnostic.code.title)"))",
      ].joined(separator: ",")
      sink.line(
        "::\(command) \(properties)::\(escapeData(diagnostic.message + "\nhelp: " + diagnostic.help))"
      )
    }
  }

  /// The unmet rows of an `--expect` table, each an error at its line of the table.
  static func writeUnmet(
    _ unmet: [(line: Int, description: String)], table: String, to sink: OutputSink
  ) {
    for (line, description) in unmet {
      sink.line(
        "::error file=\(escapeProperty(table)),line=\(line),title=routing changed::"
          + escapeData(description))
    }
  }

  /// Escaping as the runner's workflow-command parser expects.
  static func escapeData(_ text: String) -> String {
    text.replacing("%", with: "%25").replacing("\r", with: "%0D").replacing("\n", with: "%0A")
      .escapingControlCharacters
  }

  static func escapeProperty(_ text: String) -> String {
    escapeData(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
  }
}
