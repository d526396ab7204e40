import Logging

/// A log line as a JSON object: when, how serious, what happened, then each metadata field at the
/// top level, where collectors look for it. Whole numbers and fractions stay numbers; any other
/// value is written as its text.
struct LogRecord: Encodable {
  var time: String
  var level: Logger.Level
  var message: String
  var metadata: Logger.Metadata

  /// The metadata's keys are only known at run time.
  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { nil }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(time, forKey: Key("time"))
    try container.encode(level.rawValue, forKey: Key("level"))
    try container.encode(message, forKey: Key("message"))
    // Key order means nothing in JSON, so no sorting on this path.
    for (key, value) in metadata {
      switch value {
      case .stringConvertible(let number as Int): try container.encode(number, forKey: Key(key))
      case .stringConvertible(let number as Double): try container.encode(number, forKey: Key(key))
      default: try container.encode(value.description, forKey: Key(key))
      }
    }
  }
}
