import AASALint
import AASALiveCheck
import ArgumentParser

/// `aasa-lint check URL`: is what Apple's fetcher gets from this site right, right now.
struct Check: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Check a deployed site: fetch its association files as Apple does and judge them.",
    discussion: """
      Fetches /.well-known/apple-app-site-association, /apple-app-site-association and \
      /.well-known/assetlinks.json without following redirects, reading at most 128 KB, and \
      reports each requirement as a pass, warn or fail line: connection, TLS certificate, status, \
      redirect, Content-Type, size, Content-Encoding, signature, JSON and lint.

        aasa-lint check https://example.com
        aasa-lint check https://example.com --path /albums/1 --app ABCDE12345.com.example.app
        aasa-lint check https://staging.internal:8443 --ca-file staging-ca.pem --format json

      Exit status: 0 nothing failed (warnings allowed), 1 a requirement failed, 2 a usage error.
      """)

  @Argument(help: ArgumentHelp("The site, e.g. https://example.com.", valueName: "url"))
  var url: String

  @Option(
    name: .customLong("paths"),
    help: ArgumentHelp(
      "A file of paths to route on the live file, one per line; - reads standard input.",
      valueName: "list"))
  var pathList: String?

  @Option(
    name: .customLong("path"),
    help: ArgumentHelp("A path to route on the live file; repeatable.", valueName: "path"))
  var paths: [String] = []

  @Option(
    help: ArgumentHelp(
      "The live file must name this app; routes show only its verdict.", valueName: "app-id"))
  var app: String?

  @Option(
    name: .customLong("ca-file"),
    help: ArgumentHelp(
      "Trust the certificates in this PEM file instead of the system's roots.", valueName: "pem"))
  var caFile: String?

  @Option(
    help: ArgumentHelp("Seconds to wait for a connection or a response.", valueName: "seconds"))
  var timeout: Double = 10

  @Option(help: "Output format: text (for people) or json (one object, stable).")
  var format: CheckFormat = .text

  @Flag(name: .shortAndLong, help: "Under each route, list every app's verdict.")
  var verbose = false

  @Option(help: "Colour: auto (a terminal without NO_COLOR), always or never.")
  var color: ColorChoice = .auto

  enum CheckFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
  }

  func validate() throws {
    guard timeout > 0, timeout <= 600 else {
      throw ValidationError("--timeout must be between 0 and 600 seconds")
    }
  }

  func run() async throws {
    let site: SiteAddress
    do {
      site = try SiteAddress(parsing: url)
    } catch {
      throw LintRun.UsageError(error.description)
    }
    let trust: TrustRoots
    do {
      trust =
        try caFile.map { path throws(TrustRoots.UnreadableCAFile) in try TrustRoots.caFile(path) }
        ?? .system
    } catch {
      throw LintRun.UsageError(error.description)
    }
    var allPaths = paths
    if let pathList {
      try LineReader(path: pathList).forEachLine { allPaths.append(String($0)) }
    }
    let options = LiveCheckOptions(
      site: site, paths: allPaths, app: app, trust: trust,
      timeoutSeconds: timeout)
    let report = await LiveCheck(options: options).run()

    let output = OutputSink.standardOutput()
    switch format {
    case .text:
      LiveCheckTextRenderer(style: color.style, verbose: verbose).render(report, to: output)
    case .json: LiveCheckJSONWriter.write(report, to: output)
    }
    output.flush()
    if report.exitStatus != .success { throw ExitCode(report.exitStatus.rawValue) }
  }
}
