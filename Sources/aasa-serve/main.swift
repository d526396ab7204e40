import AASAACME
import AASACore
import AASAHosting
import AASAServer
import ArgumentParser
import Foundation
import Logging
import NIOCore

/// `aasa-serve`: flags in, `ServerApplication.run` out. Everything else lives in `AASAServer`.
struct ServeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "aasa-serve",
    abstract: "Serve /.well-known files (apple-app-site-association, assetlinks.json) over HTTPS.",
    discussion: """
      Loads every file under --root into memory, checks the association files with the AASA \
      library before serving them (an invalid one stops start-up), watches the folder and \
      swaps in changed files atomically once they have settled; a broken new version never \
      replaces a good one. SIGHUP reloads without waiting for the next scan; SIGTERM and SIGINT \
      finish in-flight requests, then exit.

      Examples (each line copies as shown; a trailing \\ continues the command):
        aasa-serve --root examples/site --self-signed
        aasa-serve --root /srv/site --tls-cert fullchain.pem --tls-key privkey.pem \\
            --host 0.0.0.0 --port 443 --admin 127.0.0.1:9090
        aasa-serve --sites /srv/sites --tls-dir /etc/aasa/certs \\
            --host 0.0.0.0 --port 443
        aasa-serve --sites /srv/sites --acme --acme-dir /var/lib/aasa/acme \\
            --acme-email ops@example.com --host 0.0.0.0 --port 443
        aasa-serve --root examples/site --self-signed --validator 127.0.0.1:7780

      See docs/aasa-serve.md.

      Exit status: 0 after a clean shutdown, 1 when an association file is invalid or cannot be \
      served, 2 for a usage or configuration error (bad flag, unreadable, mismatched or untrusted \
      certificate, no association file, port in use).
      """,
    version: PackageVersion.current)

  @Option(
    help: ArgumentHelp(
      "The site folder: .well-known/apple-app-site-association, assetlinks.json, and any other static files. One site, whatever the Host.",
      valueName: "dir"))
  var root: String?

  @Option(
    help: ArgumentHelp(
      "Many sites: one subfolder per host (DIR/example.com/.well-known/…), chosen by the request's Host or :authority (case, port and a trailing dot do not matter). Hosts with no folder get 421, or the site in DIR/_default when there is one. Each site is validated and reloaded on its own: a broken site is refused and logged, and the others go on. Folders added or removed are picked up after --settle-time.",
      valueName: "dir"))
  var sites: String?

  @Option(
    help: ArgumentHelp(
      "The address to listen on. Use 0.0.0.0 (or ::) to accept connections from other machines.",
      valueName: "address"))
  var host = "127.0.0.1"

  @Option(
    help: ArgumentHelp(
      "The TCP port; 0 picks a free one (the chosen port is printed at start-up).",
      valueName: "port"))
  var port: Int = 8443

  @Option(help: ArgumentHelp("PEM certificate chain, leaf first.", valueName: "cert.pem"))
  var tlsCert: String?

  @Option(
    help: ArgumentHelp(
      "PEM private key (EC or RSA, unencrypted) for --tls-cert.", valueName: "key.pem"))
  var tlsKey: String?

  @Option(
    help: ArgumentHelp(
      "A folder of certificates, each chosen by the names in its subjectAltName (SNI; *.example.com matches one label): NAME.crt (or .pem) with NAME.key, or NAME/fullchain.pem with NAME/privkey.pem (certbot). Clients without SNI, or asking for a name no certificate has, get the certificate named 'default', else the first by name. Renewals written in place are picked up after --settle-time, once checked (key matches, valid now, chain in order); a bad one is logged and the old certificate stays.",
      valueName: "dir"))
  var tlsDir: String?

  @Flag(
    help:
      "Make a certificate for localhost and 127.0.0.1 in memory (for trying things out; clients need -k)."
  )
  var selfSigned = false

  @Flag(
    help:
      "Start even when Apple's and Google's fetchers would refuse the certificate (expired, not yet valid, weak key, no subjectAltName); a warning is logged."
  )
  var allowUntrustedCertificate = false

  @Option(
    help: ArgumentHelp(
      "Seconds clients and CDNs may cache files (Cache-Control: public, max-age=S). 0 means no-cache.",
      valueName: "seconds"))
  var cacheMaxAge: Int = 3600

  @Option(
    help: ArgumentHelp(
      "Log lines as text (for people) or json (one object per line, for collectors).",
      valueName: "format"))
  var logFormat: LogFormatArgument = .text

  @Flag(
    help:
      "Serve association files even when validation finds errors. Meant for debugging, never production."
  )
  var allowInvalid = false

  @Flag(inversion: .prefixedNo, help: "Write one access log line per request.")
  var accessLog = true

  @Option(
    help: ArgumentHelp(
      "Seconds a connection may stay silent before it is closed.",
      valueName: "seconds"))
  var idleTimeout: Double = 60

  @Option(
    help: ArgumentHelp(
      "Seconds a client has to send a complete request head (and, on a new connection, finish the TLS handshake). Stops clients that trickle bytes to hold connections.",
      valueName: "seconds"))
  var headerTimeout: Double = 10

  @Option(
    help: ArgumentHelp(
      "Largest request head in bytes; larger requests get 431 and are closed.",
      valueName: "bytes"))
  var maxHeaderSize: Int = 16 * 1024

  @Option(
    help: ArgumentHelp(
      "Most connections open at once; more are closed as soon as they are accepted.",
      valueName: "count"))
  var maxConnections: Int = 10_000

  @Option(
    help: ArgumentHelp(
      "Largest file, in bytes, that is loaded and served (the site is held in memory).",
      valueName: "bytes"))
  var maxFileSize: Int = 8 * 1024 * 1024

  @Option(
    help: ArgumentHelp(
      "Seconds between scans of --root for changes; 0 turns watching off (SIGHUP still reloads).",
      valueName: "seconds"))
  var watchInterval: Double = 1

  @Option(
    help: ArgumentHelp(
      "Seconds a changed file must keep the same bytes, size and modification time before it is served (on scans and on SIGHUP), so half-written files are not served.",
      valueName: "seconds"))
  var settleTime: Double = 2

  @Option(
    help: ArgumentHelp(
      "Seconds in-flight requests get to finish after SIGTERM/SIGINT before connections are cut.",
      valueName: "seconds"))
  var shutdownTimeout: Double = 10

  @Option(
    help: ArgumentHelp(
      "Serve /healthz, /readyz and /metrics (Prometheus) on this address, apart from the site. Off by default; keep it on loopback or a private network.",
      valueName: "host:port"))
  var admin: String?

  @Option(
    help: ArgumentHelp(
      "Event loop threads; the default is one per core.",
      valueName: "count"))
  var threads: Int = System.coreCount

  @OptionGroup(title: "Validator page") var validatorOptions: ValidatorOptions

  @OptionGroup(title: "Automatic certificates (ACME)") var acmeOptions: ACMEOptions

  func validate() throws {
    if root != nil && sites != nil {
      throw ValidationError(
        "give --root DIR (one site) or --sites DIR (a folder of sites, one per host), not both")
    }
    if root == nil && sites == nil {
      throw ValidationError(
        "give the site folder with --root DIR, or a folder of sites (one per host) with --sites DIR"
      )
    }
    if [selfSigned, tlsCert != nil || tlsKey != nil, tlsDir != nil].filter({ $0 }).count > 1 {
      throw ValidationError("use one of --self-signed, --tls-cert/--tls-key and --tls-dir")
    }
    if (tlsCert == nil) != (tlsKey == nil) {
      throw ValidationError("--tls-cert and --tls-key go together")
    }
    try acmeOptions.validate(
      root: root, otherTLS: selfSigned || tlsCert != nil || tlsKey != nil || tlsDir != nil)
    guard (0...65535).contains(port) else { throw ValidationError("--port must be 0...65535") }
    // Upper bounds too: each value is later multiplied (seconds into nanoseconds, the header
    // size doubled for HTTP/2), and a number that overflowed there would stop the server.
    guard (0...Self.maximumSeconds).contains(cacheMaxAge) else {
      throw ValidationError("--cache-max-age must be 0...\(Self.maximumSeconds) seconds")
    }
    for (name, value) in [
      ("--idle-timeout", idleTimeout), ("--header-timeout", headerTimeout),
      ("--shutdown-timeout", shutdownTimeout),
    ] where !(value > 0 && value <= Double(Self.maximumSeconds)) {
      throw ValidationError(
        "\(name) must be more than 0 and at most \(Self.maximumSeconds) seconds")
    }
    for (name, value) in [("--watch-interval", watchInterval), ("--settle-time", settleTime)]
    where !(value >= 0 && value <= Double(Self.maximumSeconds)) {
      throw ValidationError("\(name) must be 0...\(Self.maximumSeconds) seconds")
    }
    guard (1024...(1 << 20)).contains(maxHeaderSize) else {
      throw ValidationError("--max-header-size must be 1024...1048576 bytes")
    }
    if let admin, ListenAddress(admin) == nil {
      throw ValidationError("--admin takes HOST:PORT, for example 127.0.0.1:9090 or [::1]:9090")
    }
    guard (1...1_000_000).contains(maxConnections) else {
      throw ValidationError("--max-connections must be 1...1000000")
    }
    guard (1...(1 << 30)).contains(maxFileSize) else {
      throw ValidationError("--max-file-size must be 1...1073741824 bytes")
    }
    guard (1...1024).contains(threads) else {
      throw ValidationError("--threads must be 1...1024")
    }
  }

  /// The longest time any flag takes: a year. Far beyond any sensible setting, and far inside
  /// what nanoseconds in an `Int64` can hold (292 years).
  static let maximumSeconds = 365 * 24 * 3600

  var serverConfiguration: ServerConfiguration {
    let tls: TLSSource =
      if let tlsCert, let tlsKey {
        .files(certificate: tlsCert, key: tlsKey)
      } else if let tlsDir {
        .directory(tlsDir)
      } else if acmeOptions.acme {
        .directory(ACMEStorage(directory: acmeOptions.acmeDir).certificatesDirectory)
      } else if selfSigned {
        .selfSigned
      } else {
        .none
      }
    return ServerConfiguration(
      root: root ?? "", sites: sites, host: host, port: port, tls: tls,
      allowUntrustedCertificate: allowUntrustedCertificate,
      cacheMaxAge: cacheMaxAge == 0 ? nil : cacheMaxAge, allowInvalid: allowInvalid,
      idleTimeout: .seconds(idleTimeout), headerTimeout: .seconds(headerTimeout),
      maxHeaderSize: maxHeaderSize, maxConnections: maxConnections, maxFileSize: maxFileSize,
      watchInterval: watchInterval == 0 ? nil : .seconds(watchInterval),
      settleTime: .seconds(settleTime),
      shutdownTimeout: .seconds(shutdownTimeout), threads: threads, accessLog: accessLog,
      admin: admin.flatMap(ListenAddress.init))
  }

  func run() async throws {
    let format = logFormat.format
    LoggingSystem.bootstrap { label in LineLogHandler(label: label, format: format) }
    LogWriter.standardOutput.setNoticeFormat(format)
    let logger = Logger(label: "aasa-serve")
    var configuration = serverConfiguration
    configuration.acme = try acmeOptions.settings()
    do {
      try await ServerApplication.run(
        configuration: configuration, logFormat: format, logger: logger,
        hosted: validatorOptions.services(logger: logger))
    } catch {
      LogWriter.standardOutput.flush(timeout: .seconds(2))
      // On stderr, in the format of every other line: text for a person, JSON for a collector.
      StandardError.write(
        LineLogHandler.fatalLine(error, format: format))
      terminate(error.exitCode)
    }
  }
}

enum LogFormatArgument: String, ExpressibleByArgument, CaseIterable {
  case text, json
  var format: LogFormat { self == .text ? .text : .json }
}

enum StandardError {
  static func write(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }
}

/// `exit(3)`, named apart from ArgumentParser's `exit(withError:)`.
func terminate(_ status: Int32) -> Never {
  exit(status)
}

extension TimeAmount {
  fileprivate static func seconds(_ value: Double) -> TimeAmount {
    .nanoseconds(Int64(value * 1_000_000_000))
  }
}

// Usage errors exit with 2 (the shell convention), not ArgumentParser's 64.
do {
  let command = try ServeCommand.parse()
  try await command.run()
} catch {
  let code = ServeCommand.exitCode(for: error)
  if code == .success {
    print(ServeCommand.fullMessage(for: error))
    exit(0)
  }
  // One line in the server's own voice, like every other refusal, rather than ArgumentParser's
  // `Error:` and usage block.
  let message = ServeCommand.message(for: error).trimmingCharacters(in: .whitespacesAndNewlines)
  StandardError.write(
    message.escapingControlCharactersByLine.split(separator: "\n").map { "aasa-serve: " + $0 }
      .joined(separator: "\n")
      + "\naasa-serve: see aasa-serve --help for the options")
  exit(2)
}
