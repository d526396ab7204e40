import NIOCore
import NIOHTTP1
import NIOPosix

/// The plain HTTP/1.1 listener of every ``HostedHandler``: `aasa-serve`'s `--admin`,
/// `--validator` and `--acme-http-port`, `aasa-lint web`. Each has its own event loop thread (its
/// clients are answered however busy the site's loops are), the ``HostingLimits``' connection
/// limit, idle, head and body deadlines and header size, the handler's body limit and budget, and
/// one record per request for the access log and the metrics. The handler answers off the event
/// loop, so a slow answer (a live check) holds no thread.
public final class HostedListener: Sendable {
  let group: MultiThreadedEventLoopGroup
  let channel: Channel

  /// Where it listens, with the port the kernel picked when asked for port 0.
  public var localAddress: SocketAddress? { channel.localAddress }

  /// - Parameters:
  ///   - flag: the option that asked for it (`--validator`), for the message when binding fails.
  ///   - record: called with every answered or refused request, once its answer is written:
  ///     the access log (``AccessLog/record(_:)``) and the request metrics.
  public static func bind(
    host: String, port: Int, flag: String, limits: HostingLimits, handler: any HostedHandler,
    record: @escaping @Sendable (HostedExchange) -> Void = { _ in }
  ) async throws(ListenError) -> HostedListener {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let budget = BodyBudget(limit: handler.bodyBudget)
    let bootstrap = PlainHTTPBootstrap.make(
      group: group, limits: limits, pipelined: !handler.answersOneRequestPerConnection
    ) { deadlines in
      HostedRequestHandler(handler: handler, deadlines: deadlines, budget: budget, record: record)
    }
    let channel: Channel
    do {
      channel = try await bootstrap.bind(host: host, port: port).get()
    } catch {
      try? await group.shutdownGracefully()
      throw ListenError(ListenFailure.message(for: error, host: host, port: port, what: flag))
    }
    // Judged where the name resolved and the socket is bound, not by the name itself: a
    // `dev.localhost` that resolves to a LAN address is a LAN listener.
    if let problem = channel.localAddress?.ipAddress.flatMap({ handler.bindingProblem(boundTo: $0) }
    ) {
      try? await channel.close()
      try? await group.shutdownGracefully()
      throw ListenError("\(flag) \(host):\(port): \(problem)")
    }
    return HostedListener(group: group, channel: channel)
  }

  /// Binds `address`; see ``bind(host:port:flag:limits:handler:record:)``.
  public static func bind(
    _ address: ListenAddress, flag: String, limits: HostingLimits, handler: any HostedHandler,
    record: @escaping @Sendable (HostedExchange) -> Void = { _ in }
  ) async throws(ListenError) -> HostedListener {
    try await bind(
      host: address.host, port: address.port, flag: flag, limits: limits, handler: handler,
      record: record)
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
