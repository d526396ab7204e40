import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// `--admin HOST:PORT`: a plain HTTP listener for the platform, apart from the site.
/// - `/healthz`: 200 while the process serves at all (liveness);
/// - `/readyz`: 200 when every association file is loaded and valid, 503 with the reason
///   otherwise, and while draining after SIGTERM (readiness);
/// - `/metrics`: Prometheus text format (see `ServerMetrics`).
public final class AdminServer: Sendable {
  let group: MultiThreadedEventLoopGroup
  let channel: Channel

  /// Where it listens, with the port the kernel picked when asked for port 0.
  public var localAddress: SocketAddress? { channel.localAddress }

  public static func bind(
    host: String, port: Int, health: SiteHealth, router: SiteRouter,
    openConnections: @escaping @Sendable () -> Int
  ) async throws(StartupError) -> AdminServer {
    // A thread of its own: probes keep being answered however busy the site's loops are.
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let bootstrap = ServerBootstrap(group: group)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.configureHTTPServerPipeline()
          try channel.pipeline.syncOperations.addHandler(
            AdminHandler(health: health, router: router, openConnections: openConnections))
        }
      }
    do {
      let channel = try await bootstrap.bind(host: host, port: port).get()
      return AdminServer(group: group, channel: channel)
    } catch {
      try? await group.shutdownGracefully()
      throw StartupError(ListenFailure.message(for: error, host: host, port: port, what: "--admin"))
    }
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

/// Answers the admin paths; anything else is 404.
final class AdminHandler: ChannelInboundHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  private let health: SiteHealth
  private let router: SiteRouter
  private let openConnections: @Sendable () -> Int

  init(health: SiteHealth, router: SiteRouter, openConnections: @escaping @Sendable () -> Int) {
    self.health = health
    self.router = router
    self.openConnections = openConnections
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard case .head(let head) = unwrapInboundIn(data) else { return }
    let path = head.uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
    let (status, contentType, body): (HTTPResponseStatus, String, [UInt8]) =
      switch path {
      case "/healthz": (.ok, "text/plain; charset=utf-8", Array("ok\n".utf8))
      case "/readyz":
        if let reason = health.notReadyReason {
          (.serviceUnavailable, "text/plain; charset=utf-8", Array("not ready: \(reason)\n".utf8))
        } else {
          (.ok, "text/plain; charset=utf-8", Array("ready\n".utf8))
        }
      case "/metrics":
        (.ok, "text/plain; version=0.0.4; charset=utf-8", metrics())
      default: (.notFound, "text/plain; charset=utf-8", Array("404 Not Found\n".utf8))
      }
    var headers = HTTPHeaders()
    headers.add(name: "content-type", value: contentType)
    headers.add(name: "content-length", value: String(body.count))
    headers.add(name: "cache-control", value: "no-store")
    let keepAlive = head.isKeepAlive
    if !keepAlive { headers.add(name: "connection", value: "close") }
    context.write(
      wrapOutboundOut(
        .head(HTTPResponseHead(version: head.version, status: status, headers: headers))),
      promise: nil)
    if head.method != .HEAD {
      context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil)
    }
    let channel = context.channel
    context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
      if !keepAlive { channel.close(promise: nil) }
    }
  }

  private func metrics() -> [UInt8] {
    let now = Date().timeIntervalSince1970
    let files = health.associationFiles.keys.sorted().map { path in
      let age = served(path).map { now - Double($0.lastModified) } ?? 0
      return (path: path, valid: health.associationFiles[path] ?? false, age: max(0, age))
    }
    return ServerMetrics.shared.exposition(
      openConnections: openConnections(), associationFiles: files)
  }

  /// The file a health key names: a site path, after its host with `--sites`.
  private func served(_ key: String) -> ServedFile? {
    guard router.routesByHost else { return router.site(forAuthority: nil)?.file(at: key) }
    guard let slash = key.firstIndex(of: "/") else { return nil }
    let host = String(key[..<slash])
    let table = router.currentTable
    let store = host == SitesReloader.fallbackName ? table.fallback : table.sites[host]
    return store?.current.file(at: String(key[slash...]))
  }
}
