import Foundation
import NIOCore
import NIOHTTP1

/// Answers the admin paths; anything else is 404.
final class AdminHandler: ChannelInboundHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  private let health: SiteHealth
  private let router: SiteRouter
  private let openConnections: @Sendable () -> Int
  private let deadlines: ConnectionDeadlines

  init(
    health: SiteHealth, router: SiteRouter, openConnections: @escaping @Sendable () -> Int,
    deadlines: ConnectionDeadlines
  ) {
    self.health = health
    self.router = router
    self.openConnections = openConnections
    self.deadlines = deadlines
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard case .head(let head) = unwrapInboundIn(data) else { return }
    deadlines.requestHeadReceived()
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
    let store = host == HostFoldersReloader.fallbackName ? table.fallback : table.sites[host]
    return store?.current.file(at: String(key[slash...]))
  }
}
