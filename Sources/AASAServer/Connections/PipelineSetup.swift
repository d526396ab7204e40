import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOSSL
import NIOTLS

/// Builds each connection's pipeline. Sendable parts only, since NIO calls it from any loop.
struct PipelineSetup: Sendable {
  let configuration: ServerConfiguration
  let router: SiteRouter
  let tls: ServerTLS?
  let accessLog: AccessLog?

  func configure(_ channel: Channel) -> EventLoopFuture<Void> {
    let deadlines = ConnectionDeadlines(
      idleTimeout: configuration.idleTimeout, headerTimeout: configuration.headerTimeout)
    guard let tls else {
      return channel.eventLoop.makeCompletedFuture {
        try channel.pipeline.syncOperations.addHandler(ConnectionCutter())
        try channel.pipeline.syncOperations.addHandler(deadlines)
        try addHTTP1(to: channel, deadlines: deadlines)
      }
    }
    do {
      let sync = channel.pipeline.syncOperations
      try sync.addHandler(ConnectionCutter())
      try sync.addHandler(LingeringClose())
      let handshakes = HandshakeCompletion { [self] negotiated, channel in
        if negotiated == "h2" {
          try addHTTP2(to: channel, deadlines: deadlines)
        } else {
          try addHTTP1(to: channel, deadlines: deadlines)
        }
      }
      switch tls {
      case .single(let context):
        try sync.addHandler(NIOSSLServerHandler(context: context))
      case .bySNI(let store):
        let table = store.current
        if let only = table.onlyContext {
          try sync.addHandler(NIOSSLServerHandler(context: only))
        } else {
          // The ClientHello is read for its server name first, then the TLS handler for that
          // name's certificate takes its place, with the bytes read so far.
          try sync.addHandler(
            ByteToMessageHandler(
              SNIHandler { result in
                let name: String? =
                  switch result {
                  case .hostname(let name): name
                  case .fallback: nil
                  }
                let context = table.context(forServerName: name)
                return channel.eventLoop.makeCompletedFuture {
                  try channel.pipeline.syncOperations.addHandler(
                    NIOSSLServerHandler(context: context), position: .before(deadlines))
                }
              }))
        }
      }
      // Deadlines first: the handshake and the first request head share the header timeout.
      try sync.addHandler(deadlines)
      try sync.addHandler(handshakes)
    } catch {
      return channel.eventLoop.makeFailedFuture(error)
    }
    return channel.eventLoop.makeSucceededVoidFuture()
  }

  private func addHTTP1(to channel: Channel, deadlines: ConnectionDeadlines) throws {
    var limits = NIOHTTPDecoderLimitConfiguration()
    limits.maxHeaderListSize = configuration.maxHeaderSize
    limits.maxHeaderFieldSize = configuration.maxHeaderSize
    limits.maxHeaderFieldCount = 100
    let decoder = HTTPRequestDecoder(
      leftOverBytesStrategy: .dropBytes, informationalResponseStrategy: .drop,
      limitConfiguration: limits)
    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(decoder))
    try channel.pipeline.syncOperations.addHandler(
      HTTP1Handler(router: router, accessLog: accessLog, deadlines: deadlines))
  }

  private func addHTTP2(to channel: Channel, deadlines: ConnectionDeadlines) throws {
    let sync = channel.pipeline.syncOperations
    deadlines.switchToMultiplexed()
    // Sends GOAWAY and closes once streams finish when the server quiesces.
    let management = NIOHTTP2ServerConnectionManagementHandler(
      eventLoop: channel.eventLoop,
      configuration: .init(
        maxIdleTime: nil, maxAge: nil, maxGraceTime: configuration.shutdownTimeout,
        keepalive: nil))
    var connection = NIOHTTP2Handler.ConnectionConfiguration()
    connection.initialSettings = [
      HTTP2Setting(parameter: .maxConcurrentStreams, value: 100),
      // NIOHTTP2 treats a header list over this as a connection error. Twice the limit leaves
      // room to answer a head that is merely too large with 431 on its own stream, as HTTP/1.1
      // does; a client that ignores even the advertised limit loses its connection.
      HTTP2Setting(parameter: .maxHeaderListSize, value: 2 * configuration.maxHeaderSize),
      HTTP2Setting(parameter: .initialWindowSize, value: 65535),
    ]
    // Frames, not a channel per stream: see `HTTP2Responder`.
    try sync.addHandler(
      NIOHTTP2Handler(
        mode: .server, connectionConfiguration: connection, streamConfiguration: .init()))
    try sync.addHandler(management)
    try sync.addHandler(
      HTTP2Responder(
        router: router, accessLog: accessLog,
        remote: accessLog == nil ? "-" : channel.remoteAddress?.ipAddress ?? "-",
        maxHeaderSize: configuration.maxHeaderSize, responseTimeout: configuration.idleTimeout,
        deadlines: deadlines))
    try sync.addHandler(HTTP2ConnectionGuard())
  }
}
