import AASAHosting
import Foundation

/// `--admin HOST:PORT`: the paths for the platform, on a plain listener apart from the site
/// (``HostedListener``, its own thread: probes are answered however busy the site's loops are).
/// - `/healthz`: 200 while the process serves at all (liveness);
/// - `/readyz`: 200 when every association file is loaded and valid, 503 with the reason
///   otherwise, and while draining after SIGTERM (readiness);
/// - `/metrics`: Prometheus text format (see `ServerMetrics`);
/// anything else is 404. The paths take no request body.
struct AdminHandler: HostedHandler {
  let health: SiteHealth
  let router: SiteRouter
  let openConnections: @Sendable () -> Int

  var maximumBodySize: Int { 0 }

  func respond(to request: HostedRequest) async -> HostedResponse {
    switch request.path {
    case "/healthz": Self.text(200, "ok\n")
    case "/readyz":
      if let reason = health.notReadyReason {
        Self.text(503, "not ready: \(reason)\n")
      } else {
        Self.text(200, "ready\n")
      }
    case "/metrics":
      HostedResponse(
        status: 200,
        headers: [
          ("content-type", "text/plain; version=0.0.4; charset=utf-8"),
          ("cache-control", "no-store"),
        ], body: metrics())
    default: Self.text(404, "404 Not Found\n")
    }
  }

  func tooLarge() -> HostedResponse {
    Self.text(413, "the admin paths take no request body\n")
  }

  private static func text(_ status: Int, _ text: String) -> HostedResponse {
    HostedResponse(
      status: status,
      headers: [("content-type", "text/plain; charset=utf-8"), ("cache-control", "no-store")],
      body: Array(text.utf8))
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
