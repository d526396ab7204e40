import MCP

/// Checks a call's arguments against its tool's ``ToolArgument``s before anything runs, so that
/// a wrong call is answered with the argument and why ("urls must be a list of strings, not a
/// string"), as a tool error the agent can correct (MCP 2025-11-25: input validation errors are
/// tool execution errors, not protocol errors). The limits on sizes and counts are the
/// validator's, checked where its API reads the body.
struct ArgumentCheck {
  struct Refusal: Error, Equatable {
    var message: String
  }

  let tool: AgentTool

  func check(_ arguments: [String: Value]) throws(Refusal) {
    let names = tool.arguments.map(\.name)
    for name in arguments.keys.sorted() where !names.contains(name) {
      throw Refusal(
        message:
          "unknown argument \(Self.quoted(name)): \(tool.name) takes \(names.joined(separator: ", "))"
      )
    }
    for argument in tool.arguments {
      guard let value = arguments[argument.name], value != .null else {
        if argument.required {
          throw Refusal(message: "\(argument.name) is missing: \(argument.description)")
        }
        continue
      }
      try check(value, as: argument)
    }
  }

  private func check(_ value: Value, as argument: ToolArgument) throws(Refusal) {
    let name = argument.name
    switch argument.shape {
    case .string:
      guard Self.isString(value) else { throw wrong(name, "a string", value) }
    case .boolean:
      guard value.boolValue != nil else { throw wrong(name, "true or false", value) }
    case .strings:
      guard let elements = value.arrayValue else {
        throw wrong(name, "a list of strings", value)
      }
      if let index = elements.firstIndex(where: { !Self.isString($0) }) {
        throw wrong("\(name)[\(index)]", "a string", elements[index])
      }
    case .choice(let words):
      guard let word = value.stringValue, words.contains(word) else {
        throw Refusal(
          message:
            "\(name) must be one of \(words.joined(separator: ", "))\(value.stringValue.map { ", not \(Self.quoted($0))" } ?? ", not \(Self.kind(value))")"
        )
      }
    case .file:
      if Self.isString(value) { return }
      guard let object = value.objectValue else {
        throw wrong(name, "an object {\"text\"} or {\"base64\"}", value)
      }
      try members(object, of: name, allowed: ["text", "base64", "name"])
    case .diffSide:
      guard let object = value.objectValue else {
        throw wrong(name, "an object {\"text\"}, {\"site\"} or {\"cdn\"}", value)
      }
      try members(object, of: name, allowed: ["text", "name", "site", "cdn"])
    }
  }

  private func members(_ object: [String: Value], of name: String, allowed: [String])
    throws(Refusal)
  {
    for key in object.keys.sorted() {
      guard allowed.contains(key) else {
        throw Refusal(
          message:
            "\(name) has an unknown member \(Self.quoted(key)): it takes \(allowed.joined(separator: ", "))"
        )
      }
      guard let member = object[key], Self.isString(member) else {
        throw wrong("\(name).\(key)", "a string", object[key] ?? .null)
      }
    }
  }

  private func wrong(_ name: String, _ expected: String, _ value: Value) -> Refusal {
    Refusal(message: "\(name) must be \(expected), not \(Self.kind(value))")
  }

  /// A string, or one the SDK read as a `data:` URL (still a string to the tool).
  private static func isString(_ value: Value) -> Bool {
    switch value {
    case .string, .data: true
    default: false
    }
  }

  static func kind(_ value: Value) -> String {
    switch value {
    case .null: "null"
    case .bool: "a boolean"
    case .int, .double: "a number"
    case .string, .data: "a string"
    case .array: "a list"
    case .object: "an object"
    }
  }

  /// A name an agent sent, quoted and cut short, control characters escaped: it is shown back.
  static func quoted(_ text: String) -> String {
    var shown = ""
    for scalar in text.unicodeScalars.prefix(64) {
      shown +=
        scalar.value < 0x20 || scalar.value == 0x7f
        ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
    }
    return "'\(shown)\(text.unicodeScalars.count > 64 ? "…" : "")'"
  }
}
