import AASAAndroid
import AASACore

/// `aasa-lint AndroidManifest.xml [--placeholder NAME=VALUE]`: the hosts Android 12+ verifies,
/// every filter it does not verify and why, and the Android 11-and-lower rule.
package struct ManifestRun: FormatDeclaring {
  package static let formats = OutputFormat.allCases

  package var fileName: String
  package var source: [UInt8]
  package var resources = ManifestResources()
  package var strict: Bool

  package init(fileName: String, source: [UInt8], strict: Bool = false) {
    self.fileName = fileName
    self.source = source
    self.strict = strict
  }

  /// Reads `NAME=VALUE` placeholders, and the `res/values/` strings and bools beside the
  /// manifest at `path` (then `values-v31`, Android 12's, which overrides them).
  package mutating func loadResources(manifestPath path: String, placeholders: [String]) throws {
    for argument in placeholders {
      guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
        throw LintRequest.ArgumentError(
          "--placeholder \(argument): write NAME=VALUE, e.g. hostName=example.com")
      }
      resources.placeholders[String(argument[..<equals])] = String(
        argument[argument.index(after: equals)...])
    }
    let directory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
    for folder in ["values", "values-v31"] {
      for file in ["strings.xml", "bools.xml"] {
        if let bytes = try? FileInput.read("\(directory)/res/\(folder)/\(file)") {
          resources.addValues(fromXML: bytes)
        }
      }
    }
  }

  package func run() -> ManifestLintReport {
    ManifestLintReport(
      file: LintedFile(name: fileName, source: source),
      manifest: AndroidManifestFile.read(source, resources: resources),
      threshold: strict ? .warning : .error)
  }
}

/// What `aasa-lint AndroidManifest.xml` found: the hosts Android verifies, the filters it does
/// not and why, and the manifest's findings.
package struct ManifestLintReport: Report {
  package var file: LintedFile
  package var manifest: ManifestReport
  package var threshold: Severity

  package var outcome: Outcome { Outcome(failing: manifest.hasFindings(atOrAbove: threshold)) }
}

extension ManifestLintReport: TextReport {
  package func writeText(to output: OutputSink, _ context: RenderContext) {
    let style = context.style
    let report = manifest
    let renderer = DiagnosticTextRenderer(fileName: file.name, source: file.source, style: style)
    for diagnostic in report.diagnostics { renderer.render(diagnostic, to: output) }
    output.line(
      "\(file.name.escapingControlCharacters): "
        + DiagnosticTextRenderer.summary(report.diagnostics, style: style))
    // Hosts, the package and the reasons quoting them come from the manifest: shown escaped.
    if let package = report.package {
      output.line("package \(package.escapingControlCharacters)")
    }
    output.line(style.bold("verified on Android 12+") + " (\(report.hosts.count))")
    for host in report.hosts {
      output.line(
        "  " + style.green(host.declared.escapingControlCharacters)
          + style.dim("  line \(host.line)")
          + (host.wildcard
            ? style.dim("  (assetlinks.json from \(host.host.escapingControlCharacters))") : ""))
    }
    if !report.dropped.isEmpty {
      output.line(style.bold("not verified") + " (\(report.dropped.count))")
      for dropped in report.dropped {
        output.line(
          "  " + style.dim("line \(dropped.line): ") + dropped.reason.escapingControlCharacters)
      }
    }
    if !report.legacyOnlyHosts.isEmpty {
      output.line(
        style.bold("also required on Android 11 and lower") + ": "
          + report.legacyOnlyHosts.joined(separator: ", ").escapingControlCharacters)
    }
  }
}

extension ManifestLintReport: FileLintReport {
  package var summarizedDocument: any SummarizedReport {
    ManifestReportJSON(file: file.name, manifest)
  }
}

extension ManifestLintReport: TSVReport {
  /// `host<TAB>line` for each host Android 12+ verifies.
  package func writeTSV(to output: OutputSink, _ context: RenderContext) {
    for host in manifest.hosts {
      output.line("\(host.declared.escapingControlCharacters)\t\(host.line)")
    }
  }
}

extension ManifestLintReport: SARIFReport {
  package func addSARIFResults(to builder: inout SARIFLog.Builder) {
    builder.add(file: file.name, diagnostics: manifest.diagnostics)
  }
}

extension ManifestLintReport: GitHubReport {
  package func writeAnnotations(to output: OutputSink) {
    GitHubAnnotationWriter.write(file: file.name, diagnostics: manifest.diagnostics, to: output)
  }
}

/// `{"kind": "manifest", "file", "package", "hosts": [{"host", "wildcard", "line"}],
/// "dropped": [{"line", "reason"}], "legacyHosts", "diagnostics", "summary"}`.
struct ManifestReportJSON: Encodable {
  struct Host: Encodable {
    var host: String
    var wildcard: Bool
    var line: Int
  }

  struct Dropped: Encodable {
    var line: Int
    var reason: String
  }

  var kind = "manifest"
  var file: String
  var package: Nullable<String>
  var hosts: [Host]
  var dropped: [Dropped]
  var legacyHosts: [String]
  var diagnostics: [DiagnosticJSON]
  var summary: SummaryJSON

  init(file: String, _ report: ManifestReport) {
    self.file = file
    package = Nullable(report.package)
    hosts = report.hosts.map { Host(host: $0.host, wildcard: $0.wildcard, line: $0.line) }
    dropped = report.dropped.map { Dropped(line: $0.line, reason: $0.reason) }
    legacyHosts = report.legacyOnlyHosts
    diagnostics = report.diagnostics.map { DiagnosticJSON($0) }
    summary = SummaryJSON(report.diagnostics)
  }
}
