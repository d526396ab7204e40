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

  /// `-v`: under each URL, why every other intent filter does not match.
  package var verbose = false

  /// Reads `NAME=VALUE` placeholders, the `manifestPlaceholders` and `applicationId` of the
  /// module's `build.gradle(.kts)` (`gradle`, or the one found beside the manifest; a
  /// `--placeholder` wins over it), and the `res/values/` strings and bools beside the manifest
  /// at `path` (then `values-v31`, Android 12's, which overrides them).
  package mutating func loadResources(
    manifestPath path: String, placeholders: [String], gradle: String? = nil
  ) throws {
    if let buildFile = gradle ?? GradlePlaceholders.findBuildFile(besideManifest: path) {
      let bytes = try FileInput.read(buildFile)
      let build = GradlePlaceholders(buildFile: String(decoding: bytes, as: UTF8.self))
      for (name, value) in build.placeholders { resources.placeholders[name] = value }
      if let applicationId = build.applicationId {
        resources.placeholders["applicationId"] = applicationId
      }
    }
    for argument in placeholders {
      guard let (name, value) = Self.placeholder(argument) else {
        throw LintRequest.ArgumentError("--placeholder \(argument): \(Self.placeholderForm)")
      }
      resources.placeholders[name] = value
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

  /// A placeholder given as `NAME=VALUE` (on the command line or in a validator request), or nil.
  package static func placeholder(_ argument: String) -> (name: String, value: String)? {
    guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
      return nil
    }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  /// How a placeholder is written, after the one refused.
  package static let placeholderForm = "write NAME=VALUE, e.g. hostName=example.com"

  /// The manifest's report; with URLs, which activity opens each one.
  package func run(urls: URLSource = .none) throws -> ManifestLintReport {
    let router = ManifestRouter(manifest: source, resources: resources)
    return ManifestLintReport(
      file: LintedFile(name: fileName, source: source),
      manifest: router.report.inCommandLineWords(),
      threshold: strict ? .warning : .error,
      routes: urls.isEmpty ? nil : try urls.collect().map(router.route), verbose: verbose)
  }
}

/// What `aasa-lint AndroidManifest.xml` found: the hosts Android verifies, the filters it does
/// not and why, and the manifest's findings.
package struct ManifestLintReport: Report {
  package var file: LintedFile
  package var manifest: ManifestReport
  package var threshold: Severity
  /// With URLs: which activity and intent filter open each one, and why the others do not.
  package var routes: [ManifestRoute]?
  package var verbose = false

  package var outcome: Outcome { Outcome(failing: manifest.hasFindings(atOrAbove: threshold)) }
}

extension ManifestLintReport: TextReport {
  package func writeText(to output: OutputSink, _ context: RenderContext) {
    let style = context.style
    let report = manifest
    file.writeDiagnostics(report.diagnostics, to: output, style: style)
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
    if let routes {
      output.line()
      writeRoutes(routes, to: output, style: style)
    }
  }

  /// `URL  →  opens .ProductActivity (intent filter at 12:7, android:pathPrefix="/products" at
  /// 15:13)`, and with `-v` (or when nothing matches) each other filter and why it does not
  /// match. URLs and the manifest's words are shown escaped.
  private func writeRoutes(_ routes: [ManifestRoute], to output: OutputSink, style: TerminalStyle) {
    for route in routes {
      let summary = route.summary.escapingControlCharacters
      let shown =
        route.decision == .opens
        ? style.green(summary)
        : route.decision == .none ? style.red(summary) : style.yellow(summary)
      output.line("\(route.url.escapingControlCharacters)  →  " + shown)
      if let older = route.beforeAndroid15 {
        output.line("    " + style.yellow(older.summary.escapingControlCharacters))
      }
      if route.isAmbiguous {
        let others = Set(route.alsoMatching.map(\.activity)).sorted()
        output.line(
          "    " + style.yellow("also matched by ")
            + others.joined(separator: ", ").escapingControlCharacters
            + style.dim(" (Android asks which app or activity)"))
      }
      guard verbose || route.match == nil else { continue }
      for miss in route.nearMisses {
        output.line(
          "    " + style.dim("\(miss.activity) (intent filter at \(miss.filterLocation)): ")
            + "\(miss.part): \(miss.reason)".escapingControlCharacters)
      }
    }
  }
}

extension ManifestLintReport: FileLintReport {
  package var summarizedDocument: any SummarizedReport {
    var document = ManifestReportJSON(file: file.name, manifest)
    document.routes = routes?.map(ManifestReportJSON.Route.init)
    return document
  }
}

extension ManifestLintReport: TSVReport {
  /// `host<TAB>line` for each host Android 12+ verifies; with URLs, `url<TAB>activity or
  /// -<TAB>decision` for each.
  package func writeTSV(to output: OutputSink, _ context: RenderContext) {
    if let routes {
      for route in routes {
        output.line(
          [route.url, route.match?.activity ?? "-", route.decision.rawValue]
            .map(\.escapingControlCharacters).joined(separator: "\t"))
      }
      return
    }
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
  /// With URLs only: `[{"url", "decision", "activity", "filter": {"line", "column"},
  /// "deciding": {"attribute", "value", "line", "column"}, "hostVerified", "alsoMatching",
  /// "nearMisses": [{"activity", "line", "column", "part", "reason"}]}]`.
  var routes: [Route]?
  var summary: SummaryJSON

  struct Route: Encodable {
    struct Position: Encodable {
      var line: Int
      var column: Int
    }

    struct Deciding: Encodable {
      var attribute: String
      var value: String
      var line: Int
      var column: Int
    }

    struct Miss: Encodable {
      var activity: String
      var line: Int
      var column: Int
      var part: String
      var reason: String
    }

    var url: String
    var decision: String
    var activity: Nullable<String>
    var filter: Nullable<Position>
    var deciding: Nullable<Deciding>
    var hostVerified: Bool
    var alsoMatching: [String]
    var nearMisses: [Miss]
    /// Only where Android 14 and lower answer otherwise (they ignore
    /// `<uri-relative-filter-group>`); absent, not null, so that other routes read as before.
    var beforeAndroid15: BeforeAndroid15?

    struct BeforeAndroid15: Encodable {
      var decision: String
      var activity: Nullable<String>
      var summary: String
    }

    init(_ route: ManifestRoute) {
      url = route.url
      decision = route.decision.rawValue
      activity = Nullable(route.match?.activity)
      filter = Nullable(
        route.match.map {
          Position(line: $0.filterLocation.line, column: $0.filterLocation.column)
        })
      deciding = Nullable(
        route.match.map {
          Deciding(
            attribute: $0.deciding.attribute, value: $0.deciding.written,
            line: $0.deciding.location.line, column: $0.deciding.location.column)
        })
      hostVerified = route.hostIsVerified
      alsoMatching = route.alsoMatching.map(\.activity)
      nearMisses = route.nearMisses.map {
        Miss(
          activity: $0.activity, line: $0.filterLocation.line, column: $0.filterLocation.column,
          part: $0.part.rawValue, reason: $0.reason)
      }
      beforeAndroid15 = route.beforeAndroid15.map {
        BeforeAndroid15(
          decision: $0.decision.rawValue, activity: Nullable($0.activity), summary: $0.summary)
      }
    }
  }

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
