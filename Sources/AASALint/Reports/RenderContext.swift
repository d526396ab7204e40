import AASACore

/// What a renderer needs beyond the report: how to style text, the version a structured
/// document names, and where a format that carries no findings (`tsv`) tells them to the person.
package struct RenderContext {
  package var style: TerminalStyle
  package var toolVersion: String
  /// Standard error, where `--format tsv` writes findings its stream has no room for.
  package var errors: OutputSink

  package init(
    style: TerminalStyle = .plain, toolVersion: String = PackageVersion.current,
    errors: OutputSink = .standardError()
  ) {
    self.style = style
    self.toolVersion = toolVersion
    self.errors = errors
  }
}
