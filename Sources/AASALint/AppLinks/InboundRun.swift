import AASAAppLinks
import AASACore

/// One `aasa-lint inbound URL` run: what an app opened with `URL` receives, as `BFURL` parses it.
package struct InboundRun: FormatDeclaring {
  package static let formats: [OutputFormat] = [.text, .json]

  package var url: String
  package var sourceApplication: String?

  package init(url: String, sourceApplication: String? = nil) {
    self.url = url
    self.sourceApplication = sourceApplication
  }

  package func run() -> InboundReport {
    InboundReport(url: url, link: InboundParser.parse(url, sourceApplication: sourceApplication))
  }
}

/// What an app opened with a URL receives, as `BFURL` parses it.
package struct InboundReport: Report {
  package var url: String
  package var link: InboundLink

  /// Not a URL at all is unusable input (2), like any unreadable input; broken data in a URL is a
  /// finding (1).
  package var outcome: Outcome {
    if link.diagnostics.contains(where: { $0.code == .AppLinks.inboundInvalidURL }) {
      return .unusable
    }
    return Outcome(failing: link.diagnostics.contains(severity: .error))
  }
}

extension InboundReport: JSONReport {
  package var jsonDocument: any Encodable { AppLinksReportJSON(inbound: link) }
}

extension InboundReport: TextReport {
  package func writeText(to output: OutputSink, _ context: RenderContext) {
    let style = context.style
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
}
