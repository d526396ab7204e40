import AASA
import AASAAndroid
import AASACore
import AASALiveCheck
import AASASigned
import AASAWellKnown

/// One `aasa-lint FILE [URL ...]` run for an association file: lint the file and gather what the
/// URLs, the `--expect` table and the `--grants` questions need, into a report
/// (``AssociationLintReport``, or ``AssetLinksRoutingReport`` when an `assetlinks.json` is asked
/// to route). The executable only parses arguments into this; tests drive it directly too.
package struct LintRun: FormatDeclaring {
  package static let formats = OutputFormat.allCases

  package var fileName: String
  package var source: [UInt8]
  package var kind: FileKind?
  /// `--domain`: full URLs for another host open no app.
  package var domain: SiteDomain?
  package var app: String?
  package var strict: Bool
  package var verbose: Bool
  /// `--expect`: the table, read once; each format reads its rows.
  package var expectations: ExpectationTable?
  /// `--grants PACKAGE:FINGERPRINT` questions, for an assetlinks.json file.
  package var grantQueries: [GrantQuery] = []
  /// `--relation`: what the `--grants` questions ask about.
  package var grantRelation: Relation = .handleAllURLs
  /// The lists the file's `include` statements name, fetched as `check` fetches them (a file
  /// fetched from its site); nil for a local file, whose includes the answers name as not
  /// checked.
  package var included: IncludedStatements?
  /// The source as a document already read as JSON, when detecting its format read it.
  package var document: SourceDocument?
  /// Set when the file was CMS-signed and unwrapped before linting.
  package var signed: SignedAssociation?

  package init(
    fileName: String, source: [UInt8], kind: FileKind? = nil, domain: SiteDomain? = nil,
    app: String? = nil, strict: Bool = false, verbose: Bool = false
  ) {
    self.fileName = fileName
    self.source = source
    self.kind = kind
    self.domain = domain
    self.app = app
    self.strict = strict
    self.verbose = verbose
  }

  package var threshold: Severity { strict ? .warning : .error }

  /// The report; the URLs are routed when it is rendered (streamed for `--format tsv`).
  package func run(urls: URLSource) throws -> any Report {
    var report = WellKnownLinter(kind: kind, site: domain).lint(
      document ?? SourceDocument(name: fileName, bytes: source))
    var matcher: Matcher?
    if !urls.isEmpty || expectations != nil || app != nil {
      if report.kind == .assetLinks {
        return try assetLinksRouting(report, urls: urls)
      }
      matcher = Matcher(report.association ?? SiteAssociation(), site: domain)
      if let app, let unknown = UnknownApp.diagnostic(for: app, in: report.association) {
        // After the file's own findings: it is about the question asked, not the file.
        report.diagnostics.append(CommandLineWording.apply(unknown))
      }
      // An --expect row naming an app the file does not list gets the same hint, once per app.
      var asked: Set<String> = app.map { [$0] } ?? []
      for row in expectationRows {
        guard case .app(let expected) = row.expected, asked.insert(expected).inserted,
          var unknown = UnknownApp.diagnostic(for: expected, in: report.association)
        else { continue }
        unknown.message = "--expect \(expectations?.file ?? ""):\(row.line): " + unknown.message
        report.diagnostics.append(unknown)
      }
    }
    let results = matcher.flatMap { matcher in
      expectations.map { _ in ExpectationResult.check(expectationRows, matcher: matcher, app: app) }
    }
    return AssociationLintReport(
      file: LintedFile(name: fileName, source: source), lint: report, threshold: threshold,
      routes: matcher.map { AssociationLintReport.Routes(matcher: $0, urls: urls) }, app: app,
      verbose: verbose,
      expectations: results.map {
        CheckedExpectations(file: expectations?.file ?? "", results: $0)
      },
      grants: try answerGrants(report), grantRelation: grantRelation, signed: signed)
  }

  /// The `--expect` rows as Apple's routing reads them.
  private var expectationRows: [RoutingExpectation] {
    expectations.map(RoutingExpectation.rows(of:)) ?? []
  }

  func answerGrants(_ report: WellKnownReport) throws -> [GrantAnswered] {
    guard !grantQueries.isEmpty else { return [] }
    guard report.kind == .assetLinks else {
      throw UsageError(
        "--grants asks an assetlinks.json file; \(fileName) is an apple-app-site-association")
    }
    let list = report.statementList
    return grantQueries.map { query in
      if let list, let included {
        // Definite now that the includes were read: the first list that grants it, or why none
        // does (the lists that count for nothing named).
        let answer = included.grants(
          root: list, package: query.packageName, fingerprint: query.fingerprint,
          relation: grantRelation)
        return GrantAnswered(query: query, answer: answer.answer, explanation: answer.explanation)
      }
      let answer =
        list?.grants(query, relation: grantRelation)
        ?? .no(.notAStatementList, unresolvedIncludes: [])
      return GrantAnswered(query: query, answer: answer, explanation: answer.explanation)
    }
  }
}

/// A file as linted: its name as findings name it, and its bytes for the excerpts under them.
package struct LintedFile: Sendable {
  package var name: String
  package var source: [UInt8]

  /// The text of a lint: each finding with its excerpt, then `FILE: summary` (`summarySuffix`
  /// added to the summary), as every kind of file is shown.
  func writeDiagnostics(
    _ diagnostics: [Diagnostic], to sink: OutputSink, style: TerminalStyle,
    summarySuffix: String = ""
  ) {
    let renderer = DiagnosticTextRenderer(fileName: name, source: source, style: style)
    for diagnostic in diagnostics { renderer.render(diagnostic, to: sink) }
    sink.line(
      "\(name.escapingControlCharacters): "
        + DiagnosticTextRenderer.summary(diagnostics, style: style) + summarySuffix)
  }
}

/// A `--grants` question and the file's answer.
package struct GrantAnswered: Sendable {
  package var query: GrantQuery
  package var answer: GrantAnswer
  /// The answer in words: the file's own, or, its includes followed, where the grant was found
  /// or why no list grants it.
  package var explanation: String
}

/// An `--expect` table's rows, each checked: the table's name and the results in table order.
package struct CheckedExpectations<Result: ExpectationOutcome> {
  package var file: String
  package var results: [Result]

  package var unmet: [Result] { results.filter { !$0.isMet } }
}
