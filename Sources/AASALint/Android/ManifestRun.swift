import AASAAndroid
import AASACore

/// `aasa-lint AndroidManifest.xml [--placeholder NAME=VALUE]`: the hosts Android 12+ verifies,
/// every filter it does not verify and why, and the Android 11-and-lower rule.
public struct ManifestRun {
  public var fileName: String
  public var source: [UInt8]
  public var resources = ManifestResources()
  public var format: OutputFormat
  public var strict: Bool
  public var style: TerminalStyle

  public init(
    fileName: String, source: [UInt8], format: OutputFormat = .text, strict: Bool = false,
    style: TerminalStyle = .plain
  ) {
    self.fileName = fileName
    self.source = source
    self.format = format
    self.strict = strict
    self.style = style
  }

  /// Reads `NAME=VALUE` placeholders, and the `res/values/` strings and bools beside the
  /// manifest at `path` (then `values-v31`, Android 12's, which overrides them).
  public mutating func loadResources(manifestPath path: String, placeholders: [String]) throws {
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

  public func run(output: OutputSink) -> ExitStatus {
    let report = AndroidManifestFile.read(source, resources: resources)
    let threshold: Severity = strict ? .warning : .error
    switch format {
    case .json:
      output.document(ManifestReportJSON(file: fileName, report))
    case .sarif:
      SARIFWriter.write(
        file: fileName, diagnostics: report.diagnostics, toolVersion: PackageVersion.current,
        to: output)
    case .github:
      GitHubAnnotationWriter.write(file: fileName, diagnostics: report.diagnostics, to: output)
    case .tsv:
      for host in report.hosts {
        output.line("\(host.declared.escapingControlCharacters)\t\(host.line)")
      }
    case .text:
      let renderer = DiagnosticTextRenderer(fileName: fileName, source: source, style: style)
      for diagnostic in report.diagnostics { renderer.render(diagnostic, to: output) }
      output.line(
        "\(fileName.escapingControlCharacters): "
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
    output.flush()
    return report.hasFindings(atOrAbove: threshold) ? .findings : .success
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
