import AASA
import AASAAndroid
import AASACore
import AASAWellKnown

/// `aasa-lint assetlinks.json URL… [--app PACKAGE]`: URLs routed as Android 15 decides them from
/// the file's dynamic rules, in every output format.
extension LintRun {
  func runAssetLinks(_ report: WellKnownReport, urls: URLSource, output: OutputSink) throws
    -> ExitStatus
  {
    let router = AndroidRouter(report.statementList ?? StatementList.empty)
    var diagnostics = report.diagnostics
    if let app, !router.apps.contains(where: { $0.package == app }) {
      diagnostics.append(Self.appNotGranted(app, router: router))
    }
    var status: ExitStatus =
      diagnostics.contains(severity: threshold) ? .findings : .success
    let rows = expectations.map { table in
      table.lines.map { line in
        AndroidExpectation(
          line: line.line, input: line.input,
          expected: AndroidExpectation.Outcome(line.expected.description))
      }
    }
    let results = rows.map { AndroidExpectation.check($0, router: router, app: app) }
    let unmet = (results ?? []).filter { !$0.isMet }
    if !unmet.isEmpty { status = .findings }
    let grants = try answerGrants(report)
    if grants.contains(where: { !$0.answer.isGranted }) { status = .findings }
    let table = expectations?.file ?? ""
    let renderer = AndroidRoutingTextRenderer(style: style, verbose: verbose)

    switch format {
    case .sarif:
      SARIFWriter.write(
        file: fileName, diagnostics: diagnostics, toolVersion: toolVersion,
        otherResults: unmet.map {
          SARIFWriter.OtherResult(
            ruleID: "routing-expectation", title: "routing expectation not met",
            help: "fix the assetlinks.json, or update the table if the change is intended",
            severity: .error, file: table, line: $0.expectation.line,
            message: $0.describe(file: table))
        }, to: output)
    case .github:
      GitHubAnnotationWriter.write(file: fileName, diagnostics: diagnostics, to: output)
      for result in unmet {
        output.line(
          "::error file=\(GitHubAnnotationWriter.escapeProperty(table)),line=\(result.expectation.line),title=routing changed::"
            + GitHubAnnotationWriter.escapeData(result.describe(file: table)))
      }
    case .tsv:
      try AndroidTSVRouter(router: router, app: app).run(urls, output: output)
      if let rows {
        try AndroidTSVRouter(router: router, app: app).run(
          .list(rows.map(\.input)), output: output)
      }
      if diagnostics.contains(severity: threshold) || !unmet.isEmpty {
        let errors = OutputSink.standardError()
        renderDiagnostics(diagnostics, to: errors)
        results?.renderText(file: table, style: style, to: errors)
        errors.flush()
      }
    case .json:
      var routes: [AndroidRoutingJSON] = []
      try urls.forEach { routes.append(AndroidRoutingJSON(router.route(String($0), app: app))) }
      var document = AssetLinksReportJSON(
        file: fileName, diagnostics: diagnostics.map { DiagnosticJSON($0) }, routes: routes,
        summary: SummaryJSON(diagnostics))
      if !grants.isEmpty {
        document.grants = grants.map { grant in
          .init(
            package: grant.query.packageName,
            fingerprint: grant.query.fingerprint.canonicalText, relation: grantRelation.rawValue,
            granted: grant.answer.isGranted, explanation: grant.answer.explanation)
        }
      }
      document.expectations = results.map { results in
        ExpectationsJSON(
          file: table, met: results.filter(\.isMet).count,
          failed: results.filter { !$0.isMet }.count,
          results: results.map(AndroidExpectationJSON.init))
      }
      output.line(JSONOutput.encode(document))
    case .text:
      renderDiagnostics(diagnostics, to: output)
      for grant in grants {
        let explanation = grant.answer.explanation.escapingControlCharacters
        output.line(
          "grants \(grant.query.packageName.escapingControlCharacters) \(grant.query.fingerprint.canonicalText)"
            + (grantRelation == .handleAllURLs ? "" : " \(grantRelation)") + "? "
            + (grant.answer.isGranted ? style.green(explanation) : style.red(explanation)))
      }
      var routings: [AndroidRouting] = []
      try urls.forEach { routings.append(router.route(String($0), app: app)) }
      if !diagnostics.isEmpty && !routings.isEmpty { output.line() }
      renderer.render(routings, app: app, to: output)
      results?.renderText(file: table, style: style, to: output)
    }
    output.flush()
    return status
  }

  private func renderDiagnostics(_ diagnostics: [Diagnostic], to sink: OutputSink) {
    let renderer = DiagnosticTextRenderer(fileName: fileName, source: source, style: style)
    for diagnostic in diagnostics { renderer.render(diagnostic, to: sink) }
    sink.line(
      "\(fileName.escapingControlCharacters): "
        + DiagnosticTextRenderer.summary(diagnostics, style: style))
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

/// `--format tsv` for an assetlinks.json: `input<TAB>package or -<TAB>verdict` per URL, on every
/// core.
struct AndroidTSVRouter {
  let router: AndroidRouter
  let app: String?

  func run(_ urls: LintRun.URLSource, output: OutputSink) throws {
    let router = router
    let app = app
    let lineRouter = ParallelLineRouter<Never, Void> { line, bytes, _ in
      let routing = router.route(String(decoding: line, as: UTF8.self), app: app, explain: false)
      let (kind, verdict) = AndroidExpectation.outcome(of: routing, app: app)
      bytes.appendEscapingControls(line)
      bytes.append(UInt8(ascii: "\t"))
      bytes.appendEscapingControls((kind == .none && app == nil ? "-" : verdict?.app ?? "-").utf8)
      bytes.append(UInt8(ascii: "\t"))
      bytes.append(contentsOf: kind.rawValue.utf8)
      bytes.append(UInt8(ascii: "\n"))
    }
    try lineRouter.run(urls, output: output)
  }
}
