import NIOCore

/// One request a ``HostedListener`` answered (or refused), as the access log and the request
/// metrics record it. Handed to the listener's recorder once the answer is written, from any
/// thread.
public struct HostedExchange: Sendable {
  public var method: String
  /// The request target as sent, not yet clipped.
  public var target: String
  public var status: UInt
  /// The answer's body bytes.
  public var bodyBytes: Int
  /// When the request's head began.
  public var started: NIODeadline
  public var userAgent: String?
  /// The client's IP address, or nil when the socket has none.
  public var remoteAddress: String?
  /// `HTTP/1.1` or `HTTP/1.0`.
  public var protocolName: String
}
