import AASAHosting
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

/// The listening socket and the pipeline every connection gets. A `Service`: it runs until
/// graceful shutdown, then stops accepting, lets in-flight requests finish (up to the shutdown
/// timeout) and closes what is left.
public final class SiteServer: Service, Sendable {
  let configuration: ServerConfiguration
  let router: SiteRouter
  let tls: ServerTLS?
  let accessLog: AccessLog?
  let logger: Logger
  let group: MultiThreadedEventLoopGroup
  let registry: ConnectionRegistry
  let channel: Channel
  let health: SiteHealth?

  /// Where the server listens, with the port the kernel picked when asked for port 0.
  public var localAddress: SocketAddress? { channel.localAddress }

  /// Binds the socket; the server answers requests from this point on.
  /// - Parameter health: Told when draining starts, so `/readyz` says so.
  public static func bind(
    configuration: ServerConfiguration, router: SiteRouter, tls: ServerTLS?,
    accessLog: AccessLog?, logger: Logger, health: SiteHealth? = nil
  ) async throws(StartupError) -> SiteServer {
    if let missing = HTTP2SessionSetup.missingFloodLimits { throw StartupError(missing) }
    let group = MultiThreadedEventLoopGroup(numberOfThreads: max(1, configuration.threads))
    let registry = ConnectionRegistry(limit: configuration.maxConnections)
    let pipeline = PipelineSetup(
      configuration: configuration, router: router, tls: tls, accessLog: accessLog)
    let bootstrap = ServerBootstrap(group: group)
      .serverChannelOption(.backlog, value: 1024)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      // Responses are complete when written; waiting for more bytes only adds latency.
      .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
      .childChannelOption(.maxMessagesPerRead, value: 16)
      // Reads of at most 16 KiB (NIO's default grows to 64 KiB and keeps that buffer per
      // connection): requests are small, and a client that sends a burst once should not make
      // its connection hold 64 KiB from then on.
      .childChannelOption(
        .recvAllocator,
        value: AdaptiveRecvByteBufferAllocator(minimum: 64, initial: 2048, maximum: 16_384)
      )
      .childChannelInitializer { channel in
        guard registry.admit(channel) else {
          return channel.eventLoop.makeFailedFuture(ConnectionLimitReached())
        }
        return pipeline.configure(channel)
      }
    do {
      let channel = try await bootstrap.bind(host: configuration.host, port: configuration.port)
        .get()
      return SiteServer(
        configuration: configuration, router: router, tls: tls, accessLog: accessLog,
        logger: logger, group: group, registry: registry, channel: channel, health: health)
    } catch {
      try? await group.shutdownGracefully()
      throw StartupError(
        ListenFailure.message(for: error, host: configuration.host, port: configuration.port))
    }
  }

  private init(
    configuration: ServerConfiguration, router: SiteRouter, tls: ServerTLS?,
    accessLog: AccessLog?, logger: Logger, group: MultiThreadedEventLoopGroup,
    registry: ConnectionRegistry, channel: Channel, health: SiteHealth?
  ) {
    self.configuration = configuration
    self.router = router
    self.tls = tls
    self.accessLog = accessLog
    self.logger = logger
    self.group = group
    self.registry = registry
    self.channel = channel
    self.health = health
  }

  /// Connections open now.
  public var openConnections: Int { registry.count }

  public func run() async throws {
    // Serving happens on the event loops; this task only waits for the signal to stop.
    try? await gracefulShutdown()
    await stop()
  }

  /// Stops accepting, lets open connections finish, then closes whatever is left.
  public func stop() async {
    health?.startDraining()
    logger.info("shutting down: no new connections; finishing \(registry.count) open")
    try? await channel.close()
    registry.quiesceAll()
    if await !registry.waitUntilEmpty(timeout: configuration.shutdownTimeout) {
      logger.warning("closing \(registry.count) connections still open after the shutdown timeout")
      registry.cutAll()
      _ = await registry.waitUntilEmpty(timeout: .milliseconds(500))
    }
    try? await group.shutdownGracefully()
    logger.info("stopped")
  }
}
