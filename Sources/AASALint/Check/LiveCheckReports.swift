import AASACore
import AASALiveCheck

/// What `aasa-lint check` found: one of the live checks `AASALiveCheck` returns (it renders
/// nothing), written by the renderers of this folder.
package struct CheckReport: Report {
  package enum Checked {
    /// One site.
    case site(LiveCheckReport)
    /// Every domain an entitlements file (or profile, built app) names.
    case entitlements(EntitlementsCheckReport)
    /// Every host of a `--hosts` list.
    case hosts(HostsCheckReport)
  }

  package var checked: Checked
  /// `-v`: under each route, every app's verdict.
  package var verbose: Bool
  /// The JSON document carries each well-known file's text as fetched (`files`), for the
  /// validator page that shows it; the command line's documents leave it out.
  package var showsFiles = false

  package init(checked: Checked, verbose: Bool) {
    self.checked = checked
    self.verbose = verbose
  }

  package var outcome: Outcome {
    switch checked {
    case .site(let report): report.outcome
    case .entitlements(let report): report.outcome
    case .hosts(let report): report.outcome
    }
  }
}

extension LiveCheckReport {
  /// Passed when nothing failed (warnings allowed).
  var outcome: Outcome { Outcome(failing: status == .fail) }
}

extension EntitlementsCheckReport {
  /// Passed when nothing failed (warnings allowed).
  var outcome: Outcome { Outcome(failing: status == .fail) }
}

extension HostsCheckReport {
  /// Passed when nothing failed (warnings allowed).
  var outcome: Outcome { Outcome(failing: status == .fail) }
}

extension CheckReport: TextReport {
  package func writeText(to sink: OutputSink, _ context: RenderContext) {
    let renderer = LiveCheckTextRenderer(style: context.style, verbose: verbose)
    switch checked {
    case .site(let report): renderer.render(report, to: sink)
    case .entitlements(let report): renderer.render(report, to: sink)
    case .hosts(let report): renderer.render(report, to: sink)
    }
  }
}

extension CheckReport: JSONReport {
  package var jsonDocument: any Encodable {
    switch checked {
    case .site(let report): LiveCheckJSONWriter.SiteJSON(report, files: showsFiles)
    case .entitlements(let report): LiveCheckJSONWriter.EntitlementsJSON(report)
    case .hosts(let report): LiveCheckJSONWriter.HostsJSON(report)
    }
  }
}

extension CheckReport: SARIFReport {
  package func addSARIFResults(to builder: inout SARIFLog.Builder) {
    switch checked {
    case .site(let report): builder.add(LiveCheckFinding.all(report))
    case .entitlements(let report): builder.add(LiveCheckFinding.all(report))
    case .hosts(let report): builder.add(LiveCheckFinding.all(report))
    }
  }

  package var sarifProperties: [String: String]? {
    var properties: [String: String]
    switch checked {
    case .site(let report): properties = ["site": report.site.origin]
    case .entitlements(let report): properties = ["entitlements": report.path]
    case .hosts(let report):
      properties = ["hosts": report.sites.map(\.site.origin).joined(separator: " ")]
    }
    properties["status"] = outcome == .failed ? "fail" : "pass"
    return properties
  }
}

extension CheckReport: GitHubReport {
  package func writeAnnotations(to sink: OutputSink) {
    switch checked {
    case .site(let report): LiveCheckGitHubWriter.write(report, to: sink)
    case .entitlements(let report): LiveCheckGitHubWriter.write(report, to: sink)
    case .hosts(let report): LiveCheckGitHubWriter.write(report, to: sink)
    }
  }
}
