import AASAExporter
import AASAHosting
import AASALint
import AASALiveCheck
import ArgumentParser
import Foundation
import Logging

/// `aasa-lint exporter`: `check` at every Prometheus scrape, as blackbox_exporter's multi-target
/// exporter (docs/exporter.md). Parses options and wires the library's parts; nothing else.
struct Exporter: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract:
      "Serve Prometheus metrics of live checks: one check per scrape of /probe?target=HOST.",
    discussion: """
      Answers GET /probe?target=HOST&module=NAME with the check's lines as metrics (aasa_*), \
      GET /metrics with the exporter's own, / with the last probes. Only targets an --allow rule \
      names are probed; others get 400 without a fetch. Modules (app, paths, expect table, \
      Android packages, Apple's CDN, Google's API) come from --config; SIGHUP or POST /-/reload \
      reads it again. See docs/exporter.md for the scrape configuration and the alert rules.

        aasa-lint exporter --allow example.com --allow '*.example.com' --config exporter.json
        aasa-lint exporter --listen 0.0.0.0:10110 --allow 10.20.0.0/16 --ca-file corp-ca.pem
      """)

  @Option(
    help: ArgumentHelp(
      "Where to listen, HOST:PORT (port 0 picks one).",
      valueName: "addr:port"))
  var listen = "127.0.0.1:\(ExporterListener.defaultPort)"

  @Option(
    help: ArgumentHelp(
      "A target that may be probed: CIDR, HOST or *.DOMAIN, optionally :PORT (repeatable, at least one).",
      valueName: "rule"))
  var allow: [String] = []

  @Option(
    help: ArgumentHelp("The modules, a JSON file (docs/exporter.md).", valueName: "file"),
    completion: .file())
  var config: String?

  @Option(
    name: .customLong("ca-file"),
    help: ArgumentHelp("Trust this PEM file's roots too (an internal CA).", valueName: "pem"),
    completion: .file())
  var caFile: String?

  @Option(help: ArgumentHelp("Probes that may run at once.", valueName: "n"))
  var concurrency = 8

  func run() async throws {
    guard !allow.isEmpty else {
      throw UsageError(
        "--allow is needed: name the targets that may be probed (HOST, *.DOMAIN, CIDR), so that /probe cannot reach anything else"
      )
    }
    var rules: [AllowRule] = []
    for text in allow {
      do {
        rules.append(try AllowRule(parsing: text))
      } catch {
        throw UsageError("--allow \(error.description)")
      }
    }
    guard (1...256).contains(concurrency) else {
      throw UsageError("--concurrency must be 1 to 256")
    }
    guard let address = ListenAddress(listen) else {
      throw UsageError("--listen \(listen) is not HOST:PORT")
    }
    if let caFile { _ = try TrustRoots.fromArgument(caFile: caFile) }
    LoggingSystem.bootstrap(StreamLogHandler.standardError)
    let logger = Logger(label: "aasa-lint.exporter")
    let state: ExporterState
    do {
      state = try ExporterState(
        configurationPath: config, policy: FetchPolicy(rules: rules), caFile: caFile,
        concurrency: concurrency, logger: logger)
    } catch {
      throw UsageError("--config \(error.description)")
    }
    let hangup = HangupReload(state)
    defer { hangup.cancel() }
    let listener: HostedListener
    do {
      listener = try await ExporterListener.bind(address, state: state, logger: logger)
    } catch {
      throw UsageError(error.description)
    }
    let host = address.host.contains(":") ? "[\(address.host)]" : address.host
    let output = OutputSink.standardOutput()
    output.line("http://\(host):\(listener.localAddress?.port ?? address.port)/")
    output.flush()
    while true { try await Task.sleep(nanoseconds: 3_600_000_000_000) }
  }
}
