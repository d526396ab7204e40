import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// A stand-in for Apple's CDN: HTTPS on 127.0.0.1 and a port the system picks, with the test's
/// loopback certificate, answering `GET /a/v1/HOST` from a table (a copy, or a failure with
/// Apple's headers). The validator is pointed at it by its CDN base, which only the set-up can
/// give.
final class StubCDN: Sendable {
  struct Answer: Sendable {
    var status: HTTPResponseStatus = .ok
    var headers: [(String, String)] = [("Content-Type", "application/json")]
    var body: [UInt8] = []

    static func copy(_ text: String) -> Answer { Answer(body: Array(text.utf8)) }

    /// What the CDN sends when its last fetch of the origin failed.
    static func failure(_ reason: String, details: String? = nil) -> Answer {
      var headers = [("Content-Type", "text/plain"), ("Apple-Failure-Reason", reason)]
      if let details { headers.append(("Apple-Failure-Details", details)) }
      return Answer(status: .notFound, headers: headers, body: Array("Not Found".utf8))
    }
  }

  let channel: any Channel
  var port: Int { channel.localAddress?.port ?? 0 }
  /// The base the validator is given: `https://127.0.0.1:PORT/a/v1`.
  var base: String { "https://127.0.0.1:\(port)/a/v1" }

  private init(channel: any Channel) { self.channel = channel }

  /// `answers` by path (`/a/v1/127.0.0.1`); any other path is a plain 404.
  static func start(certificate: LoopbackCertificate, answers: [String: Answer]) async throws
    -> StubCDN
  {
    let configuration = TLSConfiguration.makeServerConfiguration(
      certificateChain: try NIOSSLCertificate.fromPEMFile(certificate.chainFile).map {
        .certificate($0)
      },
      privateKey: .privateKey(try NIOSSLPrivateKey(file: certificate.keyFile, format: .pem)))
    let context = try NIOSSLContext(configuration: configuration)
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
          try channel.pipeline.syncOperations.configureHTTPServerPipeline()
          try channel.pipeline.syncOperations.addHandler(AnswerHandler(answers: answers))
        }
      }
      .bind(host: "127.0.0.1", port: 0).get()
    return StubCDN(channel: channel)
  }

  func stop() async { try? await channel.close() }
}

/// Answers each request's path from the table.
private final class AnswerHandler: ChannelInboundHandler, Sendable {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  let answers: [String: StubCDN.Answer]

  init(answers: [String: StubCDN.Answer]) { self.answers = answers }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard case .head(let request) = unwrapInboundIn(data) else { return }
    let path = String(request.uri.split(separator: "?", maxSplits: 1).first ?? "")
    let answer =
      answers[path]
      ?? StubCDN.Answer(
        status: .notFound, headers: [("Content-Type", "text/plain")], body: Array("no".utf8))
    var headers = HTTPHeaders(answer.headers)
    headers.replaceOrAdd(name: "Content-Length", value: String(answer.body.count))
    headers.replaceOrAdd(name: "Connection", value: "close")
    context.write(
      wrapOutboundOut(
        .head(HTTPResponseHead(version: request.version, status: answer.status, headers: headers))),
      promise: nil)
    var buffer = context.channel.allocator.buffer(capacity: answer.body.count)
    buffer.writeBytes(answer.body)
    context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
    let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
    context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
      loopBound.value.close(promise: nil)
    }
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    context.close(promise: nil)
  }
}
