import Logging
import NIOCore

/// Writes the one line per request that operators grep: method, path, status, body bytes,
/// duration, user agent, client address and protocol, and with `--sites` the host asked.
public struct AccessLog: Sendable {
  let logger: Logger
  let format: LogFormat

  public init(logger: Logger, format: LogFormat) {
    self.logger = logger
    self.format = format
  }

  /// Request targets and user agents are the client's words: cut them short so one request
  /// cannot write a megabyte into the log.
  package static let maximumFieldLength = 512

  /// A hosted listener's request (``HostedListener``'s recorder): its line has no host.
  public func record(_ exchange: HostedExchange) {
    record(
      method: exchange.method, target: exchange.target, status: exchange.status,
      bytes: exchange.bodyBytes, started: exchange.started, userAgent: exchange.userAgent,
      remote: exchange.remoteAddress ?? "-", protocolName: exchange.protocolName)
  }

  /// - Parameter host: `--sites`: the site key of the host asked, or `-`
  ///   (``SiteRouter/accessLogHost(forAuthority:)``); nil with `--root`, whose lines have none.
  /// - Parameter answer: a `links.json` answer, which one (`ios`, `web`, `in_app`, …): the
  ///   server's word, never the client's.
  package func record(
    method: String, target: String, status: UInt, bytes: Int, started: NIODeadline,
    userAgent: String?, remote: String, protocolName: String, host: String? = nil,
    answer: String? = nil
  ) {
    let micros = (NIODeadline.now() - started).nanoseconds / 1000
    let duration = Self.milliseconds(micros)
    let path = Self.clip(target)
    let agent = Self.clip(userAgent ?? "-")
    switch format {
    case .text:
      // Text lines are built here in a fixed order, without a metadata dictionary to hash and
      // sort: this runs for every request, on the event loop.
      var line = "request "
      line.reserveCapacity(160 + path.utf8.count + agent.utf8.count)
      if let answer {
        line += "answer="
        line += answer
        line += " "
      }
      line += "bytes="
      line += String(bytes)
      line += " duration_ms="
      line += duration
      if let host {
        line += " host="
        line += LogField.quotedIfNeeded(Self.clip(host))
      }
      line += " method="
      line += LogField.quotedIfNeeded(Self.clip(method))
      line += " path="
      line += LogField.quotedIfNeeded(path)
      line += " protocol="
      line += protocolName
      line += " remote="
      line += remote
      line += " status="
      line += String(status)
      line += " user_agent="
      line += LogField.quotedIfNeeded(agent)
      logger.info("\(line)")
    case .json:
      var metadata: Logger.Metadata = [
        "method": .string(Self.clip(method)),
        "path": .string(path),
        "status": .stringConvertible(Int(status)),
        "bytes": .stringConvertible(bytes),
        "duration_ms": .stringConvertible(Double(micros) / 1000),
        "user_agent": .string(agent),
        "remote": .string(remote),
        "protocol": .string(protocolName),
      ]
      if let host { metadata["host"] = .string(Self.clip(host)) }
      if let answer { metadata["answer"] = .string(answer) }
      logger.info("request", metadata: metadata)
    }
  }

  /// `1234` microseconds as `1.234`, without going through `Double.description`.
  package static func milliseconds(_ micros: Int64) -> String {
    let fraction = String(micros % 1000)
    return String(micros / 1000) + "." + String(repeating: "0", count: 3 - fraction.count)
      + fraction
  }

  /// At most `maximumFieldLength` bytes of `text`, cut where a scalar starts (so what is kept
  /// is valid UTF-8), then `…`. Counted in bytes, not characters: a character can carry any
  /// number of combining marks, so 512 characters could be many kilobytes.
  package static func clip(_ text: String) -> String {
    let utf8 = text.utf8
    guard utf8.count > maximumFieldLength else { return text }
    var end = utf8.index(utf8.startIndex, offsetBy: maximumFieldLength)
    while end > utf8.startIndex && UTF8.isContinuation(utf8[end]) {
      end = utf8.index(before: end)
    }
    return String(decoding: utf8[..<end], as: UTF8.self) + "…"
  }
}
