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
    let tls = try ListenerTLS.load(configuration: configuration, logger: logger)
    for problem in tls?.warnings ?? [] {
      logger.warning("\(problem); Apple's and Google's fetchers will refuse it")
    }
    let content = try SiteContent.load(configuration: configuration, logger: logger)

    let accessLog = configuration.accessLog ? AccessLog(logger: logger, format: logFormat) : nil
    let server = try await SiteServer.bind(
      configuration: configuration, router: content.router, tls: tls?.server,
      accessLog: accessLog, logger: logger, health: content.health)
    var admin: AdminServer?
    if let address = configuration.admin {
      do {
        admin = try await AdminServer.bind(
          host: address.host, port: address.port, health: content.health,
          router: content.router, openConnections: { server.openConnections })
      } catch {
        await server.stop()
        throw error
      }
    }
    let port = server.localAddress?.port ?? configuration.port
    for line in StartupReport.lines(
      configuration: configuration, port: port, tls: tls, content: content,
      adminPort: admin?.localAddress?.port)
    {
      logger.info("\(line)")
    }

    var reloaders: [any Reloading] = [content.reloader]
    if let certificates = tls?.reloader { reloaders.append(certificates) }
    var services: [any Service] = [HangupReloader(reloaders: reloaders, logger: logger)]
    if let interval = configuration.watchInterval {
      for reloader in reloaders {
        services.append(SiteWatcher(reloader: reloader, interval: interval))
      }
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
    configuration: ServerConfiguration, port: Int, tls: ListenerTLS?, content: SiteContent,
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
    let files: [ServedFile]
    switch content.listing {
    case .sites(let directory, let sites):
      lines.append("serving \(sites.count) site(s) from \(directory), by Host:")
      for site in sites { lines.append("  \(site.host) (\(site.files) file(s))") }
      if !sites.contains(where: { $0.host == SitesReloader.fallbackName }) {
        lines.append(
          "other hosts get 421 (add \(directory)/\(SitesReloader.fallbackName) to answer them)")
      }
      lines.append(contentsOf: adminLine(configuration: configuration, adminPort: adminPort))
      let example = sites.first { $0.host != SitesReloader.fallbackName }?.host ?? "example.com"
      lines.append(
        "try: curl -i \(tls?.curlTrustOption ?? "")--resolve \(example):\(port):127.0.0.1 "
          + "\(scheme)://\(example):\(port)\(SitePaths.appleAppSiteAssociation)")
      return lines
    case .files(let served):
      files = served
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
    lines.append(contentsOf: adminLine(configuration: configuration, adminPort: adminPort))
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

  private static func adminLine(configuration: ServerConfiguration, adminPort: Int?) -> [String] {
    guard let admin = configuration.admin, let adminPort else { return [] }
    let adminHost = admin.host.contains(":") ? "[\(admin.host)]" : admin.host
    return ["admin on http://\(adminHost):\(adminPort) (/healthz, /readyz, /metrics)"]
  }
}

/// The listener's TLS, whichever flag gave it, with what start-up says about it.
public struct ListenerTLS: Sendable {
  public var server: ServerTLS
  public var summary: String
  public var curlTrustOption: String
  public var warnings: [String]
  /// `--tls-dir`: what keeps the certificates current.
  public var reloader: CertificateReloader?

  static func load(configuration: ServerConfiguration, logger: Logger) throws(StartupError)
    -> ListenerTLS?
  {
    if case .directory(let directory) = configuration.tls {
      let loaded = try CertificateReloader.load(
        directory: directory, allowUntrusted: configuration.allowUntrustedCertificate,
        settleTime: configuration.settleTime, logger: logger)
      return ListenerTLS(
        server: .bySNI(loaded.reloader.store), summary: loaded.summary, curlTrustOption: "",
        warnings: loaded.warnings, reloader: loaded.reloader)
    }
    guard
      let loaded = try TLSSetup.load(
        configuration.tls, allowUntrusted: configuration.allowUntrustedCertificate)
    else { return nil }
    return ListenerTLS(
      server: .single(loaded.context), summary: loaded.summary,
      curlTrustOption: loaded.curlTrustOption, warnings: loaded.warnings, reloader: nil)
  }
}

/// What is served: one site (`--root`) or a site per host (`--sites`), with what reloads it,
/// routes to it and reports on it.
public struct SiteContent: Sendable {
  public enum Listing: Sendable {
    /// `--root`: the files served, sorted by path.
    case files([ServedFile])
    /// `--sites`: the folder and each site with its number of files.
    case sites(directory: String, [(host: String, files: Int)])
  }

  public var router: SiteRouter
  public var reloader: any Reloading
  public var health: SiteHealth
  public var listing: Listing

  /// Loads the site or sites, logging warnings; refuses to start only for what `--root` refuses
  /// (with `--sites`, a broken site is left out and the others are served).
  public static func load(configuration: ServerConfiguration, logger: Logger)
    throws(StartupError) -> SiteContent
  {
    if let directory = configuration.sites {
      let loaded = try SitesReloader.load(
        directory: directory, configuration: configuration, logger: logger)
      return SiteContent(
        router: loaded.reloader.router, reloader: loaded.reloader,
        health: loaded.reloader.health, listing: .sites(directory: directory, loaded.sites))
    }
    let site = try SiteReloader.load(configuration: configuration, logger: logger)
    for line in site.findings { logger.warning("\(line)") }
    for skip in site.skipped { logger.warning("not serving \(skip.path): \(skip.reason.rawValue)") }
    return SiteContent(
      router: SiteRouter(single: site.reloader.store), reloader: site.reloader,
      health: site.reloader.health, listing: .files(site.files))
  }
}
