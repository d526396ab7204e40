import AASA
import AASACore
import AASARoutes

/// One `aasa-lint CONFIG [DEEPLINK ...]` run for a MobileDeepLinking route config: lint it and
/// gather what routing the deep links needs into a ``RouteConfigRoutingReport``.
///
/// Without a platform, each link is routed for both: the answer shown is iOS's, and a link
/// Android routes elsewhere gets a warning naming both answers (and, in JSON, its Android entry).
package struct RouteConfigRun: FormatDeclaring {
  package static let formats = OutputFormat.allCases

  package var fileName: String
  package var source: [UInt8]
  /// The source as a document already read as JSON, when detecting its format read it.
  package var document: SourceDocument?
  /// `--platform`; nil evaluates both.
  package var platform: Platform?
  package var strict: Bool
  /// `--expect`: the table (`input<TAB>route key | defaultRoute | none`), read once.
  package var expectations: ExpectationTable?

  package init(
    fileName: String, source: [UInt8], platform: Platform? = nil, strict: Bool = false
  ) {
    self.fileName = fileName
    self.source = source
    self.platform = platform
    self.strict = strict
  }

  /// Reads `--platform` for a route config: `ios` or `android`.
  package static func platform(_ argument: String?) throws -> Platform? {
    guard let argument else { return nil }
    guard let platform = Platform(rawValue: argument.lowercased()) else {
      throw UsageError(
        "--platform \"\(argument)\" is not a route-config platform: use ios or android (or leave it out to evaluate both)"
      )
    }
    return platform
  }

  package func run(urls: URLSource) -> RouteConfigRoutingReport {
    let report = RouteConfigLinter().lint(
      document ?? SourceDocument(name: fileName, bytes: source))
    let router = Router(report.config ?? RouteConfig())
    return RouteConfigRoutingReport(
      file: LintedFile(name: fileName, source: source), lint: report, router: router,
      platform: platform, strict: strict, urls: urls,
      expectations: expectations.map {
        CheckedExpectations(
          file: $0.file,
          results: RouteExpectationResult.check($0.rows, router: router, platform: platform ?? .ios)
        )
      })
  }
}

/// What a route config run found: the config's findings, and its deep links routed as the iOS and
/// Android libraries do (as the report is written, so that `--format tsv` streams them).
package struct RouteConfigRoutingReport: Report {
  /// How many links iOS and Android route differently, learnt while the links are routed: under
  /// `--strict` any is a failure.
  final class Disagreements {
    var count = 0
  }

  package var file: LintedFile
  package var lint: RouteConfigReport
  package var router: Router
  /// `--platform`; nil evaluates both.
  package var platform: Platform?
  package var strict: Bool
  package var urls: URLSource
  package var expectations: CheckedExpectations<RouteExpectationResult>?
  let disagreements = Disagreements()

  package var threshold: Severity { strict ? .warning : .error }

  package var outcome: Outcome {
    Outcome(
      failing: lint.hasFindings(atOrAbove: threshold) || !(expectations?.unmet.isEmpty ?? true)
        || (strict && disagreements.count > 0))
  }

  /// The platform whose answer is shown.
  private var shown: Platform { platform ?? .ios }
  private var table: String { expectations?.file ?? "" }

  /// Every link's answer (and Android's where it differs), and the warnings naming both.
  private func answers() throws -> (answers: [RouteAnswer], warnings: [String]) {
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
    disagreements.count = warnings.count
    return (answers, warnings)
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

  private func writeDiagnostics(to sink: OutputSink, style: TerminalStyle) {
    file.writeDiagnostics(lint.diagnostics, to: sink, style: style)
  }
}

extension RouteConfigRoutingReport: TextReport {
  package func writeText(to output: OutputSink, _ context: RenderContext) throws {
    let style = context.style
    let (answers, warnings) = try answers()
    writeDiagnostics(to: output, style: style)
    if !answers.isEmpty { output.line() }
    let text = RouteAnswerText(style: style)
    for answer in answers where answer.platform == shown { text.render(answer, to: output) }
    for warning in warnings {
      output.line(style.yellow("warning") + ": " + warning.escapingControlCharacters)
    }
    expectations?.results.renderText(file: table, style: style, to: output)
  }
}

extension RouteConfigRoutingReport: FileLintReport {
  package var summarizedDocument: any SummarizedReport {
    get throws {
      let (answers, warnings) = try answers()
      return RouteReportJSON(
        file: file.name, diagnostics: lint.diagnostics.map { DiagnosticJSON($0) },
        routes: answers.map(RouteAnswerJSON.init), warnings: warnings,
        expectations: expectations.map { checked in
          ExpectationsJSON(
            file: checked.file, met: checked.results.count - checked.unmet.count,
            failed: checked.unmet.count, results: checked.results.map(RouteExpectationJSON.init))
        }, summary: SummaryJSON(lint.diagnostics))
    }
  }
}

extension RouteConfigRoutingReport: TSVReport {
  package func writeTSV(to output: OutputSink, _ context: RenderContext) throws {
    disagreements.count = try RouteConfigTSVRouter(router: router, platform: platform).run(
      urls, output: output, errors: context.errors)
    output.flush()
    let unmet = expectations?.unmet ?? []
    if lint.hasFindings(atOrAbove: threshold) || !unmet.isEmpty {
      let errors = context.errors
      writeDiagnostics(to: errors, style: context.style)
      expectations?.results.renderText(file: table, style: context.style, to: errors)
      errors.flush()
    }
  }
}

extension RouteConfigRoutingReport: SARIFReport {
  package func addSARIFResults(to builder: inout SARIFLog.Builder) throws {
    // The links are routed as in every format, so that --strict counts their disagreements.
    _ = try answers()
    builder.add(
      file: file.name, diagnostics: lint.diagnostics,
      otherResults: (expectations?.unmet ?? []).map {
        .unmet($0, line: $0.line, table: table, fix: "the route config")
      })
  }
}

extension RouteConfigRoutingReport: GitHubReport {
  package func writeAnnotations(to output: OutputSink) throws {
    let warnings = try answers().warnings
    GitHubAnnotationWriter.write(file: file.name, diagnostics: lint.diagnostics, to: output)
    for warning in warnings {
      output.line(
        "::warning file=\(GitHubAnnotationWriter.escapeProperty(file.name)),title=iOS and Android differ::"
          + GitHubAnnotationWriter.escapeData(warning))
    }
    GitHubAnnotationWriter.writeUnmet(
      (expectations?.unmet ?? []).map { ($0.line, $0.describe(file: table)) }, table: table,
      to: output)
  }
}
