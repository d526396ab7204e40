import AASAAppLinks
import AASACore

/// One `aasa-lint inbound URL` run: what an app opened with `URL` receives, as `BFURL` parses it.
public struct InboundRun {
  public var url: String
  public var sourceApplication: String?
  public var format: OutputFormat
  public var style: TerminalStyle

  public init(
    url: String, sourceApplication: String? = nil, format: OutputFormat = .text,
    style: TerminalStyle = .plain
  ) {
    self.url = url
    self.sourceApplication = sourceApplication
    self.format = format
    self.style = style
  }

  public func run(output: OutputSink) -> ExitStatus {
    let link = InboundParser.parse(url, sourceApplication: sourceApplication)
    let status: ExitStatus = link.diagnostics.contains(severity: .error) ? .findings : .success
    switch format {
    case .json:
      output.line(JSONOutput.encode(AppLinksReportJSON(inbound: link)))
    default:
      let renderer = DiagnosticTextRenderer(
        fileName: "<url>", source: Array(url.utf8), style: style)
      for diagnostic in link.diagnostics { renderer.render(diagnostic, to: output) }
      output.line("input URL   \(link.inputURL)")
      output.line("target URL  \(link.targetURL)")
      for (title, parameters) in [
        ("input query ", link.inputQueryParameters), ("target query", link.targetQueryParameters),
      ] where !parameters.items.isEmpty {
        output.line(
          "\(title)  "
            + parameters.items.map { "\($0.name)=\($0.value ?? "(no value)")" }.joined(
              separator: "  "))
      }
      if let data = link.appLinkData {
        output.line("al_applink_data  " + data.compactText)
      } else {
        output.line("al_applink_data  " + style.dim("none (BFURL sees a plain deep link)"))
      }
      if let extras = link.extras { output.line("extras      " + extras.compactText) }
      if let referer = link.referer {
        output.line("referer     Touch to return to \(referer.appName) (\(referer.url))")
      }
      for event in link.events {
        output.line(
          "event \(event.name)  " + event.args.map { "\($0.0)=\($0.1)" }.joined(separator: " "))
      }
    }
    output.flush()
    return status
  }
}
