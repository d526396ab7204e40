import AASACore
import AASALinks

/// One `aasa-lint links.json [--site DIR]` run: lint a link domain's fallback rules as
/// `aasa-serve` does before it answers from them, against the association files of `--site`
/// (the folder that holds `.well-known/`), into a ``LinksLintReport``.
package struct LinksRun: FormatDeclaring {
  package static let formats = OutputFormat.allCases

  package var fileName: String
  package var document: SourceDocument
  /// `--site`: the site's folder, whose association files the rules are checked against.
  package var site: String?
  /// `--domain`: the host the file is served for, which wins over the file's `domain`.
  package var domain: String?
  package var strict = false

  package init(fileName: String, document: SourceDocument, site: String? = nil) {
    self.fileName = fileName
    self.document = document
    self.site = site
  }

  package func run() throws -> LinksLintReport {
    let claims = try site.map { try Self.claims(ofSite: $0, domain: domain) }
    let report = LinksLinter(claims: claims, domain: domain).lint(document)
    return LinksLintReport(
      file: LintedFile(name: fileName, source: document.bytes), lint: report,
      threshold: strict ? .warning : .error)
  }

  /// What the site's `apple-app-site-association` (or the legacy one at its root) and
  /// `assetlinks.json` claim. A folder with neither is a usage error: the check would be empty.
  static func claims(ofSite folder: String, domain: String?) throws -> SiteClaims {
    let association =
      (try? FileInput.read(folder + "/.well-known/apple-app-site-association"))
      ?? (try? FileInput.read(folder + "/apple-app-site-association"))
    let assetLinks = try? FileInput.read(folder + "/.well-known/assetlinks.json")
    guard association != nil || assetLinks != nil else {
      throw UsageError(
        "--site \(folder) has no association file: give the folder that holds .well-known/apple-app-site-association or .well-known/assetlinks.json"
      )
    }
    return SiteClaims.read(
      appleAppSiteAssociation: association, assetLinks: assetLinks, domain: domain)
  }
}

/// What `aasa-lint links.json` found: the findings, and the rules as the server would answer.
package struct LinksLintReport: Report {
  package var file: LintedFile
  package var lint: LinksReport
  package var threshold: Severity

  package var outcome: Outcome { Outcome(failing: lint.diagnostics.contains(severity: threshold)) }
}

extension LinksLintReport: TextReport {
  package func writeText(to output: OutputSink, _ context: RenderContext) {
    file.writeDiagnostics(lint.diagnostics, to: output, style: context.style)
    guard let rules = lint.rules, !lint.hasErrors else { return }
    for rule in rules.rules {
      output.line(
        "\(rule.path.escapingControlCharacters): iPhone/iPad → \((rule.ios ?? rule.web).escapingControlCharacters), Android → \((rule.android ?? rule.web).escapingControlCharacters), desktop → \(rule.web.escapingControlCharacters)"
      )
    }
  }
}

extension LinksLintReport: TSVReport {
  /// `--format tsv` carries routes, and a links file has none: it writes what text does.
  package func writeTSV(to output: OutputSink, _ context: RenderContext) {
    writeText(to: output, context)
  }
}

extension LinksLintReport: FileLintReport {
  package var summarizedDocument: any SummarizedReport {
    LinksReportJSON(file: file.name, lint: lint)
  }
}

extension LinksLintReport: SARIFReport {
  package func addSARIFResults(to builder: inout SARIFLog.Builder) {
    builder.add(file: file.name, diagnostics: lint.diagnostics)
  }
}

extension LinksLintReport: GitHubReport {
  package func writeAnnotations(to output: OutputSink) {
    GitHubAnnotationWriter.write(file: file.name, diagnostics: lint.diagnostics, to: output)
  }
}

/// `aasa-lint links.json --format json`: `{"file", "kind": "links", "diagnostics", "domain",
/// "rules": [{"path", "caseSensitive", "ios", "android", "web", "og", "appName"}], "summary"}`;
/// `rules` holds the rules as served, empty when the file has errors.
struct LinksReportJSON: Encodable, SummarizedReport {
  struct Rule: Encodable {
    var path: String
    var caseSensitive: Bool
    var ios: Nullable<String>
    var android: Nullable<String>
    var web: String
    var og: [String: String]
    var appName: Nullable<String>
  }

  var file: String
  var kind = "links"
  var diagnostics: [DiagnosticJSON]
  var domain: Nullable<String>
  var rules: [Rule]
  var summary: SummaryJSON

  init(file: String, lint: LinksReport) {
    self.file = file
    diagnostics = lint.diagnostics.map { DiagnosticJSON($0) }
    let served = lint.hasErrors ? nil : lint.rules
    domain = Nullable(served?.domain)
    rules = (served?.rules ?? []).map { rule in
      var og: [String: String] = [:]
      og["title"] = rule.preview.title
      og["description"] = rule.preview.description
      og["image"] = rule.preview.image
      return Rule(
        path: rule.path, caseSensitive: rule.caseSensitive, ios: Nullable(rule.ios),
        android: Nullable(rule.android), web: rule.web, og: og, appName: Nullable(rule.appName))
    }
    summary = SummaryJSON(lint.diagnostics)
  }
}
