import AASACore
import AASAHosting
import Logging

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
  ///
  /// An error of several problems (each finding of a refused file, then the refusal) is one
  /// text line per problem, each with the prefix, so that every line stands on its own in a log;
  /// a line feed that a file put in a finding stays escaped in its line.
  public static func fatalLine(_ error: StartupError, format: LogFormat) -> String {
    switch format {
    case .text:
      error.lines.map { "aasa-serve: " + $0.escapingControlCharacters }.joined(separator: "\n")
    case .json:
      jsonLine(
        .critical, error.message, ["exit_status": .stringConvertible(Int(error.exitCode))])
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
      line += " \(key)=\(LogField.quotedIfNeeded(value.description))"
    }
    // Messages quote file names, hosts and request paths: what a terminal or log viewer would act
    // on is shown escaped (metadata values are quoted, but C1 and bidi marks need it too).
    return line.escapingControlCharacters
  }

  static func jsonLine(_ level: Logger.Level, _ message: String, _ metadata: Logger.Metadata)
    -> String
  {
    JSONOutput.encode(
      LogRecord(time: Timestamp.now(), level: level, message: message, metadata: metadata),
      layout: .line)
  }

}
