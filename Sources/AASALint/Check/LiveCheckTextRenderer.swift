import AASA
import AASACore
import AASALiveCheck

/// Prints a live check for people: the site's lines, then each file's lines with its lint
/// diagnostics (rendered as the linter renders them, the URL as the file name), then the routes,
/// then a one-line verdict.
///
/// ```
/// https://example.com
///   pass  connection        connected to example.com:443
///   pass  tls-chain         trusted by system roots via CN=ISRG Root X1,O=Internet Security Research Group,C=US
/// https://example.com/.well-known/apple-app-site-association
///   pass  status            200 OK
///   fail  redirect          redirects to https://www.example.com/...; Apple does not follow redirects
/// ```
package struct LiveCheckTextRenderer {
  package var style: TerminalStyle
  package var verbose: Bool

  package init(style: TerminalStyle, verbose: Bool = false) {
    self.style = style
    self.verbose = verbose
  }

  static let nameWidth = 17

  package func render(_ report: LiveCheckReport, to sink: OutputSink) {
    sink.line(style.bold(report.site.origin))
    for requirement in report.siteRequirements { renderLine(requirement, to: sink) }
    for check in report.resources {
      sink.line(style.bold(check.url.escapingControlCharacters))
      for requirement in check.requirements { renderLine(requirement, to: sink) }
      if let lint = check.lint, let source = check.lintedSource, !lint.diagnostics.isEmpty {
        let renderer = DiagnosticTextRenderer(fileName: check.url, source: source, style: style)
        for diagnostic in lint.diagnostics { renderer.render(diagnostic, to: sink) }
      }
    }
    if let cdn = report.cdn {
      sink.line(style.bold(cdn.url.escapingControlCharacters))
      for requirement in cdn.requirements { renderLine(requirement, to: sink) }
    }
    if !report.routeRequirements.isEmpty {
      sink.line(style.bold("routes on the live file"))
      RoutingTextRenderer(style: style, verbose: verbose).render(
        report.routings, app: report.app, to: sink)
      for requirement in report.routeRequirements { renderLine(requirement, to: sink) }
    }
    sink.line(summary(report))
  }

  /// `--entitlements`: the entitlements' own lines, each domain's check, and an overall result.
  package func render(_ report: EntitlementsCheckReport, to sink: OutputSink) {
    sink.line(style.bold(report.path.escapingControlCharacters))
    if !report.sites.isEmpty {
      // What is about to be checked, not a result: no pass or fail. Named after the service
      // when every domain is named for the same one (a passkeys-only app's is webcredentials).
      let services = report.services.count == report.sites.count ? report.services : []
      let named = Set(services.flatMap { $0 })
      let checked = report.sites.indices.map { index in
        let host = report.sites[index].site.host
        guard named.count > 1, index < services.count else { return host }
        return host + " (" + services[index].map(\.rawValue).joined(separator: ", ") + ")"
      }.joined(separator: ", ")
      let name =
        named.count == 1
        ? named.first?.rawValue ?? "applinks" : named.isEmpty ? "applinks" : "domains"
      renderLine(Requirement(name, .info, "checks \(checked)"), to: sink)
    }
    for requirement in report.requirements { renderLine(requirement, to: sink) }
    for site in report.sites {
      sink.line()
      render(site, to: sink)
    }
    sink.line()
    sink.line(summary(report))
  }

  /// `--hosts`: one table, a row per host: its result, its CDN line's status, and the names of
  /// the lines that failed or warned.
  ///
  /// ```
  /// host           result  cdn   failed or warned
  /// a.example.com  pass    pass
  /// b.example.com  fail    fail  status, user-agent, cdn
  /// result: fail (1 of 2 hosts failed)
  /// ```
  package func render(_ report: HostsCheckReport, to sink: OutputSink) {
    let hosts = report.sites.map(\.site.hostHeader)
    let width = max(4, hosts.map(\.count).max() ?? 0)
    func pad(_ text: String, _ width: Int) -> String {
      text + String(repeating: " ", count: max(1, width - text.count + 2))
    }
    sink.line(
      style.bold(pad("host", width) + pad("result", 6) + pad("cdn", 4) + "failed or warned"))
    for (host, site) in zip(hosts, report.sites) {
      let failed = site.status == .fail
      let result = failed ? style.red("fail") : style.green("pass")
      let cdn = site.cdn.map { statusLabel($0.requirement.status) } ?? "-   "
      var names: [String] = []
      for (_, requirement) in site.allRequirements
      where requirement.status >= .warn && !names.contains(requirement.name) {
        names.append(requirement.name)
      }
      let row = pad(host, width) + result + "    " + cdn + "  " + names.joined(separator: ", ")
      sink.line(String(row.trimming { $0 == " " }))
    }
    sink.line(summary(report))
  }

  /// `result: fail (1 of 3 hosts failed)`.
  func summary(_ report: HostsCheckReport) -> String {
    let failed = report.sites.filter { $0.status == .fail }.count
    let verdict = failed > 0 ? style.red("fail") : style.green("pass")
    let count = report.sites.count
    let detail =
      failed > 0
      ? "\(failed) of \(count) hosts failed" : "\(count) host\(count == 1 ? "" : "s") checked"
    return "result: " + verdict + " (" + detail + ")"
  }

  /// `result: fail (1 of 2 domains failed)`.
  func summary(_ report: EntitlementsCheckReport) -> String {
    let failedSites = report.sites.filter { $0.status == .fail }.count
    var parts: [String] = []
    if failedSites > 0 {
      parts.append("\(failedSites) of \(report.sites.count) domains failed")
    } else if report.sites.isEmpty {
      parts.append("no domain checked")
    } else {
      parts.append("\(report.sites.count) domain\(report.sites.count == 1 ? "" : "s") checked")
    }
    let failedLines = report.requirements.filter { $0.status == .fail }.count
    if failedLines > 0 { parts.append("\(failedLines) failed") }
    let wildcards = report.requirements.filter {
      $0.name == "applinks" && $0.status == .info && $0.detail.contains("wildcard")
    }.count
    if wildcards > 0 {
      parts.append("\(wildcards) wildcard\(wildcards == 1 ? "" : "s") not checked")
    }
    let verdict = report.status == .fail ? style.red("fail") : style.green("pass")
    return "result: " + verdict + " (" + parts.joined(separator: ", ") + ")"
  }

  func renderLine(_ requirement: Requirement, to sink: OutputSink) {
    let padding = String(repeating: " ", count: max(1, Self.nameWidth - requirement.name.count))
    sink.line(
      "  " + statusLabel(requirement.status) + "  " + requirement.name + padding
        + requirement.detail.escapingControlCharacters)
  }

  func statusLabel(_ status: Requirement.Status) -> String {
    switch status {
    case .pass: style.green("pass")
    case .info: style.blue("info")
    case .warn: style.yellow("warn")
    case .fail: style.red("fail")
    }
  }

  /// `result: fail (2 failed, 1 warning)`.
  func summary(_ report: LiveCheckReport) -> String {
    let statuses = report.allRequirements.map(\.requirement.status)
    let failed = statuses.filter { $0 == .fail }.count
    let warned = statuses.filter { $0 == .warn }.count
    var parts: [String] = []
    if failed > 0 { parts.append("\(failed) failed") }
    if warned > 0 { parts.append("\(warned) warning\(warned == 1 ? "" : "s")") }
    let counts = parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")"
    let verdict = failed > 0 ? style.red("fail") : style.green("pass")
    return "result: " + verdict + counts
  }
}
