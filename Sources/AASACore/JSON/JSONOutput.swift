import Foundation

/// The one way the tools write JSON: every structured output (lint reports, SARIF, live checks,
/// diffs, the server's JSON log lines) is a `Codable` value encoded here, never text put together
/// by hand, so every string is escaped and every document parses.
///
/// Keys are sorted, so the same answer is the same text on every run and platform (Foundation's
/// encoder keeps no declaration order). Control characters from the input are escaped by the
/// encoder; DEL too, which JSON allows raw but terminals and log readers act on.
public enum JSONOutput {
  public enum Layout: Sendable {
    /// Indented, for a whole document that people read and tools parse.
    case document
    /// One line, for log records and streams of records.
    case line
  }

  private static let documentEncoder = encoder([.prettyPrinted, .sortedKeys])
  private static let lineEncoder = encoder([.sortedKeys])

  private static func encoder(_ formatting: JSONEncoder.OutputFormatting) -> JSONEncoder {
    let encoder = JSONEncoder()
    // Paths and URLs are full of slashes; `\/` would only make them harder to read.
    encoder.outputFormatting = formatting.union(.withoutEscapingSlashes)
    // A value that is not a number in JSON is written as text rather than failing the output.
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    return encoder
  }

  /// `value` as JSON text. Encoding a value of these types cannot fail; if it ever did, the
  /// output would still be JSON: an object saying so.
  public static func encode(_ value: some Encodable, layout: Layout = .document) -> String {
    let encoder = layout == .document ? documentEncoder : lineEncoder
    guard var bytes = try? encoder.encode(value) else {
      return #"{"error": "the output could not be encoded"}"#
    }
    // DEL is one byte; C1 controls start with 0xC2, U+061C with 0xD8, the marks with 0xE2.
    if bytes.contains(where: { $0 == 0x7F || $0 == 0xC2 || $0 == 0xD8 || $0 == 0xE2 }) {
      bytes = escapingWhatTheEncoderKeeps(bytes)
    }
    return String(
      decoding: layout == .document ? closingEmptyContainers(bytes) : Array(bytes), as: UTF8.self)
  }

  /// The encoder escapes C0 controls but writes DEL, C1 controls and bidirectional overrides as
  /// they are, which terminals and log viewers act on: each becomes a `\uXXXX` escape. Outside
  /// strings JSON has none of these characters, so every one found is inside a string.
  private static func escapingWhatTheEncoderKeeps(_ bytes: Data) -> Data {
    let text = String(decoding: bytes, as: UTF8.self)
    var output = ""
    output.reserveCapacity(bytes.count + 16)
    for scalar in text.unicodeScalars {
      if scalar.value >= 0x20, ControlCharacterEscaping.isEscaped(scalar) {
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      } else {
        output.unicodeScalars.append(scalar)
      }
    }
    return Data(output.utf8)
  }

  /// `[]` and `{}` for empty containers, which the encoder's indented layout writes over three
  /// lines. A raw line break is never inside a JSON string (the encoder escapes it), so every
  /// bracket followed by white space with line breaks and its closing bracket is structure.
  private static func closingEmptyContainers(_ bytes: Data) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    let input = Array(bytes)
    var index = 0
    while index < input.count {
      let byte = input[index]
      output.append(byte)
      index += 1
      guard byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") else { continue }
      var end = index
      var breaksLine = false
      while end < input.count, input[end] == UInt8(ascii: "\n") || input[end] == UInt8(ascii: " ") {
        breaksLine = breaksLine || input[end] == UInt8(ascii: "\n")
        end += 1
      }
      let closing = byte == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")
      // Only a run with a line break: inside a string `[ ]` is text, and strings hold no raw
      // line break.
      if breaksLine, end < input.count, input[end] == closing {
        output.append(closing)
        index = end + 1
      }
    }
    return output
  }
}
