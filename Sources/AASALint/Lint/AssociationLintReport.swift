import AASA
import AASAAndroid
import AASACore
import AASASigned
import AASAWellKnown

/// What `aasa-lint FILE [URL ...]` found in an association file: its findings, and (with URLs,
/// `--app` or `--expect`) how Apple's matcher routes. The URLs are routed as the report is
/// written, so that `--format tsv` streams a million of them; a report is written once.
package struct AssociationLintReport: Report {
  /// The URLs to route, and the matcher that routes them.
  package struct Routes {
    package var matcher: Matcher
    package var urls: URLSource
  }

  package var file: LintedFile
  package var lint: WellKnownReport
  package var threshold: Severity
  package var routes: Routes?
  package var app: String?
  package var verbose: Bool
  package var expectations: CheckedExpectations<ExpectationResult>?
  package var grants: [GrantAnswered]
  package var grantRelation: Relation
  package var signed: SignedAssociation?

  package var outcome: Outcome {
    Outcome(
      failing: lint.hasFindings(atOrAbove: threshold) || !(expectations?.unmet.isEmpty ?? true)
        || grants.contains { !$0.answer.isGranted } || signed.map { !$0.signatureVerifies } == true)
  }

  private var expectationsFile: String { expectations?.file ?? "" }
}

extension AssociationLintReport: TextReport {
  package func writeText(to output: OutputSink, _ context: RenderContext) throws {
    let style = context.style
    if let signed {
      output.line(SignatureSummary.describe(signed, file: file.name, style: style))
    }
    writeDiagnostics(to: output, style: style)
    for grant in grants {
      let explanation = grant.explanation
      output.line(
        "grants \(grant.query.packageName) \(grant.query.fingerprint.canonicalText)"
          + (grantRelation == .handleAllURLs ? "" : " \(grantRelation)") + "? "
          + (grant.answer.isGranted ? style.green(explanation) : style.red(explanation)))
    }
    if let routes {
      let routings = try routes.urls.collect().map { routes.matcher.route(URLInput($0)) }
      if !lint.diagnostics.isEmpty && !routings.isEmpty { output.line() }
      RoutingTextRenderer(style: style, verbose: verbose).render(routings, app: app, to: output)
    }
    expectations?.results.renderText(file: expectationsFile, style: style, to: output)
  }

  /// The findings with their excerpts, then the summary line.
  func writeDiagnostics(to sink: OutputSink, style: TerminalStyle) {
    // The exit status is 1 for a signature that does not verify: the last line says why.
    let unverified = signed.map { !$0.signatureVerifies } == true
    file.writeDiagnostics(
      lint.diagnostics, to: sink, style: style,
      summarySuffix: unverified ? "; " + style.red("the signature does not verify") : "")
  }
}

extension AssociationLintReport: FileLintReport {
  package var summarizedDocument: any SummarizedReport {
    get throws {
      var json = AssociationLintJSON(
        file: file.name, kind: lint.kind, diagnostics: lint.diagnostics,
        routings: try routes.map { routes in
          try routes.urls.collect().map { routes.matcher.route(URLInput($0)) }
        }, app: app)
      json.document.signature = signed.map {
        .init(
          signer: $0.signer, verifies: $0.signatureVerifies, problem: Nullable($0.signatureProblem))
      }
      if !grants.isEmpty {
        json.document.grants = grants.map { grant in
          .init(
            package: grant.query.packageName, fingerprint: grant.query.fingerprint.canonicalText,
            relation: grantRelation.rawValue, granted: grant.answer.isGranted,
            explanation: grant.explanation)
        }
      }
      json.document.expectations = expectations.map { .init(file: $0.file, results: $0.results) }
      return json.document
    }
  }
}

extension AssociationLintReport: TSVReport {
  package func writeTSV(to output: OutputSink, _ context: RenderContext) throws {
    if let routes {
      try AssociationTSVRouter(matcher: routes.matcher, app: app).run(routes.urls, output: output)
      if let expectations {
        // The table's inputs are routed like a list, so its rows show what each one does.
        let inputs = expectations.results.map(\.expectation.input)
        try AssociationTSVRouter(matcher: routes.matcher, app: app).run(
          .list(inputs), output: output)
      }
    }
    let unmet = expectations?.unmet ?? []
    if lint.hasFindings(atOrAbove: threshold) || !unmet.isEmpty {
      // TSV carries routes only; findings still reach the person on standard error.
      let errors = context.errors
      writeDiagnostics(to: errors, style: context.style)
      expectations?.results.renderText(file: expectationsFile, style: context.style, to: errors)
      errors.flush()
    }
  }
}

extension AssociationLintReport: SARIFReport {
  package func addSARIFResults(to builder: inout SARIFLog.Builder) {
    builder.add(
      file: file.name, diagnostics: lint.diagnostics,
      otherResults: (expectations?.unmet ?? []).map { .unmet($0, table: expectationsFile) })
  }
}

extension AssociationLintReport: GitHubReport {
  package func writeAnnotations(to output: OutputSink) {
    GitHubAnnotationWriter.write(file: file.name, diagnostics: lint.diagnostics, to: output)
    GitHubAnnotationWriter.writeUnmet(
      (expectations?.unmet ?? []).map {
        ($0.expectation.line, $0.describe(file: expectationsFile))
      },
      table: expectationsFile, to: output)
  }
}
