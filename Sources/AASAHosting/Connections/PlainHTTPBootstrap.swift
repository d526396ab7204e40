import NIOCore
import NIOHTTP1
import NIOPosix

/// The bootstrap of a ``HostedListener``: the ``HostingLimits``' connection limit, idle and header
/// deadlines and header size apply to each connection, a head over the limits gets 431 (or 400
/// for bytes that are not HTTP) and the connection closes; only the last handler differs.
enum PlainHTTPBootstrap {
  /// A bootstrap on `group` whose connections end in the handler `makeHandler` returns.
  /// - Parameter pipelined: Whether requests are answered in order on one connection (NIO's
  ///   `HTTPServerPipelineHandler`); a listener that answers one request and closes needs none.
  static func make(
    group: EventLoopGroup, limits: HostingLimits, pipelined: Bool = true,
    makeHandler: @escaping @Sendable (ConnectionDeadlines) -> any ChannelHandler
  ) -> ServerBootstrap {
    let registry = ConnectionRegistry(limit: limits.maxConnections)
    return ServerBootstrap(group: group)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelInitializer { channel in
        guard registry.admit(channel) else {
          return channel.eventLoop.makeFailedFuture(ConnectionLimitReached())
        }
        return channel.eventLoop.makeCompletedFuture {
          let deadlines = ConnectionDeadlines(
            idleTimeout: limits.idleTimeout, headerTimeout: limits.headerTimeout)
          let sync = channel.pipeline.syncOperations
          try sync.addHandler(ConnectionGuard(deadlines: deadlines, lingers: false))
          var decoderLimits = NIOHTTPDecoderLimitConfiguration()
          decoderLimits.maxHeaderListSize = limits.maxHeaderSize
          decoderLimits.maxHeaderFieldSize = limits.maxHeaderSize
          decoderLimits.maxHeaderFieldCount = 100
          try sync.addHandler(HTTPResponseEncoder())
          try sync.addHandler(
            ByteToMessageHandler(
              HTTPRequestDecoder(
                leftOverBytesStrategy: .dropBytes, informationalResponseStrategy: .drop,
                limitConfiguration: decoderLimits)))
          if pipelined { try sync.addHandler(HTTPServerPipelineHandler()) }
          try sync.addHandler(HTTPServerProtocolErrorHandler())
          try sync.addHandler(makeHandler(deadlines))
        }
      }
  }
}
