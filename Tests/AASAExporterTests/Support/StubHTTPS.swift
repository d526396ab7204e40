import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// An HTTPS server on 127.0.0.1 and a port the system picks, with the test's loopback
/// certificate, answering each path from a table the test changes as it goes (a deploy, a broken
/// origin, Apple's CDN's copy or failure) and counting the requests of each path (the exporter's
/// cache asks the CDN once per max-age). Any other path is a plain 404. As
/// AASAValidatorTests' StubCDN, with a table that changes.
final class StubHTTPS: Sendable {
  struct Answer: Sendable {
    var status: HTTPResponseStatus = .ok
    var headers: [(String, String)] = [("Content-Type", "application/json")]
    var body: [UInt8] = []

    static func json(_ text: String, headers: [(String, String)] = []) -> Answer {
      Answer(headers: [("Content-Type", "application/json")] + headers, body: Array(text.utf8))
    }

    /// What Apple's CDN sends when its last fetch of the origin failed.
    static func cdnFailure(_ reason: String) -> Answer {
      Answer(
        status: .notFound,
        headers: [
          ("Content-Type", "text/plain"), ("Apple-Failure-Reason", reason),
          ("Cache-Control", "max-age=3600,public"),
        ], body: Array("Not Found".utf8))
    }
  }

  /// The answers by path, and the requests counted by path.
  final class Table: Sendable {
    let answers: NIOLockedValueBox<[String: Answer]>
    let counts = NIOLockedValueBox<[String: Int]>([:])
    /// Connections accepted, whether or not a request followed.
    let connections = NIOLockedValueBox(0)
    init(_ answers: [String: Answer]) { self.answers = NIOLockedValueBox(answers) }
  }

  let channel: any Channel
  let table: Table
  var port: Int { channel.localAddress?.port ?? 0 }

  private init(channel: any Channel, table: Table) {
    self.channel = channel
    self.table = table
  }

  static func start(
    certificate: LoopbackAuthority, answers: [String: Answer], host: String = "127.0.0.1"
  ) async throws -> StubHTTPS {
    let configuration = TLSConfiguration.makeServerConfiguration(
      certificateChain: try NIOSSLCertificate.fromPEMFile(certificate.chainFile).map {
        .certificate($0)
      },
      privateKey: .privateKey(try NIOSSLPrivateKey(file: certificate.keyFile, format: .pem)))
    let context = try NIOSSLContext(configuration: configuration)
    let table = Table(answers)
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelInitializer { channel in
        table.connections.withLockedValue { $0 += 1 }
        return channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
          try channel.pipeline.syncOperations.configureHTTPServerPipeline()
          try channel.pipeline.syncOperations.addHandler(TableHandler(table: table))
        }
      }
      .bind(host: host, port: 0).get()
    return StubHTTPS(channel: channel, table: table)
  }

  func set(_ path: String, _ answer: Answer?) {
    table.answers.withLockedValue { $0[path] = answer }
  }

  func requests(_ path: String) -> Int { table.counts.withLockedValue { $0[path] ?? 0 } }

  var connections: Int { table.connections.withLockedValue { $0 } }

  func stop() async { try? await channel.close() }
}

/// Answers each request's path from the table, and counts it.
private final class TableHandler: ChannelInboundHandler, Sendable {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  let table: StubHTTPS.Table

  init(table: StubHTTPS.Table) { self.table = table }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard case .head(let request) = unwrapInboundIn(data) else { return }
    let path = String(request.uri.split(separator: "?", maxSplits: 1).first ?? "")
    table.counts.withLockedValue { $0[path, default: 0] += 1 }
    let answer =
      table.answers.withLockedValue { $0[path] }
      ?? StubHTTPS.Answer(
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
