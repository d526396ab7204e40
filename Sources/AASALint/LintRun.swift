import AASA

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
  }

  public var fileName: String
  public var source: [UInt8]
  public var kind: FileKind?
  public var domain: String?
  public var app: String?
  public var format: OutputFormat
  public var strict: Bool
  public var verbose: Bool
  public var style: TerminalStyle

  public init(
    fileName: String, source: [UInt8], kind: FileKind? = nil, domain: String? = nil,
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
    let report = Linter.lint(source, as: kind)
    let status: ExitStatus = report.hasFindings(atOrAbove: threshold) ? .findings : .success
    var matcher: Matcher?
    if case .none = urls {
    } else {
      guard report.kind == .appleAppSiteAssociation else {
        throw UsageError("URLs can only be routed with an apple-app-site-association file")
      }
      matcher = Matcher(report.association ?? SiteAssociation(), domain: domain)
      if let app, let matcher, !matcher.appIDs.contains(app) {
        let known = matcher.appIDs.isEmpty ? "none" : matcher.appIDs.joined(separator: ", ")
        throw UsageError("\(fileName) does not name the app \(app) (apps: \(known))")
      }
    }

    switch format {
    case .tsv:
      if let matcher { try streamTSV(urls, matcher, output) }
      if report.hasFindings(atOrAbove: threshold) {
        // TSV carries routes only; findings still reach the person on standard error.
        let errors = OutputSink.standardError()
        renderDiagnosticsText(report, to: errors)
        errors.flush()
      }
    case .json:
      let routings = try matcher.map { try collect(urls, $0) }
      JSONReportWriter.write(
        file: fileName, kind: report.kind, diagnostics: report.diagnostics, routings: routings,
        app: app, to: output)
    case .text:
      renderDiagnosticsText(report, to: output)
      if let matcher {
        let routings = try collect(urls, matcher)
        if !report.diagnostics.isEmpty && !routings.isEmpty { output.line() }
        RoutingTextRenderer(style: style, verbose: verbose).render(routings, app: app, to: output)
      }
    }
    output.flush()
    return status
  }

  private func renderDiagnosticsText(_ report: LintReport, to sink: OutputSink) {
    let renderer = DiagnosticTextRenderer(fileName: fileName, source: source, style: style)
    for diagnostic in report.diagnostics {
      renderer.render(diagnostic, to: sink)
    }
    sink.line(
      "\(fileName): " + DiagnosticTextRenderer.summary(report.diagnostics, style: style))
  }

  private func forEachURL(_ urls: URLSource, _ body: (Substring) throws -> Void) throws {
    switch urls {
    case .none: return
    case .list(let list): for url in list { try body(Substring(url)) }
    case .lines(let reader): try reader.forEachLine(body)
    }
  }

  private func collect(_ urls: URLSource, _ matcher: Matcher) throws -> [Routing] {
    var routings: [Routing] = []
    try forEachURL(urls) { routings.append(matcher.route(URLInput(String($0)))) }
    return routings
  }

  private func streamTSV(_ urls: URLSource, _ matcher: Matcher, _ output: OutputSink) throws {
    try forEachURL(urls) { line in
      let input = URLInput(String(line))
      if let app {
        let verdict = matcher.verdict(for: input, app: app, explain: false)
        let kind = verdict?.kind ?? .none
        TSVRouteWriter.write(input: line, app: kind == .match ? app : nil, kind: kind, to: output)
      } else {
        let routing = matcher.route(input, explain: false)
        TSVRouteWriter.write(
          input: line, app: routing.app, kind: TSVRouteWriter.summaryKind(routing), to: output)
      }
    }
  }
}
