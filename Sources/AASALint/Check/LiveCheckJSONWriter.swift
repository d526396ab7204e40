import AASA
import AASACore
import AASALiveCheck

/// `aasa-lint check --format json`: one object, a stable contract (keys are only ever added).
///
/// ```
/// {"site": "https://example.com", "status": "fail", "exitStatus": 1,
///  "requirements": [{"resource": "https://example.com", "name": "connection", "status": "pass",
///                    "detail": "connected to example.com:443"}, ...],
///  "diagnostics": [{"file": "https://example.com/.well-known/apple-app-site-association",
///                   "code", "severity", "path", "line", "column", "message", "help"}],
///  "signed": [{"file", "signer", "signatureVerifies"}],
///  "routes": [{"input", "app", "verdicts": [...]}],
///  "expectations": {"file", "met", "failed", "results": [...]}}   (with --expect)
/// ```
package enum LiveCheckJSONWriter {

  /// `--entitlements`: one object with the entitlements' own lines and one site object per domain.
  ///
  /// ```
  /// {"entitlements": "App.entitlements", "app": ..., "status", "exitStatus",
  ///  "requirements": [{"name": "applinks", "status": "info", "detail": ...}],
  ///  "sites": [{"site": "https://example.com", ...}, ...]}
  /// ```

  /// `--hosts`: one object with a site object per host.
  ///
  /// ```
  /// {"hosts": ["https://a.example.com", ...], "status", "exitStatus", "sites": [{...}, ...]}
  /// ```

  struct HostsJSON: Encodable {
    var hosts: [String]
    var status: String
    var exitStatus: Int32
    var sites: [SiteJSON]

    init(_ report: HostsCheckReport) {
      hosts = report.sites.map(\.site.origin)
      status = report.status == .fail ? "fail" : "pass"
      exitStatus = ExitStatus(report.outcome).rawValue
      sites = report.sites.map { SiteJSON($0) }
    }
  }

  struct RequirementJSON: Encodable {
    var resource: String
    var name: String
    var status: String
    var detail: String
    var file: String?
    var line: Int?

    init(resource: String, _ requirement: Requirement) {
      self.resource = resource
      name = requirement.name
      status = requirement.status.rawValue
      detail = requirement.detail
      file = requirement.location?.file
      line = requirement.location?.line
    }
  }

  struct SignedJSON: Encodable {
    var file: String
    var signer: String
    var signatureVerifies: Bool
  }

  /// The object of one site's check.
  struct SiteJSON: Encodable {
    var site: String
    var status: String
    var exitStatus: Int32
    var requirements: [RequirementJSON]
    var diagnostics: [DiagnosticJSON]
    var signed: [SignedJSON]
    var routes: [RoutingJSON]
    var expectations: ExpectationsJSON<ExpectationResultJSON>?
    /// Only when asked (the validator's `files`): each file a 200 answer carried.
    var files: [FetchedFileJSON]?

    init(_ report: LiveCheckReport, files showsFiles: Bool = false) {
      site = report.site.origin
      status = report.status == .fail ? "fail" : "pass"
      exitStatus = ExitStatus(report.outcome).rawValue
      requirements = report.allRequirements.map { RequirementJSON(resource: $0, $1) }
      diagnostics = report.resources.flatMap { check in
        (check.lint?.diagnostics ?? []).map { DiagnosticJSON($0, file: check.url) }
      }
      signed = report.resources.compactMap { check in
        check.signed.map {
          SignedJSON(file: check.url, signer: $0.signer, signatureVerifies: $0.signatureVerifies)
        }
      }
      routes = report.routings.map { RoutingJSON($0, app: report.app) }
      expectations = report.expectations.map {
        ExpectationsJSON(file: $0.file, results: $0.results)
      }
      if showsFiles {
        files = report.resources.compactMap { check in
          check.lintedSource.map { FetchedFileJSON(url: check.url, bytes: $0) }
        }
      }
    }
  }

  /// A well-known file as it was fetched: its text (content codings undone, a signed file's
  /// content), at most ``shownBytes`` of it. Text, for the page to show as text.
  struct FetchedFileJSON: Encodable {
    /// Apple reads 128 KB of the file; what is past that is not shown either.
    static let shownBytes = FileKind.maximumSize

    var url: String
    var bytes: Int
    var text: String
    var truncated: Bool

    init(url: String, bytes: [UInt8]) {
      self.url = url
      self.bytes = bytes.count
      truncated = bytes.count > Self.shownBytes
      text = String(decoding: bytes.prefix(Self.shownBytes), as: UTF8.self)
    }
  }

  struct EntitlementsJSON: Encodable {
    var entitlements: String
    var app: Nullable<String>
    var status: String
    var exitStatus: Int32
    var requirements: [RequirementJSON]
    var sites: [SiteJSON]

    init(_ report: EntitlementsCheckReport) {
      entitlements = report.path
      app = Nullable(report.app)
      status = report.status == .fail ? "fail" : "pass"
      exitStatus = ExitStatus(report.outcome).rawValue
      requirements = report.requirements.map { RequirementJSON(resource: report.path, $0) }
      sites = report.sites.map { SiteJSON($0) }
    }
  }
}
