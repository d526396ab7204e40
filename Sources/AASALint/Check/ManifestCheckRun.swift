import AASAAndroid
import AASACore
import AASALiveCheck

/// `aasa-lint check --manifest AndroidManifest.xml [--grants …]`: one table of the hosts the
/// manifest verifies, each checked live.
extension CheckRun {
  func checkManifest(_ path: String, options: LiveCheckOptions) async throws
    -> ManifestCheckReport
  {
    var manifestRun = ManifestRun(fileName: path, source: try FileInput.read(path))
    try manifestRun.loadResources(manifestPath: path, placeholders: placeholders)
    let manifest = AndroidManifestFile.read(manifestRun.source, resources: manifestRun.resources)
      .inCommandLineWords()
    if let broken = manifest.diagnostics.first(where: { $0.severity == .error }) {
      throw UsageError("\(path):\(broken.location.line): \(broken.message)")
    }
    var fingerprints: [CertificateFingerprint] = []
    for argument in grants {
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
    let rows = await ManifestCheck(
      manifest: manifest, fingerprints: fingerprints, options: options
    ).run()
    return ManifestCheckReport(path: path, manifest: manifest, rows: rows)
  }
}

/// What `aasa-lint check --manifest` found: each host the manifest verifies, checked live.
package struct ManifestCheckReport: Report {
  package var path: String
  package var manifest: ManifestReport
  package var rows: [ManifestCheck.Row]

  /// Failed when a host failed, or the manifest verifies none.
  package var outcome: Outcome {
    Outcome(failing: rows.isEmpty || rows.contains { $0.status == .fail })
  }
}

extension ManifestCheckReport: JSONReport {
  package var jsonDocument: any Encodable { ManifestCheckJSON(path, manifest, rows) }
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
      found += ([row.grant] + [row.rules].compactMap { $0 }).filter { $0.status != .pass }.map {
        LiveCheckFinding(file: path, line: row.host.line, column: nil, source: .requirement($0))
      }
      return found
    }
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
    func pad(_ text: String, _ width: Int) -> String {
      text + String(repeating: " ", count: max(0, width - text.count))
    }
    sink.line(style.dim(pad("host", width) + "  verdict  assetlinks.json  grant"))
    for (row, host) in zip(rows, hosts) {
      let file = row.site.check(of: .assetLinks)
      let fileStatus = file?.status ?? .fail
      let verdict =
        row.status == .fail ? style.red("fail   ") : style.green(pad(row.status.rawValue, 7))
      sink.line(
        pad(host, width) + "  " + verdict + "  "
          + pad(fileStatus.rawValue, 15) + "  " + row.grant.status.rawValue)
      let problems =
        (row.site.siteRequirements + (file?.requirements ?? []) + [row.grant]
        + [row.rules].compactMap { $0 })
        .filter { $0.status == .fail || $0.status == .warn }
      for problem in problems {
        sink.line(
          "    " + style.dim("\(problem.name): ") + problem.detail.escapingControlCharacters)
      }
    }
    if rows.isEmpty { sink.line(style.red("the manifest verifies no host")) }
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

  var kind = "manifest-check"
  var manifest: String
  var package: Nullable<String>
  var hosts: [Host]
  var status: String

  init(_ path: String, _ manifest: ManifestReport, _ rows: [ManifestCheck.Row]) {
    self.manifest = path
    package = Nullable(manifest.package)
    hosts = rows.map { row in
      let file = row.site.check(of: .assetLinks)
      return Host(
        host: row.host.host, wildcard: row.host.wildcard, line: row.host.line,
        status: row.status.rawValue, assetlinks: (file?.status ?? .fail).rawValue,
        grant: row.grant.status.rawValue,
        problems: (row.site.siteRequirements + (file?.requirements ?? []) + [row.grant]
          + [row.rules].compactMap { $0 })
          .filter { $0.status == .fail || $0.status == .warn }
          .map { Problem(name: $0.name, status: $0.status.rawValue, detail: $0.detail) })
    }
    status = (rows.map(\.status).max() ?? .fail).rawValue
  }
}
