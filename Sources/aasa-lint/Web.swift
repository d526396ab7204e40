import AASAHosting
import AASALint
import AASALiveCheck
import AASAValidator
import ArgumentParser
import Foundation
import Logging

/// `aasa-lint web`: the validator page for one person, on loopback (docs/validator.md).
struct Web: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract:
      "Open the validator page: check sites, lint pasted files, route URLs, diff, in a browser.",
    discussion: """
      Serves the page and its JSON API (/api/v1/lint, check, diff, about) on loopback and prints \
      the URL to open as the first line. It fetches only https on port 443 of public addresses \
      unless --allow widens that; any other bind address needs --token-file. See docs/validator.md.

        aasa-lint web
        aasa-lint web --allow 10.20.0.0/16 --allow '*.staging.example' --ca-file corp-ca.pem
        aasa-lint web --listen 0.0.0.0:7780 --token-file validator.token
      """)

  @Option(
    help: ArgumentHelp("Where to listen, HOST:PORT (port 0 picks one).", valueName: "addr:port"))
  var listen = "127.0.0.1:7780"

  @Option(
    name: .customLong("token-file"),
    help: ArgumentHelp(
      "A file holding the bearer token the API requires (16 bytes or more); needed beyond loopback.",
      valueName: "file"), completion: .file())
  var tokenFile: String?

  @Option(
    help: ArgumentHelp(
      "Also fetch from CIDR, HOST or *.DOMAIN, optionally :PORT (repeatable).",
      valueName: "rule"))
  var allow: [String] = []

  @Option(
    name: .customLong("ca-file"),
    help: ArgumentHelp("Trust this PEM file's roots too (an internal CA).", valueName: "pem"),
    completion: .file())
  var caFile: String?

  @Option(
    name: .customLong("host-name"),
    help: ArgumentHelp(
      "Another name the page is opened by (Host header), e.g. behind a proxy (repeatable).",
      valueName: "name"))
  var hostNames: [String] = []

  @Option(
    name: .customLong("cdn-base"),
    help: ArgumentHelp(
      "Apple's CDN's base URL instead of https://app-site-association.cdn-apple.com/a/v1, for tests; its host is vetted as any other.",
      valueName: "url", visibility: .hidden))
  var cdnBase: String?

  func run() async throws {
    let setup: (ValidatorConfiguration, ListenAddress)
    do {
      setup = try ValidatorSetup.configuration(
        listen: listen, tokenFile: tokenFile, allow: allow, caFile: caFile, hostNames: hostNames,
        cdnBase: cdnBase)
    } catch {
      throw ValidationError(error.message)
    }
    let (configuration, address) = setup
    LoggingSystem.bootstrap(StreamLogHandler.standardError)
    let logger = Logger(label: "aasa-lint.web")
    let listener: HostedListener
    do {
      listener = try await HostedListener.bind(
        address, flag: "--listen", limits: HostingLimits(),
        handler: ValidatorHandler(configuration: configuration, logger: logger),
        record: AccessLog(logger: logger, format: .text).record)
    } catch {
      // A --listen that cannot be bound, or that binds a non-loopback address without a token,
      // is the command line's to fix: status 2, as aasa-serve exits for its listeners.
      throw ValidationError(error.description)
    }
    let host = address.host.contains(":") ? "[\(address.host)]" : address.host
    let output = OutputSink.standardOutput()
    output.line("http://\(host):\(listener.localAddress?.port ?? address.port)/")
    output.flush()
    while true { try await Task.sleep(nanoseconds: 3_600_000_000_000) }
  }
}
