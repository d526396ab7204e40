import AASAAppLinks
import AASACore

/// One `aasa-lint PAGE` run: read the page's App Link, lint it and navigate it on `--platform`,
/// into an ``AppLinksPageReport``. The executable only parses arguments into this.
package struct AppLinksRun: FormatDeclaring {
  package static let formats = OutputFormat.allCases

  package var fileName: String
  package var source: [UInt8]
  /// `--page-url`, or the URL fetched.
  package var sourceURL: String?
  /// `--platform`: navigate as this device; only lint and show without it.
  package var device: Device?
  /// `--installed`, as written.
  package var installed: [String] = []
  package var request: NavigationRequest
  package var strict: Bool

  package init(
    fileName: String, source: [UInt8], sourceURL: String? = nil, device: Device? = nil,
    installed: [String] = [], request: NavigationRequest? = nil, strict: Bool = false
  ) {
    self.fileName = fileName
    self.source = source
    self.sourceURL = sourceURL
    self.device = device
    self.installed = installed
    self.request = request ?? NavigationRequest(userAgent: "aasa \(PackageVersion.current)")
    self.strict = strict
  }

  /// Reads `--platform`, with a usage error that lists the devices.
  package static func parseDevice(_ argument: String) throws -> Device {
    guard let device = Device(rawValue: argument.lowercased()) else {
      throw UsageError(
        "--platform \(argument) is not a device for a page; use one of "
          + Device.allCases.map(\.rawValue).joined(separator: ", "))
    }
    return device
  }

  /// Reads a JSON object argument (`--extras`, `--app-link-data`).
  package static func parseObject(_ argument: String, option: String) throws -> JSONValue {
    let read = JSONReader.read(argument)
    guard let value = read.value, !read.diagnostics.contains(severity: .error) else {
      throw UsageError(
        "\(option) is not JSON: \(read.diagnostics.first?.message ?? "it cannot be read")")
    }
    guard value.members != nil else {
      throw UsageError("\(option) must be a JSON object, not \(value.typeDescription)")
    }
    return value
  }

  package func run() -> AppLinksPageReport {
    let reading = AppLinkParser.read(source, sourceURL: sourceURL)
    var diagnostics = AppLinksLinter.lint(reading)
    let navigation = device.map { device in
      Navigator.navigate(
        reading.appLink, on: device, installed: .parse(installed, for: device), request: request)
    }
    diagnostics += navigation?.diagnostics ?? []
    return AppLinksPageReport(
      file: LintedFile(name: fileName, source: source),
      diagnostics: diagnostics.map(CommandLineWording.apply), appLink: reading.appLink,
      navigation: navigation, threshold: strict ? .warning : .error)
  }
}

/// What `aasa-lint PAGE` found: the page's App Link, its findings, and (with `--platform`) the
/// navigation Bolts would perform.
package struct AppLinksPageReport: Report {
  package var file: LintedFile
  package var diagnostics: [Diagnostic]
  package var appLink: AppLink
  package var navigation: Navigation?
  package var threshold: Severity

  package var outcome: Outcome { Outcome(failing: diagnostics.contains(severity: threshold)) }
}

extension AppLinksPageReport: TextReport {
  package func writeText(to output: OutputSink, _ context: RenderContext) {
    let style = context.style
    file.writeDiagnostics(diagnostics, to: output, style: style)
    AppLinkTextRenderer(style: style).render(appLink, to: output)
    if let navigation { output.line(AppLinkTextRenderer(style: style).line(navigation)) }
  }
}

extension AppLinksPageReport: TSVReport {
  /// `--format tsv` carries routes, and a page has none: it writes what text does.
  package func writeTSV(to output: OutputSink, _ context: RenderContext) {
    writeText(to: output, context)
  }
}

extension AppLinksPageReport: FileLintReport {
  package var summarizedDocument: any SummarizedReport {
    AppLinksReportJSON(
      file: file.name, diagnostics: diagnostics, appLink: appLink, navigation: navigation)
  }
}

extension AppLinksPageReport: SARIFReport {
  package func addSARIFResults(to builder: inout SARIFLog.Builder) {
    builder.add(file: file.name, diagnostics: diagnostics)
  }
}

extension AppLinksPageReport: GitHubReport {
  package func writeAnnotations(to output: OutputSink) {
    GitHubAnnotationWriter.write(file: file.name, diagnostics: diagnostics, to: output)
  }
}
