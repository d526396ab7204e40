import Logging
import NIOCore
import ServiceLifecycle

/// The whole `aasa-serve` run: load TLS and the site, bind, report, serve until a signal. The
/// executable only parses flags and calls this.
public enum ServerApplication {
  public static func run(
    configuration: ServerConfiguration, logFormat: LogFormat, logger: Logger
  ) async throws(StartupError) {
    ServerMetrics.bootstrap()
    let tls = try TLSSetup.load(
      configuration.tls, allowUntrusted: configuration.allowUntrustedCertificate)
    for problem in tls?.warnings ?? [] {
      logger.warning("\(problem); Apple's and Google's fetchers will refuse it")
    }
    let site = try SiteReloader.load(configuration: configuration, logger: logger)
    for line in site.findings { logger.warning("\(line)") }
    for skip in site.skipped { logger.warning("not serving \(skip.path): \(skip.reason.rawValue)") }

    let accessLog = configuration.accessLog ? AccessLog(logger: logger, format: logFormat) : nil
    let server = try await SiteServer.bind(
      configuration: configuration, store: site.reloader.store, tls: tls?.context,
      accessLog: accessLog, logger: logger, health: site.reloader.health)
    var admin: AdminServer?
    if let address = configuration.admin {
      do {
        admin = try await AdminServer.bind(
          host: address.host, port: address.port, health: site.reloader.health,
          store: site.reloader.store, openConnections: { server.openConnections })
      } catch {
        await server.stop()
        throw error
      }
    }
    let port = server.localAddress?.port ?? configuration.port
    for line in StartupReport.lines(
      configuration: configuration, port: port, tls: tls, files: site.files,
      adminPort: admin?.localAddress?.port)
    {
      logger.info("\(line)")
    }

    var services: [any Service] = [HangupReloader(reloader: site.reloader, logger: logger)]
    if let interval = configuration.watchInterval {
      services.append(SiteWatcher(reloader: site.reloader, interval: interval))
    }
    // Last, because a service group stops its services from the last to the first: the
    // listener closes as soon as the signal arrives.
    services.append(server)
    let group = ServiceGroup(
      configuration: .init(
        services: services.map { .init(service: $0) },
        gracefulShutdownSignals: [.sigterm, .sigint],
        logger: Logger(label: "aasa-serve.lifecycle", factory: { _ in SwiftLogNoOpLogHandler() })
      ))
    do {
      try await group.run()
    } catch {
      logger.error("stopped with an error: \(error)")
    }
    // Kept up while draining, so probes see /readyz fail until the end.
    await admin?.close()
    // The last lines ("stopped") are still queued; a log reader that stalls at exit must not
    // hold the process past its shutdown timeout, hence the limit.
    LogWriter.standardOutput.flush(timeout: .seconds(1))
  }
}

/// The lines printed once the socket is bound: where, what, and how to try it.
public enum StartupReport {
  public static func lines(
    configuration: ServerConfiguration, port: Int, tls: TLSSetup.Loaded?, files: [ServedFile],
    adminPort: Int? = nil
  ) -> [String] {
    let scheme = tls == nil ? "http" : "https"
    let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
    let base = "\(scheme)://\(host):\(port)"
    var lines = ["listening on \(base)"]
    if let tls {
      lines.append("TLS: \(tls.summary); ALPN h2, http/1.1")
    } else {
      lines.append(
        "plain HTTP, no TLS: run behind a load balancer that terminates TLS "
          + "(Apple and Google only fetch over HTTPS), or pass --tls-cert/--tls-key or --self-signed"
      )
    }
    lines.append("serving \(files.count) file(s) from \(configuration.root):")
    for file in files {
      let note = WellKnownValidation.kind(of: file.path) != nil ? ", validated" : ""
      lines.append(
        "  \(file.path) (\(file.bytes.readableBytes) bytes, \(file.contentType)\(note))")
    }
    if files.contains(where: { $0.path == SitePaths.appleAppSiteAssociation })
      && !files.contains(where: { $0.path == SitePaths.legacyAppleAppSiteAssociation })
    {
      lines.append("  \(SitePaths.legacyAppleAppSiteAssociation) (same file, legacy location)")
    }
    if !files.contains(where: {
      $0.path == SitePaths.appleAppSiteAssociation
        || $0.path == SitePaths.legacyAppleAppSiteAssociation
    }) {
      lines.append(
        "no apple-app-site-association file: put one in \(configuration.root)/.well-known/")
    }
    if let admin = configuration.admin, let adminPort {
      let adminHost = admin.host.contains(":") ? "[\(admin.host)]" : admin.host
      lines.append("admin on http://\(adminHost):\(adminPort) (/healthz, /readyz, /metrics)")
    }
    // A wildcard address is not something to connect to; loopback reaches it.
    let curlHost =
      switch configuration.host {
      case "0.0.0.0", "::", "": "localhost"
      default: host
      }
    lines.append(
      "try: curl -i \(tls?.curlTrustOption ?? "")\(scheme)://\(curlHost):\(port)"
        + SitePaths.appleAppSiteAssociation)
    return lines
  }
}
