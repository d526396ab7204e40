import AASACore

/// `aasa-lint files FILE...`: lints each file by its kind into one output, and exits with the
/// worst status (what pre-commit hooks run).
///
/// Every readable file is linted, whatever came before it; a file that cannot be read is
/// reported in the same output (and makes the status 2). The structured formats write one
/// document for the whole run: `json` one object with every file's report, `sarif` one log with
/// one run holding every file's results.
public struct FilesRun {
  public var files: [String]
  public var format: OutputFormat
  public var strict: Bool
  public var style: TerminalStyle
  public var maximumSize: Int
  public var toolVersion = PackageVersion.current

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

  /// Runs every file; problems reading one go to `errors` in the text format.
  public func run(output: OutputSink, errors: OutputSink = .standardError()) throws -> ExitStatus {
    let gathers = format == .json || format == .sarif
    let gathered = GatheredReports()
    if gathers { output.gathered = gathered }
    defer { output.gathered = nil }
    var worst = ExitStatus.success
    var notifications: [SARIFLog.Invocation.Notification] = []
    for file in files {
      let status: ExitStatus
      do {
        status = try lint(file, output: output)
      } catch let problem as any InputProblem {
        status = .usage
        let message = problem.description
        switch format {
        case .json: gathered.addUnreadable(file: file, problem: message)
        case .sarif:
          notifications.append(
            .init(
              level: "error", message: .init(text: message),
              locations: [.init(physicalLocation: .init(artifactLocation: .init(uri: file)))]))
        case .github:
          output.line(
            "::error file=\(GitHubAnnotationWriter.escapeProperty(file)),title=unreadable file::"
              + GitHubAnnotationWriter.escapeData(message))
        case .text, .tsv:
          output.flush()
          errors.line("aasa-lint: error: " + message.escapingControlCharacters)
          errors.flush()
        }
      }
      if status.rawValue > worst.rawValue { worst = status }
    }
    switch format {
    case .json:
      output.line(JSONOutput.encode(gathered.filesReport))
    case .sarif:
      let invocation = SARIFLog.Invocation(
        executionSuccessful: notifications.isEmpty, exitCode: Int(worst.rawValue),
        toolExecutionNotifications: notifications.isEmpty ? nil : notifications)
      output.line(
        JSONOutput.encode(gathered.sarif.log(toolVersion: toolVersion, invocation: invocation)))
    case .text, .tsv, .github:
      break
    }
    output.flush()
    return worst
  }

  /// Lints one file by its kind, into `output` (or what it gathers).
  private func lint(_ file: String, output: OutputSink) throws -> ExitStatus {
    let source = try FileInput.read(file, limit: maximumSize)
    if let refusal = EntitlementsInput.refusal(file: file, bytes: source, kindGiven: false) {
      throw refusal
    }
    let detected = InputKind.detect(SourceDocument(name: file, bytes: source))
    switch detected.kind {
    case .applinks:
      // A page: its App Link is linted and shown, without a source URL to navigate from.
      return AppLinksRun(
        fileName: file, source: source, format: format, strict: strict, style: style
      ).run(output: output)
    case .routes:
      // A route config is not an association file: it has its own checks.
      var run = RouteConfigRun(
        fileName: file, source: source, format: format, strict: strict, style: style)
      run.document = detected.document
      return try run.run(urls: .none, output: output)
    case .manifest:
      var run = ManifestRun(
        fileName: file, source: source, format: format, strict: strict, style: style)
      try run.loadResources(manifestPath: file, placeholders: [])
      return run.run(output: output)
    case .aasa, .assetlinks:
      var run = LintRun(
        fileName: file, source: source, format: format, strict: strict, style: style)
      run.document = detected.document
      return try run.run(urls: .none, output: output)
    }
  }
}
