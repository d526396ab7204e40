import NIOCore
import NIOHTTP1
import NIOPosix

/// `--admin HOST:PORT`: a plain HTTP listener for the platform, apart from the site.
/// - `/healthz`: 200 while the process serves at all (liveness);
/// - `/readyz`: 200 when every association file is loaded and valid, 503 with the reason
///   otherwise, and while draining after SIGTERM (readiness);
/// - `/metrics`: Prometheus text format (see `ServerMetrics`).
public final class AdminServer: Sendable {
  let group: MultiThreadedEventLoopGroup
  let channel: Channel

  /// Where it listens, with the port the kernel picked when asked for port 0.
  public var localAddress: SocketAddress? { channel.localAddress }

  /// - Parameter limits: the site listener's configuration, whose connection limit, idle and
  ///   header timeouts and header size apply here too: the admin port is reachable from the
  ///   platform's network, and without them a client could hold every file descriptor of the
  ///   process with idle or trickling connections.
  public static func bind(
    host: String, port: Int, limits: ServerConfiguration, health: SiteHealth,
    router: SiteRouter, openConnections: @escaping @Sendable () -> Int
  ) async throws(StartupError) -> AdminServer {
    // A thread of its own: probes keep being answered however busy the site's loops are.
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let bootstrap = PlainHTTPBootstrap.make(group: group, limits: limits) {
      deadlines in
      AdminHandler(
        health: health, router: router, openConnections: openConnections, deadlines: deadlines)
    }
    do {
      let channel = try await bootstrap.bind(host: host, port: port).get()
      return AdminServer(group: group, channel: channel)
    } catch {
      try? await group.shutdownGracefully()
      throw StartupError(ListenFailure.message(for: error, host: host, port: port, what: "--admin"))
    }
  }

  private init(group: MultiThreadedEventLoopGroup, channel: Channel) {
    self.group = group
    self.channel = channel
  }

  public func close() async {
    try? await channel.close()
    try? await group.shutdownGracefully()
  }
}
