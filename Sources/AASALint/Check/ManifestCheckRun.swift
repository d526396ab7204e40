import AASAAndroid
import AASACore
import AASALiveCheck

/// `aasa-lint check --manifest AndroidManifest.xml [--grants …]`: one table of the hosts the
/// manifest verifies, each checked live.
extension CheckRun {
  func checkManifest(_ path: String, options: LiveCheckOptions) async throws
    -> ManifestCheckReport
  {
    let manifestRun = try ManifestRun.reading(path, placeholders: placeholders)
    let manifest = AndroidManifestFile.read(manifestRun.source, resources: manifestRun.resources)
      .inCommandLineWords()
    if let broken = manifest.diagnostics.first(where: { $0.severity == .error }) {
      throw UsageError("\(path):\(broken.location.line): \(broken.message)")
    }
    let fingerprints = try Self.fingerprints(grants, keystorePassword: keystorePassword)
    return await ManifestCheckReport.run(
      ManifestCheck(manifest: manifest, fingerprints: fingerprints, options: options), path: path)
  }

  /// The certificates of `--grants` (and `passkeys --fingerprint`): each a SHA-256
  /// fingerprint, a `PACKAGE:FINGERPRINT`, or a file (certificate, keystore, APK).
  static func fingerprints(_ arguments: [String], keystorePassword: String?) throws
    -> [CertificateFingerprint]
  {
    var fingerprints: [CertificateFingerprint] = []
    for argument in arguments {
      let withPackage = argument.contains(":") && !argument.hasPrefix("/") ? argument : nil
      if let withPackage, let query = try? GrantQuery.parse(withPackage) {
        fingerprints.append(query.fingerprint)
      } else if let fingerprint = CertificateFingerprint(argument), fingerprint.isSHA256 {
        fingerprints.append(fingerprint)
      } else {
        let file = argument.split(separator: ":", maxSplits: 1).last.map(String.init) ?? argument
        let named = System.fileExists(argument) ? argument : file
        fingerprints += try CertificateArguments.certificates(
          inFile: named, password: keystorePassword
        ).map(\.fingerprint)
      }
    }
    return fingerprints
  }
}

extension ManifestCheckReport {
  /// The report of a check built from a manifest read (the command line's from a path, the
  /// validator's from bytes): its hosts and the sites it shares sign-in with, checked at once.
  package static func run(_ check: ManifestCheck, path: String) async -> ManifestCheckReport {
    async let rows = check.run()
    async let credentials = check.runCredentialSharing()
    return ManifestCheckReport(
      path: path, manifest: check.manifest, rows: await rows,
      credentialStatements: check.credentialStatementsLine, credentials: await credentials)
  }
}

/// What `aasa-lint check --manifest` found: each host the manifest verifies, checked live.
package struct ManifestCheckReport: Report {
  package var path: String
  package var manifest: ManifestReport
  package var rows: [ManifestCheck.Row]
  /// The app's half of credential sharing (`asset_statements`), when the manifest declares it.
  package var credentialStatements: Requirement? = nil
  /// Each site the manifest shares sign-in with, checked live.
  package var credentials: [ManifestCheck.CredentialRow] = []

  /// Failed when a host failed, or the manifest verifies none, or a site it shares sign-in with
  /// does not grant it.
  package var outcome: Outcome {
    Outcome(
      failing: rows.isEmpty || rows.contains { $0.status == .fail }
        || credentialStatements?.status == .fail || credentials.contains { $0.status == .fail })
  }
}

extension ManifestCheckReport: JSONReport {
  package var jsonDocument: any Encodable {
    ManifestCheckJSON(path, manifest, rows, credentialStatements, credentials)
  }
}

extension ManifestCheckReport: SARIFReport {
  package func addSARIFResults(to builder: inout SARIFLog.Builder) {
    builder.add(findings())
  }

  package var sarifProperties: [String: String]? {
    ["manifest": path, "status": outcome == .failed ? "fail" : "pass"]
  }
}

extension ManifestCheckReport: GitHubReport {
  package func writeAnnotations(to output: OutputSink) {
    LiveCheckGitHubWriter.write(findings(), to: output)
    let failed = rows.filter { $0.status == .fail }.count
    output.line(
      failed == 0 ? "result: pass" : "result: fail (\(failed) of \(rows.count) hosts failed)")
  }
}

extension ManifestCheckReport: TextReport {
  /// What did not pass, for SARIF and annotations: each host's site and assetlinks.json lines
  /// and lint findings at its URL, and its grant and rules lines at the host's manifest line.
  private func findings() -> [LiveCheckFinding] {
    rows.flatMap { row -> [LiveCheckFinding] in
      let file = row.site.check(of: .assetLinks)
      let url = file?.url ?? row.site.site.origin
      var found = (row.site.siteRequirements + (file?.requirements ?? []))
        .filter { $0.status != .pass && $0.status != .info && $0.name != "lint" }
        .map { LiveCheckFinding(file: url, line: nil, column: nil, source: .requirement($0)) }
      found += (file?.lint?.diagnostics ?? []).map {
        LiveCheckFinding(
          file: url, line: $0.location.line, column: $0.location.column, source: .diagnostic($0))
      }
      found += ([row.grant] + [row.rules, row.credentials].compactMap { $0 })
        .filter { $0.status != .pass && $0.status != .info }.map {
          LiveCheckFinding(file: path, line: row.host.line, column: nil, source: .requirement($0))
        }
      return found
    } + credentialFindings()
  }

  /// The credential-sharing lines that did not pass: the statements' at the manifest's line,
  /// each site's at its assetlinks.json.
  private func credentialFindings() -> [LiveCheckFinding] {
    let line = manifest.credentialSharing?.location.line
    var found = [credentialStatements].compactMap { $0 }.filter { $0.status == .fail }.map {
      LiveCheckFinding(file: path, line: line, column: nil, source: .requirement($0))
    }
    for row in credentials {
      let file = row.check.check(of: .assetLinks)
      let url = file?.url ?? row.check.site.origin
      found += (row.check.siteRequirements + (file?.requirements ?? []) + [row.grant])
        .filter { $0.status == .fail || $0.status == .warn }
        .map { LiveCheckFinding(file: url, line: nil, column: nil, source: .requirement($0)) }
    }
    return found
  }

  /// `text` filled with spaces to `width` columns, for the tables' aligned columns.
  private static func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }

  package func writeText(to sink: OutputSink, _ context: RenderContext) {
    let style = context.style
    // The path, the package, the hosts and what the sites answered are shown escaped.
    sink.line(
      style.bold(path.escapingControlCharacters)
        + (manifest.package.map { " (\($0.escapingControlCharacters))" } ?? "")
        + ": \(rows.count) host\(rows.count == 1 ? "" : "s") verified on Android 12+")
    let hosts = rows.map(\.host.declared.escapingControlCharacters)
    let width = max(4, hosts.map(\.count).max() ?? 0)
    sink.line(style.dim(Self.pad("host", width) + "  verdict  assetlinks.json  grant"))
    for (row, host) in zip(rows, hosts) {
      let file = row.site.check(of: .assetLinks)
      let fileStatus = file?.status ?? .fail
      let verdict =
        row.status == .fail ? style.red("fail   ") : style.green(Self.pad(row.status.rawValue, 7))
      sink.line(
        Self.pad(host, width) + "  " + verdict + "  "
          + Self.pad(fileStatus.rawValue, 15) + "  " + row.grant.status.rawValue)
      let problems =
        (row.site.siteRequirements + (file?.requirements ?? []) + [row.grant]
        + [row.rules, row.credentials].compactMap { $0 })
        .filter { $0.status == .fail || $0.status == .warn }
      for problem in problems {
        sink.line(
          "    " + style.dim("\(problem.name): ") + problem.detail.escapingControlCharacters)
      }
    }
    if rows.isEmpty { sink.line(style.red("the manifest verifies no host")) }
    writeCredentials(to: sink, style: style)
  }

  /// `sign-in shared with 1 site (asset_statements)`, then a line per site: its verdict, its
  /// file's and its grant's, and what did not pass.
  private func writeCredentials(to sink: OutputSink, style: TerminalStyle) {
    guard let statements = credentialStatements else { return }
    sink.line("")
    let count = credentials.count
    sink.line(
      style.bold("sign-in shared with \(count) site\(count == 1 ? "" : "s")")
        + style.dim(" (asset_statements, for Credential Manager)"))
    if statements.status == .fail {
      sink.line("    " + style.red(statements.detail.escapingControlCharacters))
      return
    }
    let sites = credentials.map(\.site.origin.escapingControlCharacters)
    let width = max(4, sites.map(\.count).max() ?? 0)
    sink.line(style.dim(Self.pad("site", width) + "  verdict  assetlinks.json  get_login_creds"))
    for (row, site) in zip(credentials, sites) {
      let file = row.check.check(of: .assetLinks)
      let verdict =
        row.status == .fail ? style.red("fail   ") : style.green(Self.pad(row.status.rawValue, 7))
      sink.line(
        Self.pad(site, width) + "  " + verdict + "  "
          + Self.pad((file?.status ?? .fail).rawValue, 15)
          + "  " + row.grant.status.rawValue)
      for problem in (row.check.siteRequirements + (file?.requirements ?? []) + [row.grant])
      where problem.status == .fail || problem.status == .warn {
        sink.line(
          "    " + style.dim("\(problem.name): ") + problem.detail.escapingControlCharacters)
      }
    }
  }
}

/// `{"kind": "manifest-check", "manifest", "package", "hosts": [{"host", "wildcard", "line",
/// "status", "assetlinks", "grant", "problems": [{"name", "status", "detail"}]}], "status"}`.
struct ManifestCheckJSON: Encodable {
  struct Problem: Encodable {
    var name: String
    var status: String
    var detail: String
  }

  struct Host: Encodable {
    var host: String
    var wildcard: Bool
    var line: Int
    var status: String
    var assetlinks: String
    var grant: String
    var problems: [Problem]
  }

  /// `{"statements", "status", "detail", "sites": [{"site", "include", "status", "assetlinks",
  /// "grant", "problems"}]}`: present only when the manifest declares `asset_statements`.
  struct Credentials: Encodable {
    struct Site: Encodable {
      var site: String
      var include: Nullable<String>
      var status: String
      var assetlinks: String
      var grant: String
      var problems: [Problem]
    }

    var statements: String
    var status: String
    var detail: String
    var sites: [Site]
  }

  var kind = "manifest-check"
  var manifest: String
  var package: Nullable<String>
  var hosts: [Host]
  var credentials: Credentials?
  var status: String

  init(
    _ path: String, _ manifest: ManifestReport, _ rows: [ManifestCheck.Row],
    _ statements: Requirement?, _ credentialRows: [ManifestCheck.CredentialRow]
  ) {
    self.manifest = path
    package = Nullable(manifest.package)
    hosts = rows.map { row in
      let file = row.site.check(of: .assetLinks)
      return Host(
        host: row.host.host, wildcard: row.host.wildcard, line: row.host.line,
        status: row.status.rawValue, assetlinks: (file?.status ?? .fail).rawValue,
        grant: row.grant.status.rawValue,
        problems: (row.site.siteRequirements + (file?.requirements ?? []) + [row.grant]
          + [row.rules, row.credentials].compactMap { $0 })
          .filter { $0.status == .fail || $0.status == .warn }
          .map { Problem(name: $0.name, status: $0.status.rawValue, detail: $0.detail) })
    }
    credentials = statements.map { statements in
      Credentials(
        statements: manifest.credentialSharing?.written ?? "",
        status: ([statements.status == .info ? .pass : statements.status]
          + credentialRows.map(\.status)).max()?.rawValue ?? "fail",
        detail: statements.detail,
        sites: credentialRows.map { row in
          let file = row.check.check(of: .assetLinks)
          return Credentials.Site(
            site: row.site.origin, include: Nullable(row.site.include),
            status: row.status.rawValue, assetlinks: (file?.status ?? .fail).rawValue,
            grant: row.grant.status.rawValue,
            problems: (row.check.siteRequirements + (file?.requirements ?? []) + [row.grant])
              .filter { $0.status == .fail || $0.status == .warn }
              .map { Problem(name: $0.name, status: $0.status.rawValue, detail: $0.detail) })
        })
    }
    let credentialStatus = credentials.flatMap { Requirement.Status(rawValue: $0.status) }
    status = ((rows.map(\.status) + [credentialStatus].compactMap { $0 }).max() ?? .fail).rawValue
  }
}
