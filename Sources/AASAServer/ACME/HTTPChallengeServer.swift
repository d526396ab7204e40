import AASAACME
import NIOCore
import NIOHTTP1
import NIOPosix

/// `--acme-http-port N`: answers HTTP-01 (RFC 8555 §8.3) and nothing else. `GET
/// /.well-known/acme-challenge/TOKEN` for a Host with that pending challenge gets its key
/// authorization; every other request 404, never a redirect. The connection limit, timeouts
/// and header bounds of the site listener apply here too.
final class HTTPChallengeServer: Sendable {
  let group: MultiThreadedEventLoopGroup
  let channel: Channel

  var localAddress: SocketAddress? { channel.localAddress }

  static func bind(
    host: String, port: Int, limits: ServerConfiguration, responder: ACMEChallengeResponder
  ) async throws(StartupError) -> HTTPChallengeServer {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let bootstrap = PlainHTTPBootstrap.make(group: group, limits: limits, pipelined: false) {
      deadlines in HTTPChallengeHandler(responder: responder)
    }
    do {
      let channel = try await bootstrap.bind(host: host, port: port).get()
      return HTTPChallengeServer(group: group, channel: channel)
    } catch {
      try? await group.shutdownGracefully()
      throw StartupError(
        ListenFailure.message(for: error, host: host, port: port, what: "--acme-http-port"))
    }
  }

  private init(group: MultiThreadedEventLoopGroup, channel: Channel) {
    self.group = group
    self.channel = channel
  }

  func close() async {
    try? await channel.close()
    try? await group.shutdownGracefully()
  }
}

/// One request, one answer, then the connection closes: a validator makes one request.
final class HTTPChallengeHandler: ChannelInboundHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  static let prefix = "/.well-known/acme-challenge/"
  let responder: ACMEChallengeResponder
  private var head: HTTPRequestHead?

  init(responder: ACMEChallengeResponder) { self.responder = responder }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let head): self.head = head
    case .body: break
    case .end:
      guard let head else { return }
      self.head = nil
      answer(head, context: context)
    }
  }

  private func answer(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
    let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
    guard head.method == .GET || head.method == .HEAD, head.uri.hasPrefix(Self.prefix),
      let host = head.headers.first(name: "Host"), let name = HostName.key(forAuthority: host)
    else {
      Self.respond(bound.value, status: .notFound, body: "not found\n", head: head.method == .HEAD)
      return
    }
    let token = String(head.uri.dropFirst(Self.prefix.count))
    let responder = self.responder
    let isHEAD = head.method == .HEAD
    // The folder is read off the event loop: another replica's challenge is there.
    NIOThreadPool.singleton.runIfActive(eventLoop: context.eventLoop) {
      responder.pendingChallenge(for: name, type: .http01)
    }.whenComplete { result in
      let context = bound.value
      if case .success(let pending?) = result, pending.token == token {
        CertificateMetrics.recordChallengeServed(type: .http01)
        Self.respond(context, status: .ok, body: pending.keyAuthorization.text, head: isHEAD)
      } else {
        Self.respond(context, status: .notFound, body: "not found\n", head: isHEAD)
      }
    }
  }

  private static func respond(
    _ context: ChannelHandlerContext, status: HTTPResponseStatus, body: String, head: Bool
  ) {
    var headers = HTTPHeaders()
    headers.add(name: "Content-Type", value: "text/plain")
    headers.add(name: "Content-Length", value: "\(body.utf8.count)")
    headers.add(name: "Connection", value: "close")
    context.write(
      NIOAny(
        HTTPServerResponsePart.head(.init(version: .http1_1, status: status, headers: headers))),
      promise: nil)
    if !head {
      context.write(
        NIOAny(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(string: body)))), promise: nil)
    }
    let channel = context.channel
    context.writeAndFlush(NIOAny(HTTPServerResponsePart.end(nil))).whenComplete { _ in
      channel.close(promise: nil)
    }
  }
}
