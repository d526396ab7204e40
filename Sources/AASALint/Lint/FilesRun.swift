import AASACore

/// `aasa-lint files FILE...`: lints each file by its kind, one after the other into one output,
/// and exits with the worst status (what pre-commit hooks run).
public struct FilesRun {
  public var files: [String]
  public var format: OutputFormat
  public var strict: Bool
  public var style: TerminalStyle
  public var maximumSize: Int

  public init(
    files: [String], format: OutputFormat = .text, strict: Bool = false,
    style: TerminalStyle = .plain, maximumSize: Int = FileInput.defaultLimit
  ) {
    self.files = files
    self.format = format
    self.strict = strict
    self.style = style
    self.maximumSize = maximumSize
  }

  public func run(output: OutputSink) throws -> ExitStatus {
    var worst = ExitStatus.success
    for file in files {
      let source = try FileInput.read(file, limit: maximumSize)
      let detected = InputKind.detect(SourceDocument(name: file, bytes: source))
      let status: ExitStatus
      switch detected.kind {
      case .applinks:
        // A page: its App Link is linted and shown, without a source URL to navigate from.
        status = AppLinksRun(
          fileName: file, source: source, format: format, strict: strict, style: style
        ).run(output: output)
      case .routes:
        // A route config is not an association file: it has its own checks.
        var run = RouteConfigRun(
          fileName: file, source: source, format: format, strict: strict, style: style)
        run.document = detected.document
        status = try run.run(urls: .none, output: output)
      case .manifest:
        var run = ManifestRun(
          fileName: file, source: source, format: format, strict: strict, style: style)
        try run.loadResources(manifestPath: file, placeholders: [])
        status = run.run(output: output)
      case .aasa, .assetlinks:
        var run = LintRun(
          fileName: file, source: source, format: format, strict: strict, style: style)
        run.document = detected.document
        status = try run.run(urls: .none, output: output)
      }
      if status.rawValue > worst.rawValue { worst = status }
    }
    output.flush()
    return worst
  }
}
