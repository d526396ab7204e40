import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// An HTTPS server on 127.0.0.1 (or another loopback address) and a port the system picks, with a
/// certificate made at test time, answering each request from routes the test gives: a site
/// (correct or misconfigured), Apple's or Google's CDN, an origin the exporter probes. The one
/// stub every test target uses, so that each does not grow its own TLS server.
///
/// Routes look at the path, or at the whole ``Request`` (host, target, User-Agent); or a table
/// by path that the test changes as it goes (a deploy, a broken origin). Every answer can be
/// delayed, trickled for ever or never sent, and the requests of each path and the connections
/// are counted (a cache asks an origin once per max-age). Starting and stopping are async: no
/// test thread waits on the event loop.
public final class StubHTTPS: Sendable {
  /// One answer: a status, headers and a body, and how it is sent.
  public struct Answer: Sendable {
    public var status: HTTPResponseStatus
    public var headers: [(String, String)]
    public var body: [UInt8]
    /// Wait this long before answering: a slow site.
    public var delay: TimeAmount?
    /// Send the head at once, then the body one byte at a time at this interval, for ever: a
    /// server that would hold a client for days.
    public var trickle: TimeAmount?
    /// Read the request and never answer it: a site that hangs after the handshake.
    public var silent = false

    public init(
      status: HTTPResponseStatus = .ok,
      headers: [(String, String)] = [("Content-Type", "application/json")], body: [UInt8] = [],
      delay: TimeAmount? = nil
    ) {
      self.status = status
      self.headers = headers
      self.body = body
      self.delay = delay
    }

    /// `text` as JSON (or as `contentType`), with `headers` after the content type.
    public static func json(
      _ text: String, contentType: String = "application/json", headers: [(String, String)] = []
    ) -> Answer {
      Answer(headers: [("Content-Type", contentType)] + headers, body: Array(text.utf8))
    }

    /// `text` as a body of `contentType`: a page, a plain-text error.
    public static func text(_ text: String, contentType: String = "text/plain") -> Answer {
      Answer(headers: [("Content-Type", contentType)], body: Array(text.utf8))
    }

    /// A plain 404.
    public static let notFound = Answer(
      status: .notFound, headers: [("Content-Type", "text/plain")], body: Array("not found".utf8))

    /// A redirect to `location`.
    public static func redirect(to location: String, status: HTTPResponseStatus = .found)
      -> Answer
    {
      Answer(status: status, headers: [("Location", location)])
    }

    /// What Apple's CDN sends when its last fetch of the origin failed: a 404 with
    /// `Apple-Failure-Reason` (and `Apple-Failure-Details`), cached for `maxAge` seconds when
    /// given.
    public static func appleCDNFailure(
      _ reason: String, details: String? = nil, maxAge: Int? = nil
    ) -> Answer {
      var headers = [("Content-Type", "text/plain"), ("Apple-Failure-Reason", reason)]
      if let details { headers.append(("Apple-Failure-Details", details)) }
      if let maxAge { headers.append(("Cache-Control", "max-age=\(maxAge),public")) }
      return Answer(status: .notFound, headers: headers, body: Array("Not Found".utf8))
    }

    /// Never answered (see ``silent``).
    public static var never: Answer {
      var answer = Answer()
      answer.silent = true
      return answer
    }
  }

  /// What a route that looks past the path sees of a request.
  public struct Request: Sendable {
    /// The path, without the query.
    public var path: String
    public var userAgent: String?
    /// The `Host` header.
    public var host = ""
    /// The whole request target (path and query).
    public var target = ""
    public var headers = HTTPHeaders()

    public init(
      path: String, userAgent: String? = nil, host: String = "", target: String = "",
      headers: HTTPHeaders = HTTPHeaders()
    ) {
      self.path = path
      self.userAgent = userAgent
      self.host = host
      self.target = target
      self.headers = headers
    }
  }

  /// Answers by the path alone.
  public typealias PathRoutes = @Sendable (String) -> Answer
  /// Answers by the `Host` header and the whole request target (path and query).
  public typealias HostRoutes = @Sendable (_ host: String, _ target: String) -> Answer
  /// Answers by anything in the request: by User-Agent, for sites that treat Apple's fetcher
  /// differently.
  public typealias RequestRoutes = @Sendable (Request) -> Answer

  /// What the handlers share with the test: the table of answers (when started with one), the
  /// requests counted by path and the connections accepted.
  final class State: Sendable {
    let answers: NIOLockedValueBox<[String: Answer]>
    let counts = NIOLockedValueBox<[String: Int]>([:])
    let connections = NIOLockedValueBox(0)
    init(_ answers: [String: Answer]) { self.answers = NIOLockedValueBox(answers) }
  }

  let channel: any Channel
  let state: State
  /// The port the system picked.
  public var port: Int { channel.localAddress?.port ?? 0 }
  /// `https://127.0.0.1:PORT` (the address the stub listens on).
  public var url: String { "https://\(host):\(port)" }
  private let host: String

  private init(channel: any Channel, state: State, host: String) {
    self.channel = channel
    self.state = state
    self.host = host
  }

  /// Answers from `answers` by path, a table ``set(_:_:)`` changes; any other path is a 404.
  public static func start(
    certificate: some ServingCertificate, answers: [String: Answer], host: String = "127.0.0.1",
    keepAlive: Bool = false
  ) async throws -> StubHTTPS {
    let state = State(answers)
    return try await start(
      certificate: certificate, host: host, keepAlive: keepAlive, state: state
    ) { request in
      state.answers.withLockedValue { $0[request.path] } ?? .notFound
    }
  }

  /// Answers by the path.
  public static func start(
    certificate: some ServingCertificate, host: String = "127.0.0.1", keepAlive: Bool = true,
    routes: @escaping PathRoutes
  ) async throws -> StubHTTPS {
    try await start(
      certificate: certificate, host: host, keepAlive: keepAlive, requestRoutes: { routes($0.path) }
    )
  }

  /// Answers by the `Host` header and the request target.
  public static func start(
    certificate: some ServingCertificate, host: String = "127.0.0.1", keepAlive: Bool = true,
    hostRoutes routes: @escaping HostRoutes
  ) async throws -> StubHTTPS {
    try await start(
      certificate: certificate, host: host, keepAlive: keepAlive,
      requestRoutes: { routes($0.host, $0.target) })
  }

  /// Answers by the whole request. With `keepAlive` false every answer closes its connection
  /// (so that connections count requests); otherwise the client's keep-alive is honoured.
  public static func start(
    certificate: some ServingCertificate, host: String = "127.0.0.1", keepAlive: Bool = true,
    requestRoutes routes: @escaping RequestRoutes
  ) async throws -> StubHTTPS {
    try await start(
      certificate: certificate, host: host, keepAlive: keepAlive, state: State([:]), routes: routes)
  }

  private static func start(
    certificate: some ServingCertificate, host: String, keepAlive: Bool, state: State,
    routes: @escaping RequestRoutes
  ) async throws -> StubHTTPS {
    let configuration = TLSConfiguration.makeServerConfiguration(
      certificateChain: try NIOSSLCertificate.fromPEMFile(certificate.chainFile).map {
        .certificate($0)
      },
      privateKey: .privateKey(try NIOSSLPrivateKey(file: certificate.keyFile, format: .pem)))
    let context = try NIOSSLContext(configuration: configuration)
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelInitializer { channel in
        state.connections.withLockedValue { $0 += 1 }
        return channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
          try channel.pipeline.syncOperations.configureHTTPServerPipeline()
          try channel.pipeline.syncOperations.addHandler(
            RouteHandler(routes: routes, state: state, keepAlive: keepAlive))
        }
      }
      .bind(host: host, port: 0).get()
    return StubHTTPS(channel: channel, state: state, host: host)
  }

  /// Changes the answer for `path` (nil: a 404) in a stub started with a table.
  public func set(_ path: String, _ answer: Answer?) {
    state.answers.withLockedValue { $0[path] = answer }
  }

  /// How many requests asked for `path`.
  public func requests(_ path: String) -> Int { state.counts.withLockedValue { $0[path] ?? 0 } }

  /// Connections accepted, whether or not a request followed.
  public var connections: Int { state.connections.withLockedValue { $0 } }

  public func stop() async { try? await channel.close() }

  /// A stub the test let go of stops listening, as a server left running would hold its port and
  /// event loop for the rest of the run.
  deinit { channel.close(promise: nil) }

  /// A server that accepts connections and never says a word, not even TLS: run `body` with its
  /// port.
  public static func withSilentServer<T>(_ body: (Int) async throws -> T) async throws -> T {
    let listener = try await SilentListener.start()
    do {
      let result = try await body(listener.port)
      await listener.stop()
      return result
    } catch {
      await listener.stop()
      throw error
    }
  }
}

/// Answers each request from the routes, after the delay the answer asks for, and counts it.
private final class RouteHandler: ChannelInboundHandler, Sendable {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  let routes: StubHTTPS.RequestRoutes
  let state: StubHTTPS.State
  let keepAlive: Bool

  init(routes: @escaping StubHTTPS.RequestRoutes, state: StubHTTPS.State, keepAlive: Bool) {
    self.routes = routes
    self.state = state
    self.keepAlive = keepAlive
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard case .head(let request) = unwrapInboundIn(data) else { return }
    let path = String(request.uri.split(separator: "?", maxSplits: 1).first ?? "")
    state.counts.withLockedValue { $0[path, default: 0] += 1 }
    let answer = routes(
      StubHTTPS.Request(
        path: path, userAgent: request.headers.first(name: "User-Agent"),
        host: request.headers.first(name: "Host") ?? "", target: request.uri,
        headers: request.headers))
    if answer.silent { return }
    let keepAlive = self.keepAlive && request.isKeepAlive
    let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
    if let interval = answer.trickle {
      var headers = HTTPHeaders(answer.headers)
      headers.replaceOrAdd(name: "Content-Length", value: "1000000")
      context.writeAndFlush(
        wrapOutboundOut(
          .head(HTTPResponseHead(version: request.version, status: answer.status, headers: headers))
        ),
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
    let send: @Sendable () -> Void = {
      let context = loopBound.value
      var headers = HTTPHeaders(answer.headers)
      headers.replaceOrAdd(name: "Content-Length", value: String(answer.body.count))
      if !keepAlive { headers.replaceOrAdd(name: "Connection", value: "close") }
      let head = HTTPResponseHead(
        version: request.version, status: answer.status, headers: headers)
      context.write(self.wrapOutboundOut(.head(head)), promise: nil)
      var buffer = context.channel.allocator.buffer(capacity: answer.body.count)
      buffer.writeBytes(answer.body)
      context.write(self.wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
      context.writeAndFlush(self.wrapOutboundOut(.end(nil))).whenComplete { _ in
        if !keepAlive { loopBound.value.close(promise: nil) }
      }
    }
    if let delay = answer.delay {
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
