import AASAAppLinks
import AASACore

/// One `aasa-lint PAGE` run: read the page's App Link, lint it, navigate it on `--platform`, print
/// and decide the exit status. The executable only parses arguments into this.
public struct AppLinksRun {
  public var fileName: String
  public var source: [UInt8]
  /// `--page-url`, or the URL fetched.
  public var sourceURL: String?
  /// `--platform`: navigate as this device; only lint and show without it.
  public var device: Device?
  /// `--installed`, as written.
  public var installed: [String] = []
  public var request: NavigationRequest
  public var format: OutputFormat
  public var strict: Bool
  public var style: TerminalStyle
  public var toolVersion = PackageVersion.current

  public init(
    fileName: String, source: [UInt8], sourceURL: String? = nil, device: Device? = nil,
    installed: [String] = [], request: NavigationRequest? = nil, format: OutputFormat = .text,
    strict: Bool = false, style: TerminalStyle = .plain
  ) {
    self.fileName = fileName
    self.source = source
    self.sourceURL = sourceURL
    self.device = device
    self.installed = installed
    self.request = request ?? NavigationRequest(userAgent: "aasa \(toolVersion)")
    self.format = format
    self.strict = strict
    self.style = style
  }

  /// Reads `--platform`, with a usage error that lists the devices.
  public static func parseDevice(_ argument: String) throws -> Device {
    guard let device = Device(rawValue: argument.lowercased()) else {
      throw LintRun.UsageError(
        "--platform \(argument) is not a device for a page; use one of "
          + Device.allCases.map(\.rawValue).joined(separator: ", "))
    }
    return device
  }

  /// Reads a JSON object argument (`--extras`, `--app-link-data`).
  public static func parseObject(_ argument: String, option: String) throws -> JSONValue {
    let read = JSONReader.read(argument)
    guard let value = read.value, !read.diagnostics.contains(severity: .error) else {
      throw LintRun.UsageError(
        "\(option) is not JSON: \(read.diagnostics.first?.message ?? "it cannot be read")")
    }
    guard value.members != nil else {
      throw LintRun.UsageError("\(option) must be a JSON object, not \(value.typeDescription)")
    }
    return value
  }

  public func run(output: OutputSink) -> ExitStatus {
    let reading = AppLinkParser.read(source, sourceURL: sourceURL)
    var diagnostics = AppLinksLinter.lint(reading)
    let navigation = device.map { device in
      Navigator.navigate(
        reading.appLink, on: device, installed: .parse(installed, for: device), request: request)
    }
    diagnostics += navigation?.diagnostics ?? []
    diagnostics = diagnostics.map(CommandLineWording.apply)
    let threshold: Severity = strict ? .warning : .error
    let status: ExitStatus = diagnostics.contains(severity: threshold) ? .findings : .success

    switch format {
    case .json:
      output.document(
        AppLinksReportJSON(
          file: fileName, diagnostics: diagnostics, appLink: reading.appLink,
          navigation: navigation))
    case .sarif:
      SARIFWriter.write(
        file: fileName, diagnostics: diagnostics, toolVersion: toolVersion, to: output)
    case .github:
      GitHubAnnotationWriter.write(file: fileName, diagnostics: diagnostics, to: output)
    case .text, .tsv:
      let renderer = DiagnosticTextRenderer(fileName: fileName, source: source, style: style)
      for diagnostic in diagnostics { renderer.render(diagnostic, to: output) }
      output.line(
        "\(fileName.escapingControlCharacters): "
          + DiagnosticTextRenderer.summary(diagnostics, style: style))
      AppLinkTextRenderer(style: style).render(reading.appLink, to: output)
      if let navigation { output.line(AppLinkTextRenderer(style: style).line(navigation)) }
    }
    output.flush()
    return status
  }
}
