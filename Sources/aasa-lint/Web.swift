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

  /// `--token-file`, `--allow`, `--ca-file`, `--host-name`: the same as `aasa-serve`'s.
  @OptionGroup var flags: ValidatorFlags

  func run() async throws {
    let setup: (ValidatorConfiguration, ListenAddress)
    do {
      setup = try flags.configuration(listen: listen)
    } catch {
      throw UsageError(error.message)
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
      throw UsageError(error.description)
    }
    let host = address.host.contains(":") ? "[\(address.host)]" : address.host
    let output = OutputSink.standardOutput()
    output.line("http://\(host):\(listener.localAddress?.port ?? address.port)/")
    output.flush()
    while true { try await Task.sleep(nanoseconds: 3_600_000_000_000) }
  }
}
