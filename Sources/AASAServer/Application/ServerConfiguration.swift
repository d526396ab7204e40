import AASAHosting
import NIOCore

/// Everything `aasa-serve` needs to know to run, already checked for consistency by the command
/// line layer. A value type so tests can build one directly.
public struct ServerConfiguration: Sendable {
  /// The site folder; every served file lives under it. Unused when `sites` is set.
  public var root: String
  /// `--sites DIR`: one site per subfolder, named by its host; requests are routed by `Host` /
  /// `:authority`. Nil for the single site in `root`.
  public var sites: String?
  public var host: String
  /// 0 asks the kernel for a free port; the bound port is reported at start-up.
  public var port: Int
  public var tls: TLSSource
  /// Serve a certificate Apple's and Google's fetchers would refuse (expired, weak key, no
  /// subjectAltName…) with a warning, instead of refusing to start.
  public var allowUntrustedCertificate: Bool
  /// Seconds for `Cache-Control: public, max-age=…`; `nil` sends `no-cache`.
  public var cacheMaxAge: Int?
  /// Serve AASA or assetlinks files even when the library finds errors in them.
  public var allowInvalid: Bool
  /// How long a connection may sit with no bytes in either direction.
  public var idleTimeout: TimeAmount
  /// How long a client has, from its first byte (or from connecting), to send a complete request
  /// head. Keeps clients that trickle headers from holding a connection slot forever.
  public var headerTimeout: TimeAmount
  /// The largest request head (all header lines together) the decoder accepts.
  public var maxHeaderSize: Int
  /// Connections beyond this many are closed as soon as they are accepted.
  public var maxConnections: Int
  /// Files larger than this are not loaded (and so not served); the site lives in memory.
  public var maxFileSize: Int
  /// How often the root is scanned for changes; `nil` turns watching off.
  public var watchInterval: TimeAmount?
  /// How long a changed file must stay the same before it is served.
  public var settleTime: TimeAmount
  /// How long in-flight requests get to finish after SIGTERM/SIGINT before connections are cut.
  public var shutdownTimeout: TimeAmount
  /// Event loop threads; defaults to one per core.
  public var threads: Int
  public var accessLog: Bool
  /// Where `/healthz`, `/readyz` and `/metrics` are served; nil (the default) turns them off.
  public var admin: ListenAddress?
  /// `--acme`: certificates obtained and renewed over ACME, served from its folder; nil when
  /// the certificates come from elsewhere.
  public var acme: ACMESettings?

  public init(
    root: String,
    sites: String? = nil,
    host: String = "127.0.0.1",
    port: Int = 8443,
    tls: TLSSource = .none,
    allowUntrustedCertificate: Bool = false,
    cacheMaxAge: Int? = 3600,
    allowInvalid: Bool = false,
    idleTimeout: TimeAmount = HostingLimits().idleTimeout,
    headerTimeout: TimeAmount = HostingLimits().headerTimeout,
    maxHeaderSize: Int = HostingLimits().maxHeaderSize,
    maxConnections: Int = HostingLimits().maxConnections,
    maxFileSize: Int = 8 * 1024 * 1024,
    watchInterval: TimeAmount? = .seconds(1),
    settleTime: TimeAmount = .seconds(2),
    shutdownTimeout: TimeAmount = .seconds(10),
    threads: Int = NIOCore.System.coreCount,
    accessLog: Bool = true,
    admin: ListenAddress? = nil,
    acme: ACMESettings? = nil
  ) {
    self.root = root
    self.sites = sites
    self.host = host
    self.port = port
    self.tls = tls
    self.allowUntrustedCertificate = allowUntrustedCertificate
    self.cacheMaxAge = cacheMaxAge
    self.allowInvalid = allowInvalid
    self.idleTimeout = idleTimeout
    self.headerTimeout = headerTimeout
    self.maxHeaderSize = maxHeaderSize
    self.maxConnections = maxConnections
    self.maxFileSize = maxFileSize
    self.watchInterval = watchInterval
    self.settleTime = settleTime
    self.shutdownTimeout = shutdownTimeout
    self.threads = threads
    self.accessLog = accessLog
    self.admin = admin
    self.acme = acme
  }
}

extension ServerConfiguration {
  /// What every plain listener beside the sites allows a connection (`--admin`, `--validator`,
  /// `--acme-http-port`): the site listener's limits, since each is reachable from a network
  /// and, without them, idle or trickling clients could hold every file descriptor.
  public var hostingLimits: HostingLimits {
    HostingLimits(
      maxConnections: maxConnections, idleTimeout: idleTimeout, headerTimeout: headerTimeout,
      maxHeaderSize: maxHeaderSize)
  }
}
