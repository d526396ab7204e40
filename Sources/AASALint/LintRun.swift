import AASA
import AASAAndroid
import AASACore
import AASASigned
import AASAWellKnown

/// One `aasa-lint FILE [URL ...]` run: lint the file, route the URLs, print, and decide the exit
/// status. The executable only parses arguments into this; tests drive it directly too.
public struct LintRun {
  public struct UsageError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
  }

  /// Where the URLs to route come from.
  public enum URLSource {
    case none
    case list([String])
    /// One per line, streamed: a file or `-` for standard input.
    case lines(LineReader)

    /// Calls `body` with each URL, streaming from a file.
    public func forEach(_ body: (Substring) throws -> Void) throws {
      switch self {
      case .none: return
      case .list(let list): for url in list { try body(Substring(url)) }
      case .lines(let reader): try reader.forEachLine(body)
      }
    }
  }

  public var fileName: String
  public var source: [UInt8]
  public var kind: FileKind?
  /// `--domain`: full URLs for another host open no app.
  public var domain: SiteDomain?
  public var app: String?
  public var format: OutputFormat
  public var strict: Bool
  public var verbose: Bool
  public var style: TerminalStyle
  /// `--expect`: the table's name and its lines.
  public var expectations: (file: String, lines: [RoutingExpectation])?
  public var toolVersion = PackageVersion.current
  /// `--grants PACKAGE:FINGERPRINT` questions, for an assetlinks.json file.
  public var grantQueries: [GrantQuery] = []
  /// `--relation`: what the `--grants` questions ask about.
  public var grantRelation: Relation = .handleAllURLs
  /// The source as a document already read as JSON, when detecting its format read it.
  public var document: SourceDocument?
  /// Set when the file was CMS-signed and unwrapped before linting.
  public var signed: SignedAssociation?

  public init(
    fileName: String, source: [UInt8], kind: FileKind? = nil, domain: SiteDomain? = nil,
    app: String? = nil, format: OutputFormat = .text, strict: Bool = false, verbose: Bool = false,
    style: TerminalStyle = .plain
  ) {
    self.fileName = fileName
    self.source = source
    self.kind = kind
    self.domain = domain
    self.app = app
    self.format = format
    self.strict = strict
    self.verbose = verbose
    self.style = style
  }

  public var threshold: Severity { strict ? .warning : .error }

  public func run(urls: URLSource, output: OutputSink) throws -> ExitStatus {
    var report = WellKnownLinter(kind: kind, site: domain).lint(
      document ?? SourceDocument(name: fileName, bytes: source))
    var matcher: Matcher?
    var routesURLs = true
    if case .none = urls { routesURLs = false }
    if routesURLs || expectations != nil || app != nil {
      if report.kind == .assetLinks {
        return try runAssetLinks(report, urls: urls, output: output)
      }
      matcher = Matcher(report.association ?? SiteAssociation(), site: domain)
      if let app, let unknown = UnknownApp.diagnostic(for: app, in: report.association) {
        // After the file's own findings: it is about the question asked, not the file.
        report.diagnostics.append(CommandLineWording.apply(unknown))
      }
      // An --expect row naming an app the file does not list gets the same hint, once per app.
      var asked: Set<String> = app.map { [$0] } ?? []
      for row in expectations?.lines ?? [] {
        guard case .app(let expected) = row.expected, asked.insert(expected).inserted,
          var unknown = UnknownApp.diagnostic(for: expected, in: report.association)
        else { continue }
        unknown.message = "--expect \(expectations?.file ?? ""):\(row.line): " + unknown.message
        report.diagnostics.append(unknown)
      }
    }
    var status: ExitStatus = report.hasFindings(atOrAbove: threshold) ? .findings : .success

    let results = matcher.flatMap { matcher in
      expectations.map { ExpectationResult.check($0.lines, matcher: matcher, app: app) }
    }
    let unmet = (results ?? []).filter { !$0.isMet }
    if !unmet.isEmpty { status = .findings }
    let grants = try answerGrants(report)
    if grants.contains(where: { !$0.answer.isGranted }) { status = .findings }
    if let signed, !signed.signatureVerifies { status = .findings }
    let expectationsFile = expectations?.file ?? ""

    switch format {
    case .sarif:
      SARIFWriter.write(
        file: fileName, diagnostics: report.diagnostics, toolVersion: toolVersion,
        otherResults: unmet.map { .unmet($0, table: expectationsFile) }, to: output)
    case .github:
      GitHubAnnotationWriter.write(file: fileName, diagnostics: report.diagnostics, to: output)
      for result in unmet {
        output.line(
          "::error file=\(GitHubAnnotationWriter.escapeProperty(expectationsFile)),line=\(result.expectation.line),title=routing changed::"
            + GitHubAnnotationWriter.escapeData(result.describe(file: expectationsFile)))
      }
    case .tsv:
      if let matcher {
        try streamTSV(urls, matcher, output)
        if let expectations {
          // The table's inputs are routed like a list, so its rows show what each one does.
          let inputs = expectations.lines.map(\.input)
          try streamTSV(.list(inputs), matcher, output)
        }
      }
      if report.hasFindings(atOrAbove: threshold) || !unmet.isEmpty {
        // TSV carries routes only; findings still reach the person on standard error.
        let errors = OutputSink.standardError()
        renderDiagnosticsText(report, to: errors)
        results?.renderText(file: expectationsFile, style: style, to: errors)
        errors.flush()
      }
    case .json:
      var writer = JSONReportWriter(
        file: fileName, kind: report.kind, diagnostics: report.diagnostics,
        routings: try matcher.map { try collect(urls, $0) }, app: app)
      writer.report.signature = signed.map {
        .init(
          signer: $0.signer, verifies: $0.signatureVerifies, problem: Nullable($0.signatureProblem))
      }
      if !grants.isEmpty {
        writer.report.grants = grants.map { grant in
          .init(
            package: grant.query.packageName, fingerprint: grant.query.fingerprint.canonicalText,
            relation: grantRelation.rawValue, granted: grant.answer.isGranted,
            explanation: grant.answer.explanation)
        }
      }
      writer.report.expectations = results.map { .init(file: expectationsFile, results: $0) }
      writer.write(to: output)
    case .text:
      if let signed {
        output.line(SignatureSummary.describe(signed, file: fileName, style: style))
      }
      renderDiagnosticsText(report, to: output)
      for grant in grants {
        let explanation = grant.answer.explanation
        output.line(
          "grants \(grant.query.packageName) \(grant.query.fingerprint.canonicalText)"
            + (grantRelation == .handleAllURLs ? "" : " \(grantRelation)") + "? "
            + (grant.answer.isGranted ? style.green(explanation) : style.red(explanation)))
      }
      if let matcher {
        let routings = try collect(urls, matcher)
        if !report.diagnostics.isEmpty && !routings.isEmpty { output.line() }
        RoutingTextRenderer(style: style, verbose: verbose).render(routings, app: app, to: output)
      }
      results?.renderText(file: expectationsFile, style: style, to: output)
    }
    output.flush()
    return status
  }

  func answerGrants(_ report: WellKnownReport) throws -> [(
    query: GrantQuery, answer: GrantAnswer
  )] {
    guard !grantQueries.isEmpty else { return [] }
    guard report.kind == .assetLinks else {
      throw UsageError(
        "--grants asks an assetlinks.json file; \(fileName) is an apple-app-site-association")
    }
    let list = report.statementList
    return grantQueries.map { query in
      (
        query,
        list?.grants(query, relation: grantRelation)
          ?? .no(.notAStatementList, unresolvedIncludes: [])
      )
    }
  }

  private func renderDiagnosticsText(_ report: WellKnownReport, to sink: OutputSink) {
    let renderer = DiagnosticTextRenderer(fileName: fileName, source: source, style: style)
    for diagnostic in report.diagnostics {
      renderer.render(diagnostic, to: sink)
    }
    var summary = DiagnosticTextRenderer.summary(report.diagnostics, style: style)
    if let signed, !signed.signatureVerifies {
      // The exit status is 1 for it: the last line says why, not only "no problems".
      summary += "; " + style.red("the signature does not verify")
    }
    sink.line("\(fileName.escapingControlCharacters): " + summary)
  }

  private func collect(_ urls: URLSource, _ matcher: Matcher) throws -> [Routing] {
    var routings: [Routing] = []
    try urls.forEach { routings.append(matcher.route(URLInput(String($0)))) }
    return routings
  }

  private func streamTSV(_ urls: URLSource, _ matcher: Matcher, _ output: OutputSink) throws {
    try ParallelTSVRouter(matcher: matcher, app: app).run(urls, output: output)
  }
}
