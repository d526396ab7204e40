import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// A real HTTPS server on 127.0.0.1 and a port the system picks, answering each path from a
/// table: the misconfigured sites the live check must recognise.
final class TestHTTPSServer: Sendable {
  struct Response: Sendable {
    var status: HTTPResponseStatus = .ok
    var headers: [(String, String)] = [("Content-Type", "application/json")]
    var body: [UInt8] = []
    /// Wait this long before answering: a slow site.
    var delay: TimeAmount?
    /// Send the head at once, then the body one byte at a time at this interval, forever: a
    /// server that would hold a client for days.
    var trickle: TimeAmount?

    static func json(_ text: String, contentType: String = "application/json") -> Response {
      Response(headers: [("Content-Type", contentType)], body: Array(text.utf8))
    }

    static let notFound = Response(
      status: .notFound, headers: [("Content-Type", "text/plain")], body: Array("not found".utf8))
  }

  typealias Routes = @Sendable (String) -> Response
  /// Answers by the `Host` header and the whole request target (path and query).
  typealias HostRoutes = @Sendable (_ host: String, _ target: String) -> Response

  /// What a route that looks past the path sees of a request.
  struct Request: Sendable {
    var path: String
    var userAgent: String?
    /// The `Host` header and the whole request target (path and query).
    var host = ""
    var target = ""
  }

  /// A route table that answers by more than the path: by User-Agent, for sites that treat
  /// Apple's fetcher differently.
  typealias RequestRoutes = @Sendable (Request) -> Response

  let channel: any Channel
  var port: Int { channel.localAddress!.port! }
  var url: String { "https://127.0.0.1:\(port)" }

  private init(channel: any Channel) { self.channel = channel }

  static func start(certificate: TestCertificate, routes: @escaping Routes) async throws
    -> TestHTTPSServer
  {
    try await start(certificate: certificate, requestRoutes: { routes($0.path) })
  }

  static func start(certificate: TestCertificate, hostRoutes routes: @escaping HostRoutes)
    async throws -> TestHTTPSServer
  {
    try await start(certificate: certificate, requestRoutes: { routes($0.host, $0.target) })
  }

  static func start(certificate: TestCertificate, requestRoutes routes: @escaping RequestRoutes)
    async throws -> TestHTTPSServer
  {
    let configuration = TLSConfiguration.makeServerConfiguration(
      certificateChain: try NIOSSLCertificate.fromPEMFile(certificate.certificatePath).map {
        .certificate($0)
      },
      privateKey: .privateKey(try NIOSSLPrivateKey(file: certificate.keyPath, format: .pem)))
    let context = try NIOSSLContext(configuration: configuration)
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
          try channel.pipeline.syncOperations.configureHTTPServerPipeline()
          try channel.pipeline.syncOperations.addHandler(RouteHandler(routes: routes))
        }
      }
      .bind(host: "127.0.0.1", port: 0).get()
    return TestHTTPSServer(channel: channel)
  }

  func stop() async {
    try? await channel.close()
  }

  /// A server that accepts connections and never says a word, not even TLS: run `body` with its
  /// port.
  static func withSilentServer<T>(_ body: (Int) async throws -> T) async throws -> T {
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .bind(host: "127.0.0.1", port: 0).get()
    defer { channel.close(promise: nil) }
    return try await body(channel.localAddress!.port!)
  }

  /// A port nothing listens on: bound by a server that is then stopped.
  static func refusedPort() async throws -> Int {
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .bind(host: "127.0.0.1", port: 0).get()
    let port = channel.localAddress!.port!
    try await channel.close()
    return port
  }
}

/// Answers each request from the route table, after the delay the response asks for.
private final class RouteHandler: ChannelInboundHandler, Sendable {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  let routes: TestHTTPSServer.RequestRoutes

  init(routes: @escaping TestHTTPSServer.RequestRoutes) { self.routes = routes }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard case .head(let request) = unwrapInboundIn(data) else { return }
    let path = String(request.uri.split(separator: "?", maxSplits: 1).first ?? "")
    let response = routes(
      TestHTTPSServer.Request(
        path: path, userAgent: request.headers.first(name: "User-Agent"),
        host: request.headers.first(name: "Host") ?? "", target: request.uri))
    let keepAlive = request.isKeepAlive
    let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
    let send: @Sendable () -> Void = {
      let context = loopBound.value
      var headers = HTTPHeaders(response.headers)
      headers.replaceOrAdd(name: "Content-Length", value: String(response.body.count))
      let head = HTTPResponseHead(
        version: request.version, status: response.status, headers: headers)
      context.write(self.wrapOutboundOut(.head(head)), promise: nil)
      var buffer = context.channel.allocator.buffer(capacity: response.body.count)
      buffer.writeBytes(response.body)
      context.write(self.wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
      context.writeAndFlush(self.wrapOutboundOut(.end(nil))).whenComplete { _ in
        if !keepAlive { loopBound.value.close(promise: nil) }
      }
    }
    if let interval = response.trickle {
      var headers = HTTPHeaders(response.headers)
      headers.replaceOrAdd(name: "Content-Length", value: "1000000")
      context.writeAndFlush(
        wrapOutboundOut(
          .head(HTTPResponseHead(version: request.version, status: .ok, headers: headers))),
        promise: nil)
      context.eventLoop.scheduleRepeatedTask(initialDelay: interval, delay: interval) { task in
        let context = loopBound.value
        guard context.channel.isActive else { return task.cancel() }
        var buffer = context.channel.allocator.buffer(capacity: 1)
        buffer.writeInteger(UInt8(ascii: " "))
        context.writeAndFlush(self.wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
      }
      return
    }
    if let delay = response.delay {
      context.eventLoop.scheduleTask(in: delay) {
        if loopBound.value.channel.isActive { send() }
      }
    } else {
      send()
    }
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    context.close(promise: nil)
  }
}
