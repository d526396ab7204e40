import AASAACME
import AASAHosting
import Logging
import NIOCore
import ServiceLifecycle

/// The whole `aasa-serve` run: load TLS and the site, bind, report, serve until a signal. The
/// executable only parses flags and calls this.
public enum ServerApplication {
  public static func run(
    configuration: ServerConfiguration, logFormat: LogFormat, logger: Logger,
    hosted: [HostedService] = []
  ) async throws(StartupError) {
    // Before anything is bound or reported: a SIGHUP sent once the server says it listens must
    // reload, not end the process.
    let hangups = HangupSignal()
    defer { hangups.cancel() }
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
    var admin: HostedListener?
    if let address = configuration.admin {
      do {
        admin = try await Self.listen(
          address, flag: "--admin", configuration: configuration,
          handler: AdminHandler(
            health: content.health, router: content.router,
            openConnections: { server.openConnections }))
      } catch {
        await server.stop()
        throw error
      }
    }
    var listeners: [HostedListener] = []
    for service in hosted {
      do {
        let listener = try await Self.listen(
          service.address, flag: service.flag, configuration: configuration,
          handler: service.handler, record: service.recorder(accessLog: accessLog))
        listeners.append(listener)
        let address = service.address
        let host = address.host.contains(":") ? "[\(address.host)]" : address.host
        let port = listener.localAddress?.port ?? address.port
        logger.info("\(service.name) on http://\(host):\(port)/")
      } catch {
        for listener in listeners { await listener.close() }
        await admin?.close()
        await server.stop()
        throw error
      }
    }
    let port = server.localAddress?.port ?? configuration.port
    for entry in StartupReport.entries(
      configuration: configuration, port: port, tls: tls, content: content,
      adminPort: admin?.localAddress?.port)
    {
      switch logFormat {
      case .text: logger.info("\(entry.text)")
      // Listings as fields, not indented text: collectors read `path`, `bytes`, `host`.
      case .json: logger.info("\(entry.message)", metadata: entry.fields)
      }
    }

    var reloaders: [any Reloading] = [content.reloader]
    if let certificates = tls?.reloader { reloaders.append(certificates) }
    if let certificates = tls?.reloader, content.router.routesByHost || configuration.acme != nil,
      case .directory(let directory) = configuration.tls
    {
      // After the sites and the certificates have reloaded: is every site still named by one?
      let coverage = CertificateCoverage(
        router: content.router, certificates: certificates.store, directory: directory,
        acme: configuration.acme.map {
          CertificateCoverage.ACME(passive: $0.manager.passive, domains: $0.domains)
        }, logger: logger)
      coverage.check()
      reloaders.append(coverage)
    }
    var services: [any Service] = [
      HangupReloader(signal: hangups, reloaders: reloaders, logger: logger)
    ]
    var challengeServer: HostedListener?
    if let acme = configuration.acme, let board = tls?.acmeBoard,
      case .acme(_, let responder) = tls?.server
    {
      do {
        if let httpPort = acme.httpPort {
          challengeServer = try await Self.listen(
            ListenAddress(host: configuration.host, port: httpPort), flag: "--acme-http-port",
            configuration: configuration, handler: HTTPChallengeHandler(responder: responder))
        }
      } catch {
        for listener in listeners { await listener.close() }
        await admin?.close()
        await server.stop()
        throw error
      }
      services.append(
        ACMEService.make(
          settings: acme, board: board, onDemand: responder.onDemand, router: content.router,
          certificates: tls?.reloader, logger: logger))
      let challenge =
        challengeServer.map { "HTTP-01 on port \($0.localAddress?.port ?? 0)" }
        ?? "TLS-ALPN-01 on port \(port)"
      logger.info(
        "ACME: \(acme.manager.passive ? "passive (never orders)" : "managing certificates") with \(acme.manager.directoryURLs.joined(separator: ", then ")); storage \(acme.manager.storage.directory); \(challenge)"
      )
      if let warning = ACMEPortCheck.warning(
        passive: acme.manager.passive, servingPort: port,
        challengePort: challengeServer.map { $0.localAddress?.port ?? 0 })
      {
        logger.warning("\(warning)")
      }
    }
    if let interval = configuration.watchInterval {
      for reloader in reloaders {
        services.append(ReloadPoller(reloader: reloader, interval: interval))
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
    var refusal: ACMEAccountRefusal?
    do {
      try await group.run()
    } catch let error as ACMEAccountRefusal {
      // A configuration the CA will never accept: exit and say what to change, rather than
      // serve placeholders forever.
      refusal = error
    } catch {
      logger.error("stopped with an error: \(error)")
    }
    // Kept up while draining, so probes see /readyz fail until the end.
    await admin?.close()
    for listener in listeners { await listener.close() }
    await challengeServer?.close()
    // The last lines ("stopped") are still queued; a log reader that stalls at exit must not
    // hold the process past its shutdown timeout, hence the limit.
    LogWriter.standardOutput.flush(timeout: .seconds(1))
    if let refusal { throw StartupError(refusal.description) }
  }

  /// A plain listener beside the sites (`--admin`, `--validator`, `--acme-http-port`), with the
  /// site listener's limits; one that cannot start stops the server (status 2).
  private static func listen(
    _ address: ListenAddress, flag: String, configuration: ServerConfiguration,
    handler: any HostedHandler, record: @escaping @Sendable (HostedExchange) -> Void = { _ in }
  ) async throws(StartupError) -> HostedListener {
    do {
      return try await HostedListener.bind(
        address, flag: flag, limits: configuration.hostingLimits, handler: handler,
        record: record)
    } catch {
      throw StartupError(error.message)
    }
  }
}
