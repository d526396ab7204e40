/// A JSON value encodes as the JSON it was read from, so a rule can be reported "as written" in a
/// structured output (`"rule": {"/": "/albums/*"}`) by the same writer as everything else.
extension JSONValue: Encodable {
  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  public func encode(to encoder: any Encoder) throws {
    switch kind {
    case .object(let members):
      var container = encoder.container(keyedBy: Key.self)
      // A repeated key is read as its last value, as Apple's parser reads it.
      for member in members {
        try container.encode(member.value, forKey: Key(stringValue: member.key))
      }
    case .array(let elements):
      var container = encoder.unkeyedContainer()
      for element in elements { try container.encode(element) }
    case .string(let string):
      var container = encoder.singleValueContainer()
      try container.encode(string)
    case .number(let text):
      var container = encoder.singleValueContainer()
      if let integer = Int(text) {
        try container.encode(integer)
      } else if let double = Double(text), double.isFinite {
        try container.encode(double)
      } else {
        try container.encode(text)
      }
    case .bool(let bool):
      var container = encoder.singleValueContainer()
      try container.encode(bool)
    case .null:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    }
  }
}
