import AASACore
import AASALiveCheck

/// What `aasa-lint passkeys` found, written for people, scripts, code scanning and workflow
/// annotations.
///
/// ```
/// passkeys for example.com (https://example.com)
/// iOS, D3KQX62K1A.com.example.app: passkeys fail
///   fail  claim            App.entitlements names applinks:example.com but not webcredentials:example.com: …
///   pass  webcredentials   example.com's file lists D3KQX62K1A.com.example.app under webcredentials.apps
///   fix   App.entitlements: com.apple.developer.associated-domains (Xcode: Signing & Capabilities, Associated Domains)
///         add webcredentials:example.com
/// Android, com.example.app: passkeys work
///   pass  claim            AndroidManifest.xml's asset_statements (@string/asset_statements) name …
///   pass  credential-grant example.com grants com.example.app delegate_permission/common.get_login_creds
/// result: fail (iOS: passkeys fail; Android: passkeys work)
/// ```
package struct PasskeysCheckReport: Report {
  package var report: PasskeysReport

  package init(_ report: PasskeysReport) { self.report = report }

  /// Failed when passkeys fail on a platform checked; warnings (the CDN has not caught up,
  /// passwords not shared) pass.
  package var outcome: Outcome { Outcome(failing: report.status == .fail) }

  var platforms: [PasskeysReport.Platform] { [report.ios, report.android].compactMap { $0 } }

  /// `passkeys work`, `passkeys work, with warnings`, `passkeys fail`.
  static func verdict(_ status: Requirement.Status) -> String {
    switch status {
    case .fail: "passkeys fail"
    case .warn: "passkeys work, with warnings"
    case .pass, .info: "passkeys work"
    }
  }

  func summary(_ style: TerminalStyle) -> String {
    let verdict = report.status == .fail ? style.red("fail") : style.green("pass")
    let parts = platforms.map { "\($0.platform): \(Self.verdict($0.status))" }
    return "result: " + verdict + " (" + parts.joined(separator: "; ") + ")"
  }
}

extension PasskeysCheckReport: TextReport {
  package func writeText(to sink: OutputSink, _ context: RenderContext) {
    let style = context.style
    let renderer = LiveCheckTextRenderer(style: style)
    sink.line(
      style.bold("passkeys for \(report.rpID.escapingControlCharacters)")
        + " (\(report.site.site.origin.escapingControlCharacters))")
    for platform in platforms {
      sink.line(
        style.bold("\(platform.platform), \(platform.app.escapingControlCharacters)") + ": "
          + Self.verdict(platform.status))
      for requirement in platform.requirements { renderer.renderLine(requirement, to: sink) }
      for fix in platform.fixes {
        sink.line("  " + style.bold("fix ") + "  " + fix.place.escapingControlCharacters)
        sink.line("        " + fix.change.escapingControlCharacters)
      }
    }
    sink.line(summary(style))
  }
}

/// `{"kind": "passkeys", "rpId", "site", "status", "exitStatus", "ios": PLATFORM|null,
/// "android": PLATFORM|null, "check": SITE}`, a platform being `{"platform", "app", "status",
/// "verdict", "claim", "grant", "requirements": [{"name", "status", "detail"}], "fixes":
/// [{"place", "change"}]}` and `check` the site's live check as `check --format json` writes it.
struct PasskeysJSON: Encodable {
  struct Line: Encodable {
    var name: String
    var status: String
    var detail: String

    init(_ requirement: Requirement) {
      name = requirement.name
      status = requirement.status.rawValue
      detail = requirement.detail
    }
  }

  struct Fix: Encodable {
    var place: String
    var change: String
  }

  struct Platform: Encodable {
    var platform: String
    var app: String
    var status: String
    var verdict: String
    var claim: Line
    var grant: Line
    var requirements: [Line]
    var fixes: [Fix]

    init(_ platform: PasskeysReport.Platform) {
      self.platform = platform.platform
      app = platform.app
      status = platform.status.rawValue
      verdict = PasskeysCheckReport.verdict(platform.status)
      claim = Line(platform.claim)
      grant = Line(platform.grant)
      requirements = platform.requirements.map(Line.init)
      fixes = platform.fixes.map { Fix(place: $0.place, change: $0.change) }
    }
  }

  var kind = "passkeys"
  var rpId: String
  var site: String
  var status: String
  var exitStatus: Int32
  var ios: Nullable<Platform>
  var android: Nullable<Platform>
  var check: LiveCheckJSONWriter.SiteJSON

  init(_ report: PasskeysCheckReport) {
    rpId = report.report.rpID
    site = report.report.site.site.origin
    status = report.report.status == .fail ? "fail" : "pass"
    exitStatus = ExitStatus(report.outcome).rawValue
    ios = Nullable(report.report.ios.map(Platform.init))
    android = Nullable(report.report.android.map(Platform.init))
    check = LiveCheckJSONWriter.SiteJSON(report.report.site)
  }
}

extension PasskeysCheckReport: JSONReport {
  package var jsonDocument: any Encodable { PasskeysJSON(self) }
}

extension PasskeysCheckReport {
  /// Each line that did not pass, at the file it is about (the entitlements or the manifest for
  /// the app's half, the site's file for the rest), then each fix, at the site.
  func findings() -> [LiveCheckFinding] {
    var found: [LiveCheckFinding] = []
    let site = report.site
    for platform in platforms {
      let isApple = platform.platform == "iOS"
      let fileURL =
        site.check(of: isApple ? .association : .assetLinks)?.url
        ?? site.site.origin
      for requirement in platform.requirements
      where requirement.status == .fail || requirement.status == .warn {
        let file: String
        if requirement.name == "claim" {
          file = platform.claimSource ?? fileURL
        } else if requirement.name.hasPrefix("cdn") {
          file = site.cdn?.url ?? fileURL
        } else {
          file = fileURL
        }
        found.append(
          LiveCheckFinding(file: file, line: nil, column: nil, source: .requirement(requirement)))
      }
      for fix in platform.fixes {
        let line = Requirement(
          "passkeys-fix", platform.status == .fail ? .fail : .warn,
          "\(platform.platform): in \(fix.place), \(fix.change)")
        found.append(
          LiveCheckFinding(
            file: site.site.origin, line: nil, column: nil, source: .requirement(line)))
      }
    }
    return found
  }
}

extension PasskeysCheckReport: SARIFReport {
  package func addSARIFResults(to builder: inout SARIFLog.Builder) {
    builder.add(findings())
  }

  package var sarifProperties: [String: String]? {
    ["rpId": report.rpID, "status": outcome == .failed ? "fail" : "pass"]
  }
}

extension PasskeysCheckReport: GitHubReport {
  package func writeAnnotations(to sink: OutputSink) {
    LiveCheckGitHubWriter.write(findings(), to: sink)
    sink.line(summary(.plain))
  }
}
