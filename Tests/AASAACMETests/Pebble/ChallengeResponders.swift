import AASAACME
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NIOTLS

/// What a responder has presented and seen, behind a lock: the CA's validations come in on
/// event-loop threads while the test's task presents and removes.
final class ResponderState<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [String: Value] = [:]
  private var presentedCount = 0
  private var answered: [String] = []

  func present(_ key: String, _ value: Value) {
    lock.withLock {
      values[key] = value
      presentedCount += 1
    }
  }
  func remove(_ key: String) { _ = lock.withLock { values.removeValue(forKey: key) } }
  func value(_ key: String) -> Value? { lock.withLock { values[key] } }
  func recordAnswer(_ what: String) { lock.withLock { answered.append(what) } }
  /// How many challenges were presented, and the validations answered.
  var presented: Int { lock.withLock { presentedCount } }
  var answers: [String] { lock.withLock { answered } }
  var isEmpty: Bool { lock.withLock { values.isEmpty } }
}

/// Answers HTTP-01 on 127.0.0.1: `GET /.well-known/acme-challenge/TOKEN` is the key
/// authorization while presented, 404 otherwise.
final class HTTP01Responder: ACMEChallengeSolver {
  let type = ACMEChallengeType.http01
  let state: ResponderState<String>
  let channel: any Channel
  var port: Int { channel.localAddress!.port! }

  private init(channel: any Channel, state: ResponderState<String>) {
    self.channel = channel
    self.state = state
  }

  static func start() async throws -> HTTP01Responder {
    let state = ResponderState<String>()
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.configureHTTPServerPipeline()
          try channel.pipeline.syncOperations.addHandler(HTTP01Handler(state: state))
        }
      }
      .bind(host: "127.0.0.1", port: 0).get()
    return HTTP01Responder(channel: channel, state: state)
  }

  func present(_ challenge: PendingChallenge) async throws {
    state.present(challenge.token, challenge.keyAuthorization.text)
  }

  func remove(_ challenge: PendingChallenge) async { state.remove(challenge.token) }

  func stop() async { try? await channel.close() }
}

private final class HTTP01Handler: ChannelInboundHandler, Sendable {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart
  let state: ResponderState<String>

  init(state: ResponderState<String>) { self.state = state }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard case .head(let request) = unwrapInboundIn(data) else { return }
    let prefix = "/.well-known/acme-challenge/"
    var body = "not found"
    var status = HTTPResponseStatus.notFound
    if request.uri.hasPrefix(prefix),
      let answer = state.value(String(request.uri.dropFirst(prefix.count)))
    {
      body = answer
      status = .ok
      state.recordAnswer("http-01 " + (request.headers.first(name: "Host") ?? ""))
    }
    var headers = HTTPHeaders([
      ("Content-Type", "text/plain"), ("Content-Length", "\(body.utf8.count)"),
    ])
    headers.add(name: "Connection", value: "close")
    context.write(
      wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))),
      promise: nil)
    context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: body)))), promise: nil)
    let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
    context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
      loopBound.value.close(promise: nil)
    }
  }
}

/// Answers TLS-ALPN-01 on 127.0.0.1 as RFC 8737 asks: the ClientHello's server name picks the
/// challenge certificate of that name, the context speaks only `acme-tls/1`, and the connection
/// closes once the handshake is done. A name with no challenge gets no handshake.
final class TLSALPN01Responder: ACMEChallengeSolver {
  let type = ACMEChallengeType.tlsALPN01
  let state: ResponderState<NIOSSLContext>
  let channel: any Channel
  var port: Int { channel.localAddress!.port! }

  private init(channel: any Channel, state: ResponderState<NIOSSLContext>) {
    self.channel = channel
    self.state = state
  }

  static func start() async throws -> TLSALPN01Responder {
    let state = ResponderState<NIOSSLContext>()
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          let completion = HandshakeRecorder(state: state)
          try channel.pipeline.syncOperations.addHandler(
            ByteToMessageHandler(
              SNIHandler { result in
                guard case .hostname(let name) = result,
                  let context = state.value(name.lowercased())
                else { return channel.close() }
                completion.name = name
                return channel.eventLoop.makeCompletedFuture {
                  try channel.pipeline.syncOperations.addHandler(
                    NIOSSLServerHandler(context: context), position: .before(completion))
                }
              }))
          try channel.pipeline.syncOperations.addHandler(completion)
        }
      }
      .bind(host: "127.0.0.1", port: 0).get()
    return TLSALPN01Responder(channel: channel, state: state)
  }

  func present(_ challenge: PendingChallenge) async throws {
    let made = try TLSALPNChallengeCertificate.make(
      name: challenge.name, keyAuthorization: challenge.keyAuthorization)
    var configuration = TLSConfiguration.makeServerConfiguration(
      certificateChain: [
        .certificate(try NIOSSLCertificate(bytes: Array(made.certificatePEM.utf8), format: .pem))
      ],
      privateKey: .privateKey(
        try NIOSSLPrivateKey(bytes: Array(made.privateKeyPEM.utf8), format: .pem)))
    configuration.applicationProtocols = [TLSALPNChallengeCertificate.alpnProtocol]
    configuration.minimumTLSVersion = .tlsv12
    state.present(challenge.name.lowercased(), try NIOSSLContext(configuration: configuration))
  }

  func remove(_ challenge: PendingChallenge) async { state.remove(challenge.name.lowercased()) }

  func stop() async { try? await channel.close() }
}

/// Records the name and the protocol of each completed handshake, then closes: no application
/// data follows an `acme-tls/1` handshake.
private final class HandshakeRecorder: ChannelInboundHandler, @unchecked Sendable {
  typealias InboundIn = ByteBuffer
  let state: ResponderState<NIOSSLContext>
  var name = ""

  init(state: ResponderState<NIOSSLContext>) { self.state = state }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if case .handshakeCompleted(let negotiated) = event as? TLSUserEvent {
      state.recordAnswer("\(negotiated ?? "none") \(name)")
      context.close(promise: nil)
    }
    context.fireUserInboundEventTriggered(event)
  }
}
