import AASAHosting

/// A handler to serve on a listener of its own beside the sites (`--validator ADDR:PORT`),
/// given to ``ServerApplication/run(configuration:logFormat:logger:hosted:)`` by the executable.
public struct HostedService: Sendable {
  public var address: ListenAddress
  /// The option that asked for it, named when binding fails (`--validator`).
  public var flag: String
  /// The listener's name in the start-up report and the `site` dimension of its metrics.
  public var name: String
  public var handler: any HostedHandler

  public init(address: ListenAddress, flag: String, name: String, handler: any HostedHandler) {
    self.address = address
    self.flag = flag
    self.name = name
    self.handler = handler
  }

  /// What each of its requests leaves: the access log line (when the log is on) and the request
  /// metrics, under its ``name``.
  func recorder(accessLog: AccessLog?) -> @Sendable (HostedExchange) -> Void {
    let name = self.name
    return { exchange in
      ServerMetrics.shared.recordRequest(
        ServerMetrics.shared.requestCounters(
          status: exchange.status, protocolName: exchange.protocolName, site: name),
        bodyBytes: exchange.bodyBytes, started: exchange.started)
      accessLog?.record(exchange)
    }
  }
}
