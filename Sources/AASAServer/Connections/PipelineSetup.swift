import AASAACME
import AASAHosting
import NIOCore
import NIOHTTP1
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
        try channel.pipeline.syncOperations.addHandler(
          ConnectionGuard(deadlines: deadlines, lingers: false))
        try addHTTP1(to: channel, deadlines: deadlines)
      }
    }
    do {
      let sync = channel.pipeline.syncOperations
      // In front of TLS: the handshake and the first request head share the header timeout.
      try sync.addHandler(ConnectionGuard(deadlines: deadlines, lingers: true))
      let handshakes = HandshakeCompletion { [self] negotiated, channel in
        if negotiated == TLSALPNChallengeCertificate.alpnProtocol {
          // A validation: the handshake was the answer (RFC 8737 §3); no data follows.
          CertificateMetrics.recordChallengeServed(type: .tlsALPN01)
          channel.close(promise: nil)
        } else if negotiated == "h2" {
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
                    NIOSSLServerHandler(context: context), position: .before(handshakes))
                }
              }))
        }
      case .acme(let store, let responder):
        try sync.addHandler(
          ByteToMessageHandler(
            ClientHelloPeek { hello in
              Self.chooseContext(
                hello, store: store, responder: responder, router: router, channel: channel,
                before: handshakes)
            }))
      }
      try sync.addHandler(handshakes)
    } catch {
      return channel.eventLoop.makeFailedFuture(error)
    }
    return channel.eventLoop.makeSucceededVoidFuture()
  }

  /// `--acme`: the challenge context for a validation of a name with a pending challenge, the
  /// name's certificate for everyone else; the TLS handler for it goes before `handshakes`.
  private static func chooseContext(
    _ hello: ClientHelloReader.Result, store: Swappable<CertificateTable>,
    responder: ACMEChallengeResponder, router: SiteRouter, channel: Channel,
    before handshakes: HandshakeCompletion
  ) -> EventLoopFuture<Void> {
    var serverName: String?
    var validation = false
    if case .hello(let name, let protocols, let count) = hello {
      serverName = name
      validation = ClientHelloReader.offersOnlyACME(protocols: protocols, protocolCount: count)
    }
    let next = NIOLoopBound(handshakes, eventLoop: channel.eventLoop)
    let add = { @Sendable (context: NIOSSLContext) throws -> Void in
      try channel.pipeline.syncOperations.addHandler(
        NIOSSLServerHandler(context: context), position: .before(next.value))
    }
    guard validation, let serverName else {
      let table = store.current
      // `--acme-ask`: a name no certificate and no site has is noted; the handshake goes on
      // with the default certificate at once.
      if let onDemand = responder.onDemand, let serverName, !table.covers(serverName),
        let key = HostName.key(forName: serverName[...]), router.currentTable.sites[key] == nil
      {
        // The client's network has a share of its own (F7): one client cannot spend the
        // questions every other name waits for.
        onDemand.consider(key, from: channel.remoteAddress)
      }
      let context = table.context(forServerName: serverName)
      return channel.eventLoop.makeCompletedFuture { try add(context) }
    }
    return responder.challengeContext(forServerName: serverName, on: channel.eventLoop)
      .flatMapThrowing { challenge in
        try add(challenge ?? store.current.context(forServerName: serverName))
      }
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
    deadlines.switchToMultiplexed()
    // Frames, streams and HPACK are nghttp2's: see `HTTP2Connection`.
    try channel.pipeline.syncOperations.addHandler(
      HTTP2Connection(
        router: router, accessLog: accessLog,
        remote: accessLog == nil ? "-" : channel.remoteAddress?.ipAddress ?? "-",
        maxHeaderSize: configuration.maxHeaderSize, responseTimeout: configuration.idleTimeout,
        deadlines: deadlines))
  }
}
