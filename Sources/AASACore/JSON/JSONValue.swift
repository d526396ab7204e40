/// A JSON value that remembers where it was written.
///
/// Objects keep their members in file order, duplicates included, because a linter must be able to
/// point at the second `"appID"` of an entry; ``JSONValue/subscript(_:)`` answers with the last
/// one, as Apple's JSON parser does.
public struct JSONValue: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    case object([Member])
    case array([JSONValue])
    case string(String)
    /// The number as written, so `1.0` and `1` stay distinguishable in messages.
    case number(String)
    case bool(Bool)
    case null
  }

  public struct Member: Hashable, Sendable {
    public var key: String
    public var keyLocation: SourceLocation
    public var value: JSONValue

    public init(key: String, keyLocation: SourceLocation, value: JSONValue) {
      self.key = key
      self.keyLocation = keyLocation
      self.value = value
    }
  }

  public var kind: Kind
  /// Where the value starts: its opening quote, bracket, brace or first digit.
  public var location: SourceLocation

  public init(_ kind: Kind, at location: SourceLocation) {
    self.kind = kind
    self.location = location
  }

  public var members: [Member]? {
    if case .object(let members) = kind { return members }
    return nil
  }

  public var elements: [JSONValue]? {
    if case .array(let elements) = kind { return elements }
    return nil
  }

  public var string: String? {
    if case .string(let string) = kind { return string }
    return nil
  }

  public var bool: Bool? {
    if case .bool(let bool) = kind { return bool }
    return nil
  }

  /// The last member named `key`, as Apple's parser keeps the last of duplicate keys.
  public subscript(key: String) -> JSONValue? {
    members?.last(where: { $0.key == key })?.value
  }

  /// The JSON type's name, for messages: "a string", "an array".
  public var typeDescription: String {
    switch kind {
    case .object: "an object"
    case .array: "an array"
    case .string: "a string"
    case .number: "a number"
    case .bool: "a boolean"
    case .null: "null"
    }
  }

  /// Compact, canonical JSON text with members in file order: how a rule is shown "as written".
  public var compactText: String {
    var output = ""
    write(to: &output)
    return output
  }

  private func write(to output: inout String) {
    switch kind {
    case .object(let members):
      output += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { output += "," }
        output += JSONValue.quoted(member.key)
        output += ":"
        member.value.write(to: &output)
      }
      output += "}"
    case .array(let elements):
      output += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { output += "," }
        element.write(to: &output)
      }
      output += "]"
    case .string(let string): output += JSONValue.quoted(string)
    case .number(let text): output += text
    case .bool(let bool): output += bool ? "true" : "false"
    case .null: output += "null"
    }
  }

  /// `string` as a JSON string literal.
  public static func quoted(_ string: String) -> String {
    var output = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      // DEL too: harmless to JSON, but log readers and terminals treat it as control.
      // DEL, C1 and bidirectional overrides too: what terminals act on is never written raw.
      case _ where ControlCharacterEscaping.isEscaped(scalar):
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output + "\""
  }
}
