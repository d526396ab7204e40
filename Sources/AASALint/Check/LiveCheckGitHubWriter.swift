import AASALiveCheck

/// `aasa-lint check --format github`: one GitHub Actions annotation per finding (each line that
/// did not pass, each lint diagnostic of a live file, each `--expect` mismatch at its line of the
/// table), then the `result:` line.
///
/// ```
/// ::error title=check redirect::https://example.com/.well-known/apple-app-site-association: redirects to …
/// ::error file=routes.tsv,line=2,title=check expect::routes.tsv:2: /help: expected …, got none
/// result: fail (2 failed)
/// ```
package enum LiveCheckGitHubWriter {
  package static func write(_ report: LiveCheckReport, to sink: OutputSink) {
    write(LiveCheckFinding.all(report), to: sink)
    sink.line(LiveCheckTextRenderer(style: .plain).summary(report))
  }

  /// `--entitlements`: every domain's findings, then the overall result.
  package static func write(_ report: EntitlementsCheckReport, to sink: OutputSink) {
    write(LiveCheckFinding.all(report), to: sink)
    sink.line(LiveCheckTextRenderer(style: .plain).summary(report))
  }

  /// `--hosts`: every host's findings, then the overall result.
  package static func write(_ report: HostsCheckReport, to sink: OutputSink) {
    write(LiveCheckFinding.all(report), to: sink)
    sink.line(LiveCheckTextRenderer(style: .plain).summary(report))
  }

  static func write(_ findings: [LiveCheckFinding], to sink: OutputSink) {
    for finding in findings {
      let command: String
      switch finding.level {
      case "error": command = "error"
      case "warning": command = "warning"
      default: command = "notice"
      }
      var properties: [String] = []
      var message = finding.message
      switch finding.source {
      case .requirement(let requirement):
        // Only a local file (the --expect table) can carry an annotation in a pull request.
        if let location = requirement.location {
          properties.append("file=\(escapeProperty(location.file))")
          properties.append("line=\(location.line)")
        }
      case .diagnostic:
        // The file is a URL, not a file of the repository: it goes in the message.
        message = "\(finding.file):\(finding.line ?? 1):\(finding.column ?? 1): " + message
      }
      properties.append("title=\(escapeProperty(finding.title))")
      sink.line("::\(command) \(properties.joined(separator: ","))::\(escapeData(message))")
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
