import NIOCore
import NIOHTTP1
import NIOPosix

/// A plain HTTP/1.1 listener for a ``HostedHandler`` (`aasa-serve --validator`, `aasa-lint web`),
/// built as the admin listener is: its own event loop thread, the site listener's connection
/// limit, idle and header timeouts and header size, one access log line and the request metrics
/// per request. Bodies are read up to the handler's limit; the handler answers off the event
/// loop, so a slow answer (a live check) holds no thread.
public final class HostedListener: Sendable {
  let group: MultiThreadedEventLoopGroup
  let channel: Channel

  /// Where it listens, with the port the kernel picked when asked for port 0.
  public var localAddress: SocketAddress? { channel.localAddress }

  /// - Parameters:
  ///   - flag: the option that asked for it (`--validator`), for the message when binding fails.
  ///   - name: the `site` dimension of its request metrics (`validator`).
  ///   - limits: the server's configuration, whose connection limit, timeouts and header size
  ///     apply here too.
  public static func bind(
    host: String, port: Int, flag: String, name: String, limits: ServerConfiguration,
    handler: any HostedHandler, accessLog: AccessLog?
  ) async throws(StartupError) -> HostedListener {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let budget = BodyBudget(limit: handler.bodyBudget)
    let bootstrap = PlainHTTPBootstrap.make(group: group, limits: limits) {
      deadlines in
      HostedRequestHandler(
        handler: handler, deadlines: deadlines, budget: budget, accessLog: accessLog, name: name)
    }
    let channel: Channel
    do {
      channel = try await bootstrap.bind(host: host, port: port).get()
    } catch {
      try? await group.shutdownGracefully()
      throw StartupError(ListenFailure.message(for: error, host: host, port: port, what: flag))
    }
    // Judged where the name resolved and the socket is bound, not by the name itself: a
    // `dev.localhost` that resolves to a LAN address is a LAN listener.
    if let problem = channel.localAddress?.ipAddress.flatMap({ handler.bindingProblem(boundTo: $0) }
    ) {
      try? await channel.close()
      try? await group.shutdownGracefully()
      throw StartupError("\(flag) \(host):\(port): \(problem)")
    }
    return HostedListener(group: group, channel: channel)
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
