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
    // Not a URL at all is a usage error (2), like any unreadable input; broken data in a URL is
    // a finding (1).
    let status: ExitStatus =
      link.diagnostics.contains { $0.code == .AppLinks.inboundInvalidURL }
      ? .usage : link.diagnostics.contains(severity: .error) ? .findings : .success
    switch format {
    case .json:
      output.line(JSONOutput.encode(AppLinksReportJSON(inbound: link)))
    default:
      let renderer = DiagnosticTextRenderer(
        fileName: "<url>", source: Array(url.utf8), style: style)
      for diagnostic in link.diagnostics { renderer.render(diagnostic, to: output) }
      // The URL and its data are the sender's words: shown escaped, in aligned columns.
      var rows: [(String, String)] = [
        ("input URL", link.inputURL), ("target URL", link.targetURL),
      ]
      for (title, parameters) in [
        ("input query", link.inputQueryParameters), ("target query", link.targetQueryParameters),
      ] where !parameters.items.isEmpty {
        rows.append(
          (
            title,
            parameters.items.map { "\($0.name)=\($0.value ?? "(no value)")" }.joined(
              separator: " ")
          ))
      }
      rows.append(("al_applink_data", link.appLinkData?.compactText ?? ""))
      if let extras = link.extras { rows.append(("extras", extras.compactText)) }
      if let referer = link.referer {
        rows.append(("referer", "Touch to return to \(referer.appName) (\(referer.url))"))
      }
      for event in link.events {
        rows.append(
          ("event", event.name + "  " + event.args.map { "\($0.0)=\($0.1)" }.joined(separator: " "))
        )
      }
      let width = rows.map(\.0.count).max() ?? 0
      for (title, value) in rows {
        let padded = title + String(repeating: " ", count: width - title.count) + "  "
        if title == "al_applink_data", link.appLinkData == nil {
          output.line(padded + style.dim("none (BFURL sees a plain deep link)"))
        } else {
          output.line(padded + value.escapingControlCharacters)
        }
      }
    }
    output.flush()
    return status
  }
}
