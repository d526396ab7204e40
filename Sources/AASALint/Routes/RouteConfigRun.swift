import AASA
import AASACore
import AASARoutes

/// One `aasa-lint CONFIG [DEEPLINK ...]` run for a MobileDeepLinking route config: lint it, route
/// the deep links, print, and decide the exit status.
///
/// Without a platform, each link is routed for both: the answer shown is iOS's, and a link
/// Android routes elsewhere gets a warning naming both answers (and, in JSON, its Android entry).
public struct RouteConfigRun {
  public var fileName: String
  public var source: [UInt8]
  /// The source as a document already read as JSON, when detecting its format read it.
  public var document: SourceDocument?
  /// `--platform`; nil evaluates both.
  public var platform: Platform?
  public var format: OutputFormat
  public var strict: Bool
  public var style: TerminalStyle
  /// `--expect`: the table's name and its lines (`input<TAB>route key | defaultRoute | none`).
  public var expectations: (file: String, lines: [RoutingExpectation])?
  public var toolVersion = PackageVersion.current

  public init(
    fileName: String, source: [UInt8], platform: Platform? = nil, format: OutputFormat = .text,
    strict: Bool = false, style: TerminalStyle = .plain
  ) {
    self.fileName = fileName
    self.source = source
    self.platform = platform
    self.format = format
    self.strict = strict
    self.style = style
  }

  /// Reads `--platform` for a route config: `ios` or `android`.
  public static func platform(_ argument: String?) throws -> Platform? {
    guard let argument else { return nil }
    guard let platform = Platform(rawValue: argument.lowercased()) else {
      throw LintRun.UsageError(
        "--platform \"\(argument)\" is not a route-config platform: use ios or android (or leave it out to evaluate both)"
      )
    }
    return platform
  }

  public var threshold: Severity { strict ? .warning : .error }

  /// The platform whose answer is shown.
  private var shown: Platform { platform ?? .ios }

  public func run(urls: LintRun.URLSource, output: OutputSink) throws -> ExitStatus {
    let report = RouteConfigLinter().lint(
      document ?? SourceDocument(name: fileName, bytes: source))
    let router = Router(report.config ?? RouteConfig())
    var status: ExitStatus = report.hasFindings(atOrAbove: threshold) ? .findings : .success
    let results = expectations.map {
      RouteExpectationResult.check($0.lines, router: router, platform: shown)
    }
    let unmet = (results ?? []).filter { !$0.isMet }
    if !unmet.isEmpty { status = .findings }
    let table = expectations?.file ?? ""

    if format == .tsv {
      let differences = try RouteTSVRouter(router: router, platform: platform).run(
        urls, output: output)
      output.flush()
      if differences > 0 && strict { status = .findings }
      if report.hasFindings(atOrAbove: threshold) || !unmet.isEmpty {
        let errors = OutputSink.standardError()
        renderDiagnostics(report.diagnostics, to: errors)
        results?.renderText(file: table, style: style, to: errors)
        errors.flush()
      }
      return status
    }

    var answers: [RouteAnswer] = []
    var warnings: [String] = []
    try urls.forEach { link in
      let answer = router.route(String(link), on: shown)
      answers.append(answer)
      if platform == nil {
        let android = router.route(String(link), on: .android)
        if !android.agrees(with: answer) {
          warnings.append(Self.difference(ios: answer, android: android))
          answers.append(android)
        }
      }
    }
    if !warnings.isEmpty && strict { status = .findings }

    switch format {
    case .json:
      let json = RouteReportJSON(
        file: fileName, diagnostics: report.diagnostics.map { DiagnosticJSON($0) },
        routes: answers.map(RouteAnswerJSON.init), warnings: warnings,
        expectations: results.map { results in
          ExpectationsJSON(
            file: table, met: results.count - unmet.count, failed: unmet.count,
            results: results.map(RouteExpectationJSON.init))
        }, summary: SummaryJSON(report.diagnostics))
      output.document(json)
    case .sarif:
      SARIFWriter.write(
        file: fileName, diagnostics: report.diagnostics, toolVersion: toolVersion,
        otherResults: unmet.map { result in
          SARIFWriter.OtherResult(
            ruleID: "routing-expectation", title: "routing expectation not met",
            help: "fix the route config, or update the table if the change is intended",
            severity: .error, file: table, line: result.line, message: result.describe(file: table))
        }, to: output)
    case .github:
      GitHubAnnotationWriter.write(file: fileName, diagnostics: report.diagnostics, to: output)
      for warning in warnings {
        output.line(
          "::warning file=\(GitHubAnnotationWriter.escapeProperty(fileName)),title=iOS and Android differ::"
            + GitHubAnnotationWriter.escapeData(warning))
      }
      for result in unmet {
        output.line(
          "::error file=\(GitHubAnnotationWriter.escapeProperty(table)),line=\(result.line),title=routing changed::"
            + GitHubAnnotationWriter.escapeData(result.describe(file: table)))
      }
    case .text, .tsv:
      renderDiagnostics(report.diagnostics, to: output)
      if !answers.isEmpty { output.line() }
      let text = RouteAnswerText(style: style)
      for answer in answers where answer.platform == shown { text.render(answer, to: output) }
      for warning in warnings {
        output.line(style.yellow("warning") + ": " + warning.escapingControlCharacters)
      }
      results?.renderText(file: table, style: style, to: output)
    }
    output.flush()
    return status
  }

  /// `mdldemo://data/5?utm=x: iOS opens data/:dataId (exact), Android opens defaultRoute (default)`.
  static func difference(ios: RouteAnswer, android: RouteAnswer) -> String {
    func describe(_ answer: RouteAnswer) -> String {
      guard let name = answer.routeName else { return "nothing (none)" }
      var text = "\(name) (\(answer.via.rawValue)"
      if answer.via == .trimmed, let matched = answer.matched { text += " to \(matched)" }
      text += ")"
      if !answer.parameters.isEmpty {
        text += " " + answer.parameters.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
      }
      return text
    }
    return
      "\(ios.input): iOS opens \(describe(ios)), Android opens \(describe(android))"
  }

  private func renderDiagnostics(_ diagnostics: [Diagnostic], to sink: OutputSink) {
    let renderer = DiagnosticTextRenderer(fileName: fileName, source: source, style: style)
    for diagnostic in diagnostics { renderer.render(diagnostic, to: sink) }
    sink.line(
      "\(fileName.escapingControlCharacters): "
        + DiagnosticTextRenderer.summary(diagnostics, style: style))
  }
}
