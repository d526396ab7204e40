import AASA
import AASAAndroid
import AASACore
import AASAWellKnown

/// `aasa-lint assetlinks.json URL… [--app PACKAGE]`: URLs routed as Android 15 decides them from
/// the file's dynamic rules.
extension LintRun {
  func assetLinksRouting(_ report: WellKnownReport, urls: URLSource) throws
    -> AssetLinksRoutingReport
  {
    let router = AndroidRouter(report.statementList ?? StatementList.empty)
    var diagnostics = report.diagnostics
    if let app, !router.apps.contains(where: { $0.package == app }) {
      diagnostics.append(Self.appNotGranted(app, router: router))
    }
    let rows = expectations.map(AndroidExpectation.rows(of:))
    return AssetLinksRoutingReport(
      file: LintedFile(name: fileName, source: source), diagnostics: diagnostics,
      threshold: threshold, router: router, urls: urls, app: app, verbose: verbose,
      expectations: rows.map {
        CheckedExpectations(
          file: expectations?.file ?? "",
          results: AndroidExpectation.check($0, router: router, app: app))
      }, grants: try answerGrants(report), grantRelation: grantRelation)
  }

  /// `--app` names a package the file does not grant App Links: every verdict is `none`, and it
  /// is worth saying which packages the file does grant.
  static func appNotGranted(_ app: String, router: AndroidRouter) -> Diagnostic {
    let listed = router.apps.map(\.package)
    var message =
      "--app \(app) is not granted delegate_permission/common.handle_all_urls by this file"
    if let meant = Suggestion.closest(to: app, among: listed) {
      message += "; did you mean \(meant)?"
    } else if !listed.isEmpty {
      message += "; it grants \(listed.joined(separator: ", "))"
    }
    return Diagnostic(
      .AssetLinks.appNotGranted, at: .start, path: "", message: message)
  }
}

/// What `aasa-lint assetlinks.json URL…` found: the file's findings, and the URLs as Android 15's
/// dynamic rules route them (routed as the report is written).
package struct AssetLinksRoutingReport: Report {
  package var file: LintedFile
  package var diagnostics: [Diagnostic]
  package var threshold: Severity
  package var router: AndroidRouter
  package var urls: URLSource
  package var app: String?
  package var verbose: Bool
  package var expectations: CheckedExpectations<AndroidExpectationResult>?
  package var grants: [GrantAnswered]
  package var grantRelation: Relation

  package var outcome: Outcome {
    Outcome(
      failing: diagnostics.contains(severity: threshold)
        || !(expectations?.unmet.isEmpty ?? true) || grants.contains { !$0.answer.isGranted })
  }

  private var table: String { expectations?.file ?? "" }

  private func writeDiagnostics(to sink: OutputSink, style: TerminalStyle) {
    file.writeDiagnostics(diagnostics, to: sink, style: style)
  }
}

extension AssetLinksRoutingReport: TextReport {
  package func writeText(to output: OutputSink, _ context: RenderContext) throws {
    let style = context.style
    writeDiagnostics(to: output, style: style)
    for grant in grants {
      let explanation = grant.explanation.escapingControlCharacters
      output.line(
        "grants \(grant.query.packageName.escapingControlCharacters) \(grant.query.fingerprint.canonicalText)"
          + (grantRelation == .handleAllURLs ? "" : " \(grantRelation)") + "? "
          + (grant.answer.isGranted ? style.green(explanation) : style.red(explanation)))
    }
    let routings = try urls.collect().map { router.route($0, app: app) }
    if !diagnostics.isEmpty && !routings.isEmpty { output.line() }
    AndroidRoutingTextRenderer(style: style, verbose: verbose).render(
      routings, app: app, to: output)
    expectations?.results.renderText(file: table, style: style, to: output)
  }
}

extension AssetLinksRoutingReport: JSONReport {
  package var jsonDocument: any Encodable {
    get throws {
      let routes = try urls.collect().map { AndroidRoutingJSON(router.route($0, app: app)) }
      var document = AssetLinksReportJSON(
        file: file.name, diagnostics: diagnostics.map { DiagnosticJSON($0) }, routes: routes,
        summary: SummaryJSON(diagnostics))
      if !grants.isEmpty {
        document.grants = grants.map { grant in
          .init(
            package: grant.query.packageName,
            fingerprint: grant.query.fingerprint.canonicalText, relation: grantRelation.rawValue,
            granted: grant.answer.isGranted, explanation: grant.explanation)
        }
      }
      document.expectations = expectations.map { checked in
        ExpectationsJSON(
          file: checked.file, met: checked.results.count - checked.unmet.count,
          failed: checked.unmet.count, results: checked.results.map(AndroidExpectationJSON.init))
      }
      return document
    }
  }
}

extension AssetLinksRoutingReport: TSVReport {
  package func writeTSV(to output: OutputSink, _ context: RenderContext) throws {
    try AssetLinksTSVRouter(router: router, app: app).run(urls, output: output)
    if let expectations {
      try AssetLinksTSVRouter(router: router, app: app).run(
        .list(expectations.results.map(\.expectation.input)), output: output)
    }
    let unmet = expectations?.unmet ?? []
    if diagnostics.contains(severity: threshold) || !unmet.isEmpty {
      let errors = context.errors
      writeDiagnostics(to: errors, style: context.style)
      expectations?.results.renderText(file: table, style: context.style, to: errors)
      errors.flush()
    }
  }
}

extension AssetLinksRoutingReport: SARIFReport {
  package func addSARIFResults(to builder: inout SARIFLog.Builder) {
    builder.add(
      file: file.name, diagnostics: diagnostics,
      otherResults: (expectations?.unmet ?? []).map {
        .unmet($0, line: $0.expectation.line, table: table, fix: "the assetlinks.json")
      })
  }
}

extension AssetLinksRoutingReport: GitHubReport {
  package func writeAnnotations(to output: OutputSink) {
    GitHubAnnotationWriter.write(file: file.name, diagnostics: diagnostics, to: output)
    GitHubAnnotationWriter.writeUnmet(
      (expectations?.unmet ?? []).map { ($0.expectation.line, $0.describe(file: table)) },
      table: table, to: output)
  }
}
