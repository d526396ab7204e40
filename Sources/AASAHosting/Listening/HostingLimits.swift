import NIOCore

/// What a listener allows each connection, the limits that keep a client from holding the
/// process's connections or memory with idle, trickling or oversized requests. `aasa-serve`
/// takes its site listener's (``init(maxConnections:idleTimeout:headerTimeout:maxHeaderSize:)``
/// from its flags) for every listener beside the sites; `aasa-lint web` takes the defaults.
public struct HostingLimits: Sendable, Equatable {
  /// Connections beyond this many are closed as soon as they are accepted.
  public var maxConnections: Int
  /// How long a connection may sit with no bytes in either direction.
  public var idleTimeout: TimeAmount
  /// How long a client has, from its first byte (or from connecting), to send a complete request
  /// head; a request body has as long again from its head (the body timer).
  public var headerTimeout: TimeAmount
  /// The largest request head (all header lines together) the decoder accepts; a larger one gets
  /// 431 and the connection closes.
  public var maxHeaderSize: Int

  /// The defaults are `aasa-serve`'s flags' (`--max-connections 10000`, `--idle-timeout 60`,
  /// `--header-timeout 10`, `--max-header-size 16384`).
  public init(
    maxConnections: Int = 10_000, idleTimeout: TimeAmount = .seconds(60),
    headerTimeout: TimeAmount = .seconds(10), maxHeaderSize: Int = 16 * 1024
  ) {
    self.maxConnections = maxConnections
    self.idleTimeout = idleTimeout
    self.headerTimeout = headerTimeout
    self.maxHeaderSize = maxHeaderSize
  }
}
