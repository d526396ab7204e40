import AASACore

/// How a value is written into a `key=value` log line (the access log's fields, `aasa-serve`'s
/// metadata): as is when it is one plain word, else as a JSON string literal, so that a hostile
/// User-Agent or path can neither forge a field nor a line.
package enum LogField {
  package static func quotedIfNeeded(_ value: String) -> String {
    // Bytes, not Characters: this runs for every access log field.
    let needsQuotes =
      value.isEmpty
      || value.utf8.contains { byte in
        byte <= 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "=") || byte == 0x7F
          || byte == UInt8(ascii: "\\")
      }
    return needsQuotes ? JSONValue.quoted(value) : value
  }
}
