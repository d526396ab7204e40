import AASA
import Foundation
import Logging
import NIOPosix

/// How log lines look on standard output.
public enum LogFormat: String, Sendable, CaseIterable {
  /// `2025-01-31T12:00:00.123Z info message key=value ...`, for people.
  case text
  /// One JSON object per line, for log collectors.
  case json
}

/// A swift-log handler writing one line per event to standard output, in either format,
/// through `LogWriter`: off the event loop, whole lines, bounded.
public struct LineLogHandler: LogHandler {
  public var logLevel: Logger.Level = .info
  public var metadata: Logger.Metadata = [:]
  public let format: LogFormat
  let label: String

  public init(label: String, format: LogFormat) {
    self.label = label
    self.format = format
  }

  public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  public func log(event: LogEvent) {
    var merged = metadata
    if let extra = event.metadata { merged.merge(extra) { $1 } }
    Self.write(Self.line(event.level, event.message.description, merged, format))
  }

  /// Queues one line for standard output; see `LogWriter` for why this never blocks.
  static func write(_ line: String) {
    var line = line
    line.append("\n")
    LogWriter.standardOutput.enqueue(line)
  }

  /// An error that stops the process, for standard error: `aasa-serve: message` as text, one
  /// object as JSON, like every other line.
  public static func fatalLine(_ message: String, exitStatus: Int32, format: LogFormat) -> String {
    switch format {
    case .text: "aasa-serve: \(message)"
    case .json:
      jsonLine(.critical, message, ["exit_status": .stringConvertible(Int(exitStatus))])
    }
  }

  static func line(
    _ level: Logger.Level, _ message: String, _ metadata: Logger.Metadata, _ format: LogFormat
  ) -> String {
    switch format {
    case .text: textLine(level, message, metadata)
    case .json: jsonLine(level, message, metadata)
    }
  }

  static func textLine(_ level: Logger.Level, _ message: String, _ metadata: Logger.Metadata)
    -> String
  {
    var line = "\(Timestamp.now()) \(level) \(message)"
    for (key, value) in metadata.sorted(by: { $0.key < $1.key }) {
      line += " \(key)=\(quotedIfNeeded(value.description))"
    }
    return line
  }

  static func jsonLine(_ level: Logger.Level, _ message: String, _ metadata: Logger.Metadata)
    -> String
  {
    var line = "{\"time\":\"\(Timestamp.now())\",\"level\":\"\(level)\",\"message\":"
    line += jsonString(message)
    // Key order means nothing in JSON, so no sorting on this path.
    for (key, value) in metadata {
      line += ",\(jsonString(key)):"
      switch value {
      case .stringConvertible(let number as Int): line += "\(number)"
      case .stringConvertible(let number as Double): line += "\(number)"
      default: line += jsonString(value.description)
      }
    }
    return line + "}"
  }

  static func quotedIfNeeded(_ value: String) -> String {
    // Bytes, not Characters: this runs for every access log field.
    let needsQuotes =
      value.isEmpty
      || value.utf8.contains { byte in
        byte <= 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "=") || byte == 0x7F
          || byte == UInt8(ascii: "\\")
      }
    return needsQuotes ? jsonString(value) : value
  }

  /// A JSON string literal; control characters are escaped so a hostile User-Agent cannot forge
  /// log lines.
  static func jsonString(_ text: String) -> String { JSONValue.quoted(text) }
}

/// RFC 3339 timestamps in UTC with milliseconds. The part up to the second is formatted once a
/// second per thread; only the milliseconds change between lines.
enum Timestamp {
  private final class Cache {
    var second = -1
    var prefix = ""
  }
  // Safe: each thread only ever sees its own value.
  nonisolated(unsafe) private static let perThread = ThreadSpecificVariable<Cache>()

  static func now() -> String {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    let cache: Cache
    if let existing = perThread.currentValue {
      cache = existing
    } else {
      cache = Cache()
      perThread.currentValue = cache
    }
    if cache.second != Int(time.tv_sec) {
      cache.second = Int(time.tv_sec)
      cache.prefix = formatSecond(time.tv_sec)
    }
    let millis = Int(time.tv_nsec) / 1_000_000
    let digits = String(millis)
    return cache.prefix + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
  }

  private static func formatSecond(_ seconds: time_t) -> String {
    var seconds = seconds
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func pad(_ value: Int, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return "\(pad(Int(parts.tm_year) + 1900, 4))-\(pad(Int(parts.tm_mon) + 1, 2))-"
      + "\(pad(Int(parts.tm_mday), 2))T\(pad(Int(parts.tm_hour), 2)):\(pad(Int(parts.tm_min), 2)):"
      + "\(pad(Int(parts.tm_sec), 2))."
  }
}
