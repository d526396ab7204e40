import Logging
import NIOCore

/// Writes the one line per request that operators grep: method, path, status, body bytes,
/// duration, user agent, client address and protocol.
public struct AccessLog: Sendable {
  let logger: Logger

  public init(logger: Logger) {
    self.logger = logger
  }

  /// Request targets and user agents are the client's words: cut them short so one request
  /// cannot write a megabyte into the log.
  static let maximumFieldLength = 512

  func record(
    method: String, target: String, status: UInt, bytes: Int, started: NIODeadline,
    userAgent: String?, remote: String, protocolName: String
  ) {
    let micros = (NIODeadline.now() - started).nanoseconds / 1000
    logger.info(
      "request",
      metadata: [
        "method": .string(Self.clip(method)),
        "path": .string(Self.clip(target)),
        "status": .stringConvertible(Int(status)),
        "bytes": .stringConvertible(bytes),
        "duration_ms": .stringConvertible(Double(micros) / 1000),
        "user_agent": .string(Self.clip(userAgent ?? "-")),
        "remote": .string(remote),
        "protocol": .string(protocolName),
      ])
  }

  static func clip(_ text: String) -> String {
    text.utf8.count <= maximumFieldLength ? text : String(text.prefix(maximumFieldLength)) + "…"
  }
}
