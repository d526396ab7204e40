import AASACore

/// Where each start tag and its attributes are in a manifest's bytes.
///
/// `XMLParser` reports an element once its start tag has been read, with the position of the
/// tag's end, so a finding about `android:host` would point at the last line of a tag that spans
/// several. The parser reports start tags in document order, so this walks the bytes once with a
/// cursor that only moves forward: each call finds the next start tag after the previous one
/// (skipping comments, CDATA, processing instructions, declarations and end tags) and reads the
/// attribute names' positions inside it. The whole walk is linear in the file.
struct StartTagLocator {
  private let bytes: [UInt8]
  private var position = 0
  private var line = 1
  private var column = 1

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// A start tag: where its `<` is, and where each attribute's name starts (by qualified name).
  struct Tag {
    var location: SourceLocation
    var attributes: [String: SourceLocation]
  }

  /// The next start tag, which must be named `name`; nil when the bytes hold no such tag next
  /// (an element that came from an entity, say), in which case the cursor does not move.
  mutating func next(named name: String) -> Tag? {
    let saved = (position, line, column)
    while let open = find(UInt8(ascii: "<")) {
      advance(to: open)
      let rest = bytes[(open + 1)...]
      if rest.starts(with: Array("!--".utf8)) {
        skip(past: Array("-->".utf8))
      } else if rest.starts(with: Array("![CDATA[".utf8)) {
        skip(past: Array("]]>".utf8))
      } else if rest.starts(with: [UInt8(ascii: "?")]) {
        skip(past: Array("?>".utf8))
      } else if rest.starts(with: [UInt8(ascii: "!")]) {
        skipDeclaration()
      } else if rest.starts(with: [UInt8(ascii: "/")]) {
        skip(past: [UInt8(ascii: ">")])
      } else {
        let location = here
        advance(to: open + 1)
        let tagName = readName()
        guard tagName == name else { break }
        return Tag(location: location, attributes: readAttributes())
      }
    }
    (position, line, column) = saved
    return nil
  }

  private var here: SourceLocation { SourceLocation(line: line, column: column, offset: position) }

  private func find(_ byte: UInt8) -> Int? {
    bytes[position...].firstIndex(of: byte)
  }

  /// Moves the cursor forward to `target`, counting lines and (as the JSON reader does) scalars.
  private mutating func advance(to target: Int) {
    let end = min(target, bytes.count)
    while position < end {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
      position += 1
    }
  }

  private mutating func skip(past terminator: [UInt8]) {
    var index = position
    while index < bytes.count {
      if bytes[index] == terminator[0], bytes[index...].starts(with: terminator) {
        advance(to: index + terminator.count)
        return
      }
      index += 1
    }
    advance(to: bytes.count)
  }

  /// `<!DOCTYPE …>`, with an internal subset in `[ ]`.
  private mutating func skipDeclaration() {
    var index = position
    var depth = 0
    var quote: UInt8?
    while index < bytes.count {
      let byte = bytes[index]
      if let open = quote {
        if byte == open { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: "[") {
        depth += 1
      } else if byte == UInt8(ascii: "]") {
        depth = max(0, depth - 1)
      } else if byte == UInt8(ascii: ">") && depth == 0 {
        advance(to: index + 1)
        return
      }
      index += 1
    }
    advance(to: bytes.count)
  }

  private static func isNameEnd(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
      UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "/"):
      true
    default: false
    }
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
      || byte == UInt8(ascii: "\r")
  }

  private mutating func readName() -> String {
    let start = position
    var index = position
    while index < bytes.count, !Self.isNameEnd(bytes[index]) { index += 1 }
    advance(to: index)
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  /// The attributes up to the tag's `>`; values in quotes may hold `>` and `/`.
  private mutating func readAttributes() -> [String: SourceLocation] {
    var attributes: [String: SourceLocation] = [:]
    while position < bytes.count {
      var index = position
      while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
      advance(to: index)
      guard position < bytes.count else { break }
      let byte = bytes[position]
      if byte == UInt8(ascii: ">") {
        advance(to: position + 1)
        break
      }
      if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=") {
        advance(to: position + 1)
        continue
      }
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        // A value: skip to its closing quote.
        let close = bytes[(position + 1)...].firstIndex(of: byte) ?? bytes.count - 1
        advance(to: close + 1)
        continue
      }
      let location = here
      let name = readName()
      if name.isEmpty {
        advance(to: position + 1)
      } else if attributes[name] == nil {
        attributes[name] = location
      }
    }
    return attributes
  }
}
