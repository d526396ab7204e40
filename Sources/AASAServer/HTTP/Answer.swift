import NIOCore

/// What to send back: a prepared response, and whether its body goes with it (not for HEAD).
public struct Answer: Sendable {
  public var response: PreparedResponse
  public var includeBody: Bool

  /// Body bytes actually sent, for the access log.
  public var bodyBytes: Int { includeBody ? response.body.readableBytes : 0 }
}
