import AASACore
import MCP

/// The one conversion between the documents `aasa-lint … --format json` writes and the SDK's
/// `Value`. The document is read with aasa's own JSON reader, not `Value`'s `Decodable`, which
/// turns every string that looks like a `data:` URL into bytes and writes it back in another
/// form: a report quoting a URL must come out as it went in.
enum JSONValues {
  /// The document's value; nil for bytes that are not one JSON value (never the case for a
  /// rendered report).
  static func value(ofDocument bytes: [UInt8]) -> Value? {
    let read = JSONReader.read(bytes)
    guard let root = read.value, !read.diagnostics.contains(where: { $0.severity == .error })
    else { return nil }
    return value(root)
  }

  private static func value(_ json: JSONValue) -> Value {
    switch json.kind {
    case .object(let members):
      var object: [String: Value] = [:]
      for member in members { object[member.key] = value(member.value) }
      return .object(object)
    case .array(let elements): return .array(elements.map(value))
    case .string(let string): return .string(string)
    case .number(let text): return Int(text).map(Value.int) ?? .double(Double(text) ?? 0)
    case .bool(let bool): return .bool(bool)
    case .null: return .null
    }
  }

  /// The arguments of a call as the JSON body the validator's API reads: written by aasa's one
  /// JSON writer (``JSONOutput``), with a `data:` value as the text it was sent as.
  static func body(_ arguments: [String: Value]) -> [UInt8] {
    Array(JSONOutput.encode(Plain(value: .object(arguments))).utf8)
  }

  /// A `Value` encoded as plain JSON.
  private struct Plain: Encodable {
    var value: Value

    func encode(to encoder: any Encoder) throws {
      switch value {
      case .null:
        var container = encoder.singleValueContainer()
        try container.encodeNil()
      case .bool(let bool):
        var container = encoder.singleValueContainer()
        try container.encode(bool)
      case .int(let int):
        var container = encoder.singleValueContainer()
        try container.encode(int)
      case .double(let double):
        var container = encoder.singleValueContainer()
        try container.encode(double)
      case .string(let string):
        var container = encoder.singleValueContainer()
        try container.encode(string)
      case .data:
        // `Value` read a `data:` URL as bytes; its own encoding writes the URL again.
        try value.encode(to: encoder)
      case .array(let elements):
        var container = encoder.unkeyedContainer()
        for element in elements { try container.encode(Plain(value: element)) }
      case .object(let members):
        var container = encoder.container(keyedBy: Key.self)
        for (key, member) in members {
          try container.encode(Plain(value: member), forKey: Key(key))
        }
      }
    }
  }

  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}
