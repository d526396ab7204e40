/// A JSON reader that keeps line and column for every value and recovers from the mistakes people
/// make in hand-written files.
///
/// No JSON library reports positions, and a linter that says "invalid JSON" without a line is of no
/// use, so this one is written by hand. Recoverable mistakes (a trailing or missing comma, curly or
/// single quotes, comments, a byte order mark, raw control characters) become diagnostics and
/// reading goes on, so one slip never hides the findings about the rest of the file. Anything else
/// stops the reader with an ``DiagnosticCode/JSON/invalidJSON`` finding at the offending character.
public struct JSONReader {
  /// The value, if the text could be read at all, and every problem found in the text.
  public struct Result: Sendable {
    public var value: JSONValue?
    public var diagnostics: [Diagnostic]
  }

  private struct Stop: Error {}

  /// How deeply arrays and objects may nest. Apple's JSON parser (Foundation's) refuses more than
  /// 512 levels, and a limit keeps the reader's recursion, and every walk over the value, bounded.
  public static let maximumDepth = 512

  /// How many recoverable slips are reported one by one. Past this, they are counted in one
  /// closing finding, so that a file of thousands of slips is reported in linear time and space.
  public static let maximumReportedSlips = 1_000

  private let bytes: [UInt8]
  private var position = 0
  private var line = 1
  private var column = 1
  private var depth = 0
  /// The rendered path of the value being read (`applinks.details[1]`), kept up to date as
  /// containers open and close, so that a finding copies it instead of rendering it.
  private var currentPath = ""
  /// The length of ``currentPath`` before each open step, to cut it back when the step ends.
  private var pathLengths: [String.Index] = []
  private var diagnostics: [Diagnostic] = []
  private var unreportedSlips = 0
  private var firstUnreportedSlip: SourceLocation?
  /// The worst severity among the slips not listed, which the closing finding takes: thousands of
  /// duplicate keys (warnings) must not turn valid JSON into an error.
  private var unreportedSeverity = Severity.info

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Reads `bytes` as one JSON value.
  public static func read(_ bytes: [UInt8]) -> Result {
    var reader = JSONReader(bytes: bytes)
    let value = reader.readDocument()
    if let firstUnreported = reader.firstUnreportedSlip {
      reader.diagnostics.append(
        Diagnostic(
          .JSON.tooManySlips, at: firstUnreported, path: "",
          message:
            "\(reader.unreportedSlips) more JSON slips from here on are not listed (only the first \(maximumReportedSlips) are)",
          severity: reader.unreportedSeverity))
    }
    return Result(value: value, diagnostics: reader.diagnostics)
  }

  public static func read(_ text: String) -> Result { read(Array(text.utf8)) }

  // MARK: Document

  private mutating func readDocument() -> JSONValue? {
    if let offset = firstInvalidUTF8Offset(bytes) {
      let location = locationOf(offset: offset)
      diagnostics.append(
        Diagnostic(
          .JSON.invalidUTF8, at: location, path: "",
          message:
            "byte 0x\(String(bytes[offset], radix: 16, uppercase: true)) at offset \(offset) is not valid UTF-8"
        ))
      return nil
    }
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      diagnostics.append(
        Diagnostic(
          .JSON.byteOrderMark, at: .start, path: "",
          message: "the file starts with a UTF-8 byte order mark (EF BB BF)"))
      position = 3
    }
    do {
      try skipInsignificant()
      guard position < bytes.count else {
        diagnostics.append(
          Diagnostic(
            .JSON.emptyFile, at: here, path: "", message: "the file holds no JSON value"))
        return nil
      }
      let value = try readValue()
      try skipInsignificant()
      if position < bytes.count {
        try fail(
          "unexpected \(describeCurrent()) after the end of the JSON value",
          help: "remove it: a file holds exactly one JSON value")
      }
      return value
    } catch {
      return nil
    }
  }

  // MARK: Values

  private mutating func readValue() throws -> JSONValue {
    try skipInsignificant()
    let start = here
    guard let byte = current else {
      try fail("unexpected end of file: a value was expected", help: "complete the JSON value")
    }
    switch byte {
    case UInt8(ascii: "{"): return try readObject()
    case UInt8(ascii: "["): return try readArray()
    case _ where isQuoteStart:
      return JSONValue(.string(try readString()), at: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"),
      UInt8(ascii: "."):
      return JSONValue(.number(readNumber()), at: start)
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
      return JSONValue(try readLiteral(), at: start)
    default:
      try fail("unexpected \(describeCurrent()) where a value was expected", help: nil)
    }
  }

  private mutating func readObject() throws -> JSONValue {
    let start = here
    try enterContainer()
    defer { depth -= 1 }
    advance()  // {
    var members: [JSONValue.Member] = []
    var seen: [String: SourceLocation] = [:]
    var lastComma: SourceLocation?
    var endOfPrevious: SourceLocation?
    while true {
      let byte = try nextInContainer(
        .object, openedAt: start, lastComma: lastComma, endOfPrevious: endOfPrevious)
      guard let byte else { return JSONValue(.object(members), at: start) }
      let keyLocation = here
      guard isQuoteStart else {
        if isLetter(byte) {
          try fail(
            "object keys must be quoted strings, found \(describeCurrent())",
            help: "put the key in double quotes")
        }
        try fail("expected a quoted key or `}`, found \(describeCurrent())", help: nil)
      }
      let key = try readString()
      try skipInsignificant()
      guard current == UInt8(ascii: ":") else {
        try fail("expected `:` after the key \"\(key)\", found \(describeCurrent())", help: nil)
      }
      advance()
      pushPath(key: key)
      let value = try readValue()
      if let first = seen[key] {
        report(
          .JSON.duplicateKey, at: keyLocation,
          "the key \"\(key)\" appears again (first at \(first)); only this last one is used")
      }
      popPath()
      seen[key] = keyLocation
      members.append(JSONValue.Member(key: key, keyLocation: keyLocation, value: value))
      endOfPrevious = here
      lastComma = try readSeparator()
    }
  }

  private mutating func readArray() throws -> JSONValue {
    let start = here
    try enterContainer()
    defer { depth -= 1 }
    advance()  // [
    var elements: [JSONValue] = []
    var lastComma: SourceLocation?
    var endOfPrevious: SourceLocation?
    while try nextInContainer(
      .array, openedAt: start, lastComma: lastComma, endOfPrevious: endOfPrevious) != nil
    {
      pushPath(index: elements.count)
      elements.append(try readValue())
      popPath()
      endOfPrevious = here
      lastComma = try readSeparator()
    }
    return JSONValue(.array(elements), at: start)
  }

  /// Counts one more level of nesting, stopping the reader past ``maximumDepth``.
  private mutating func enterContainer() throws {
    depth += 1
    guard depth <= JSONReader.maximumDepth else {
      diagnostics.append(
        Diagnostic(
          .JSON.nestingTooDeep, at: here, path: currentPath,
          message:
            "arrays and objects nest more than \(JSONReader.maximumDepth) levels deep here; Apple's parser refuses the file"
        ))
      throw Stop()
    }
  }

  private mutating func pushPath(key: String) {
    pathLengths.append(currentPath.endIndex)
    if !currentPath.isEmpty { currentPath += "." }
    currentPath += key
  }

  private mutating func pushPath(index: Int) {
    pathLengths.append(currentPath.endIndex)
    currentPath += "[\(index)]"
  }

  private mutating func popPath() {
    currentPath.removeSubrange(pathLengths.removeLast()...)
  }

  /// An object or an array, for the steps their reading shares.
  private enum Container {
    case object, array

    var closing: UInt8 { self == .object ? UInt8(ascii: "}") : UInt8(ascii: "]") }
    var name: String { self == .object ? "object" : "array" }
    var item: String { self == .object ? "member" : "element" }
  }

  /// Moves to what follows in a container after its opening or its previous item. At the closing
  /// bracket, consumes it (reporting a trailing comma) and returns nil; otherwise returns the byte
  /// that starts the next item, reporting a missing comma before it (stopping when it cannot start
  /// one).
  private mutating func nextInContainer(
    _ container: Container, openedAt start: SourceLocation, lastComma: SourceLocation?,
    endOfPrevious: SourceLocation?
  ) throws -> UInt8? {
    try skipInsignificant()
    let closing = "`\(Character(Unicode.Scalar(container.closing)))`"
    guard let byte = current else {
      try fail(
        "unexpected end of file: the \(container.name) opened at \(start) is not closed",
        help: "add the missing \(closing)")
    }
    if byte == container.closing {
      if let comma = lastComma {
        report(.JSON.trailingComma, at: comma, "trailing comma before \(closing)")
      }
      advance()
      return nil
    }
    if let previousEnd = endOfPrevious, lastComma == nil {
      guard container == .object ? isQuoteStart : startsValue(byte) else {
        try fail(
          "expected `,` or \(closing) after the \(container.item), found \(describeCurrent())",
          help: nil)
      }
      report(
        .JSON.missingComma, at: previousEnd,
        "missing comma between \(container.name) \(container.item)s")
    }
    return byte
  }

  /// Reads an optional `,` after a member or element, returning where it stood.
  private mutating func readSeparator() throws -> SourceLocation? {
    try skipInsignificant()
    guard current == UInt8(ascii: ",") else { return nil }
    let location = here
    advance()
    return location
  }

  // MARK: Strings

  private var isQuoteStart: Bool {
    guard let byte = current else { return false }
    return byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || typographicQuote != nil
  }

  /// The curly quote at the current position and its width in bytes, if there is one.
  private var typographicQuote: Unicode.Scalar? {
    guard position + 2 < bytes.count, bytes[position] == 0xE2, bytes[position + 1] == 0x80 else {
      return nil
    }
    switch bytes[position + 2] {
    case 0x9C: return "\u{201C}"
    case 0x9D: return "\u{201D}"
    case 0x98: return "\u{2018}"
    case 0x99: return "\u{2019}"
    default: return nil
    }
  }

  private mutating func readString() throws -> String {
    let start = here
    let closers: Set<Unicode.Scalar>
    if let quote = typographicQuote {
      report(
        .JSON.typographicQuote, at: start, "a typographic quote \(quote) used as a string delimiter"
      )
      closers = ["\u{201C}", "\u{201D}", "\u{2018}", "\u{2019}", "\""]
      advance(by: 3)
    } else if current == UInt8(ascii: "'") {
      report(.JSON.singleQuotedString, at: start, "a string in single quotes")
      closers = ["'"]
      advance()
    } else {
      closers = ["\""]
      advance()
    }
    // The string's UTF-8, run by run and escape by escape, decoded once at the end.
    // `String.UnicodeScalarView.append(contentsOf:)` copies the whole string on every call: a
    // string of 500,000 escapes with text between them took minutes (fuzz finding F6).
    var utf8: [UInt8] = []
    var runStart = position
    func flush(_ reader: JSONReader, to end: Int) {
      if end > runStart { utf8.append(contentsOf: reader.bytes[runStart..<end]) }
    }
    func append(_ scalar: Unicode.Scalar) {
      UTF8.encode(scalar) { utf8.append($0) }
    }
    while true {
      guard let byte = current else {
        try fail(
          "unexpected end of file: the string opened at \(start) is not closed",
          help: "add the closing `\"`")
      }
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == 0xE2 {
        if let quote = typographicQuote, closers.contains(quote) {
          flush(self, to: position)
          advance(by: 3)
          return String(decoding: utf8, as: UTF8.self)
        }
        if byte != 0xE2, closers.contains(Unicode.Scalar(byte)) {
          flush(self, to: position)
          advance()
          return String(decoding: utf8, as: UTF8.self)
        }
        advance()
        continue
      }
      if byte == UInt8(ascii: "\n") {
        try fail(
          "the string opened at \(start) is not closed before the end of the line",
          help: "add the closing `\"`, or write a line break as `\\n`")
      }
      if byte < 0x20 {
        report(
          .JSON.controlCharacter, at: here,
          "raw control character U+\(hex4(UInt32(byte))) inside a string")
        advance()
        continue
      }
      if byte == UInt8(ascii: "\\") {
        flush(self, to: position)
        let escapeLocation = here
        advance()
        guard let escaped = current else { continue }
        advance()
        switch escaped {
        case UInt8(ascii: "\""): append("\"")
        case UInt8(ascii: "\\"): append("\\")
        case UInt8(ascii: "/"): append("/")
        case UInt8(ascii: "b"): append("\u{08}")
        case UInt8(ascii: "f"): append("\u{0C}")
        case UInt8(ascii: "n"): append("\n")
        case UInt8(ascii: "r"): append("\r")
        case UInt8(ascii: "t"): append("\t")
        case UInt8(ascii: "u"):
          if let scalar = readUnicodeEscape(at: escapeLocation) { append(scalar) }
        default:
          report(
            .JSON.invalidEscape, at: escapeLocation,
            "`\\\(Character(Unicode.Scalar(escaped)))` is not a JSON escape")
          append(Unicode.Scalar(escaped))
        }
        runStart = position
        continue
      }
      advance()
    }
  }

  private mutating func readUnicodeEscape(at location: SourceLocation) -> Unicode.Scalar? {
    guard let high = readHex4() else {
      report(.JSON.invalidEscape, at: location, "`\\u` must be followed by four hex digits")
      return nil
    }
    if (0xD800..<0xDC00).contains(high) {
      if current == UInt8(ascii: "\\"), peek(1) == UInt8(ascii: "u") {
        let save = (position, line, column)
        advance(by: 2)
        if let low = readHex4(), (0xDC00..<0xE000).contains(low) {
          return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        }
        (position, line, column) = save
      }
      report(.JSON.invalidEscape, at: location, "`\\u\(hex4(high))` is half of a surrogate pair")
      return "\u{FFFD}"
    }
    if (0xDC00..<0xE000).contains(high) {
      report(.JSON.invalidEscape, at: location, "`\\u\(hex4(high))` is half of a surrogate pair")
      return "\u{FFFD}"
    }
    return Unicode.Scalar(high)
  }

  private mutating func readHex4() -> UInt32? {
    guard position + 4 <= bytes.count else { return nil }
    var value: UInt32 = 0
    for offset in 0..<4 {
      guard let digit = HexDigit.value(bytes[position + offset]) else { return nil }
      value = value << 4 | UInt32(digit)
    }
    advance(by: 4)
    return value
  }

  // MARK: Numbers and literals

  private mutating func readNumber() -> String {
    let start = here
    let first = position
    while let byte = current,
      byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
        || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    {
      advance()
    }
    let text = String(decoding: bytes[first..<position], as: UTF8.self)
    if !JSONReader.isValidNumber(text) {
      report(.JSON.invalidNumber, at: start, "`\(text)` is not a valid JSON number")
    }
    return text
  }

  static func isValidNumber(_ text: String) -> Bool {
    var scalars = Substring(text).unicodeScalars[...]
    func digits() -> Int {
      var count = 0
      while let first = scalars.first, ("0"..."9").contains(first) {
        scalars.removeFirst()
        count += 1
      }
      return count
    }
    if scalars.first == "-" { scalars.removeFirst() }
    if scalars.first == "0" {
      scalars.removeFirst()
    } else if digits() == 0 {
      return false
    }
    if scalars.first == "." {
      scalars.removeFirst()
      if digits() == 0 { return false }
    }
    if scalars.first == "e" || scalars.first == "E" {
      scalars.removeFirst()
      if scalars.first == "+" || scalars.first == "-" { scalars.removeFirst() }
      if digits() == 0 { return false }
    }
    return scalars.isEmpty
  }

  private mutating func readLiteral() throws -> JSONValue.Kind {
    let first = position
    let start = here
    while let byte = current, isLetter(byte) { advance() }
    let word = String(decoding: bytes[first..<position], as: UTF8.self)
    switch word {
    case "true": return .bool(true)
    case "false": return .bool(false)
    case "null": return .null
    default:
      position = first
      (line, column) = (start.line, start.column)
      let lowered = word.lowercased()
      let help =
        ["true", "false", "null"].contains(lowered)
        ? "JSON literals are lower case: \(lowered)"
        : "put text in double quotes: \"\(word)\""
      try fail("unexpected word `\(word)` where a value was expected", help: help)
    }
  }

  // MARK: Whitespace and comments

  private mutating func skipInsignificant() throws {
    while let byte = current {
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        advance()
      case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
        report(.JSON.comment, at: here, "a `//` comment")
        while let byte = current, byte != UInt8(ascii: "\n") { advance() }
      case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
        let start = here
        report(.JSON.comment, at: start, "a `/* */` comment")
        advance(by: 2)
        while current != nil, !(current == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/")) {
          advance()
        }
        guard current != nil else {
          try fail(
            "unexpected end of file: the comment opened at \(start) is not closed",
            help: "close it with `*/`")
        }
        advance(by: 2)
      case 0xC2 where peek(1) == 0xA0:
        report(
          .JSON.controlCharacter, at: here, "a non-breaking space (U+00A0) outside a string",
          help: "replace it with a plain space")
        advance(by: 2)
      default:
        return
      }
    }
  }

  // MARK: Position

  private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

  private func peek(_ distance: Int) -> UInt8? {
    position + distance < bytes.count ? bytes[position + distance] : nil
  }

  private var here: SourceLocation { SourceLocation(line: line, column: column, offset: position) }

  private mutating func advance(by count: Int = 1) {
    for _ in 0..<count where position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
      position += 1
    }
    // A column counts scalars: skip to the next scalar boundary without counting.
    while position < bytes.count, bytes[position] & 0xC0 == 0x80 { position += 1 }
  }

  private func locationOf(offset: Int) -> SourceLocation {
    var line = 1
    var column = 1
    for byte in bytes[..<offset] {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return SourceLocation(line: line, column: column, offset: offset)
  }

  // MARK: Reporting

  private mutating func report(
    _ code: DiagnosticCode, at location: SourceLocation, _ message: @autoclosure () -> String,
    help: String? = nil
  ) {
    guard diagnostics.count < JSONReader.maximumReportedSlips else {
      if firstUnreportedSlip == nil { firstUnreportedSlip = location }
      unreportedSlips += 1
      unreportedSeverity = max(unreportedSeverity, code.severity)
      return
    }
    diagnostics.append(
      Diagnostic(code, at: location, path: currentPath, message: message(), help: help))
  }

  private mutating func fail(_ message: String, help: String?) throws -> Never {
    diagnostics.append(
      Diagnostic(.JSON.invalidJSON, at: here, path: currentPath, message: message, help: help))
    throw Stop()
  }

  private func describeCurrent() -> String {
    guard position < bytes.count else { return "end of file" }
    let scalar =
      String(decoding: bytes[position..<min(bytes.count, position + 4)], as: UTF8.self)
      .unicodeScalars.first ?? "?"
    switch scalar {
    case "\n": return "line break"
    case "\t": return "tab"
    case _ where scalar.value < 0x20: return "control character U+\(hex4(scalar.value))"
    default: return "`\(scalar)`"
    }
  }

  private func startsValue(_ byte: UInt8) -> Bool {
    isQuoteStart || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[")
      || byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      || isLetter(byte)
  }

  private func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
  }
}

private func hex4(_ value: UInt32) -> String {
  let hex = String(value, radix: 16, uppercase: true)
  return String(repeating: "0", count: max(0, 4 - hex.count)) + hex
}

/// The offset of the first byte that does not belong to valid UTF-8, if there is one.
func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
  var iterator = bytes.makeIterator()
  var decoder = UTF8()
  var offset = 0
  while true {
    switch decoder.decode(&iterator) {
    case .scalarValue(let scalar): offset += UTF8.width(scalar)
    case .emptyInput: return nil
    case .error: return offset
    }
  }
}
