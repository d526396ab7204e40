import AASAHosting
import Logging
import NIOCore

/// The exporter on its listener: `aasa-lint exporter` binds it and waits.
public enum ExporterListener {
  /// Not registered: Prometheus's list of default port allocations (its wiki, "Default port
  /// allocations") does not list 10110 for this exporter. The list has given out every port of
  /// 9100-9999 since 2023 and continues above 10000; 9102 is statsd_exporter's and 9115
  /// blackbox_exporter's. docs/exporter.md says how to register a port, and what to change then.
  public static let defaultPort = 10110

  /// What each connection may take: a probe's answer can take its module's timeout (600 s at
  /// most) with no byte on the connection, so the idle timeout is longer than that.
  public static let limits = HostingLimits(
    maxConnections: 1_000, idleTimeout: .seconds(660), headerTimeout: .seconds(10),
    maxHeaderSize: 16 * 1024)

  public static func bind(
    _ address: ListenAddress, state: ExporterState, logger: Logger
  ) async throws(ListenError) -> HostedListener {
    try await HostedListener.bind(
      address, flag: "--listen", limits: limits,
      handler: ExporterHandler(state: state, logger: logger),
      record: AccessLog(logger: logger, format: .text).record)
  }
}
