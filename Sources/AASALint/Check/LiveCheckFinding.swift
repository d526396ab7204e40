import AASA
import AASACore
import AASALiveCheck

/// Every finding of a live check, flattened for the formats that list findings rather than lines
/// (SARIF, GitHub annotations): each line that did not pass, and each lint diagnostic of a live
/// file with the file's URL as its name.
///
/// The `lint` lines themselves are left out: they only count the diagnostics listed after them.
struct LiveCheckFinding {
  enum Source {
    case requirement(Requirement)
    case diagnostic(Diagnostic)
  }

  /// The URL the finding is about, or the local file (`--expect` table) of a located line.
  var file: String
  var line: Int?
  var column: Int?
  var source: Source

  /// The entitlements' own lines, located at the entitlements file, then each site's findings.
  static func all(_ report: EntitlementsCheckReport) -> [LiveCheckFinding] {
    report.requirements.filter { $0.status != .pass }.map { requirement in
      LiveCheckFinding(file: report.path, line: nil, column: nil, source: .requirement(requirement))
    } + report.sites.flatMap(all)
  }

  /// Every host's findings, in the order of the hosts.
  static func all(_ report: HostsCheckReport) -> [LiveCheckFinding] {
    report.sites.flatMap(all)
  }

  static func all(_ report: LiveCheckReport) -> [LiveCheckFinding] {
    var findings: [LiveCheckFinding] = []
    for (resource, requirement) in report.allRequirements
    where requirement.status != .pass && requirement.name != "lint" && !isSkippedCDN(requirement) {
      findings.append(
        LiveCheckFinding(
          file: requirement.location?.file ?? resource, line: requirement.location?.line,
          column: nil, source: .requirement(requirement)))
    }
    for check in report.resources {
      for diagnostic in check.lint?.diagnostics ?? [] {
        findings.append(
          LiveCheckFinding(
            file: check.url, line: diagnostic.location.line, column: diagnostic.location.column,
            source: .diagnostic(diagnostic)))
      }
    }
    return findings
  }

  /// Lines that are no finding: the note that Apple's CDN was not asked (a private host), and the
  /// CDN's raw headers (their meaning is in the `cdn-reason` and `cdn-retry` lines). Text and
  /// JSON still show them.
  static func isSkippedCDN(_ requirement: Requirement) -> Bool {
    (requirement.name == "cdn" && requirement.status == .info) || requirement.name == "cdn-header"
  }

  /// `check/tls-chain` for a line, `AASA103` for a diagnostic.
  var ruleID: String {
    switch source {
    case .requirement(let requirement): "check/\(requirement.name)"
    case .diagnostic(let diagnostic): diagnostic.code.rawValue
    }
  }

  var title: String {
    switch source {
    case .requirement(let requirement): "check \(requirement.name)"
    case .diagnostic(let diagnostic): "\(diagnostic.code.rawValue) \(diagnostic.code.title)"
    }
  }

  /// What to tell the person, the URL first when the finding is about a fetched file.
  var message: String {
    switch source {
    case .requirement(let requirement):
      requirement.location == nil ? "\(file): \(requirement.detail)" : requirement.detail
    case .diagnostic(let diagnostic): diagnostic.message + "\nhelp: " + diagnostic.help
    }
  }

  /// `error`, `warning` or `note`, in SARIF's words.
  var level: String {
    switch source {
    case .requirement(let requirement):
      switch requirement.status {
      case .fail: "error"
      case .warn: "warning"
      case .pass, .info: "note"
      }
    case .diagnostic(let diagnostic):
      switch diagnostic.severity {
      case .error: "error"
      case .warning: "warning"
      case .info: "note"
      }
    }
  }
}
