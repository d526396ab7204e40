/// An `--expect` table: lines of `input<TAB>expected`, read as every list is (``ListLine``).
/// Each format says what `expected` means (an app ID for an association file, a route key for a
/// route config); the table itself is read in this one place.
///
/// `aasa-lint route` also reads tables whose header names a column per platform
/// (`# url ios android`); how such a header is recognised and worded is `AASALint`'s
/// `ExpectationTableFile`, which builds the table from ``writtenLines(_:splittingAtSpaces:)``.
public struct ExpectationTable: Sendable {
  /// A field as written, with the column it starts at (1-based, in Unicode scalars), so that a
  /// finding about it can point at it.
  public struct Cell: Hashable, Sendable {
    public var text: String
    public var column: Int

    public init(text: String, column: Int) {
      self.text = text
      self.column = column
    }
  }

  /// One row: its line number in the table, what to route, and what is expected, as written.
  public struct Row: Hashable, Sendable {
    public var line: Int
    public var input: String
    /// The first expected field (the only one of a two-field table).
    public var expected: String
    /// The fields after the input with their columns: one in a two-field table, one per named
    /// column under a ``Header``.
    public var cells: [Cell]

    public init(line: Int, input: String, expected: String) {
      self.init(line: line, input: input, cells: [Cell(text: expected, column: 1)])
    }

    public init(line: Int, input: String, cells: [Cell]) {
      self.line = line
      self.input = input
      self.expected = cells.first?.text ?? ""
      self.cells = cells
    }
  }

  /// The line naming the table's columns: the names after the input's column, as written.
  public struct Header: Hashable, Sendable {
    public var line: Int
    public var columns: [Cell]

    public init(line: Int, columns: [Cell]) {
      self.line = line
      self.columns = columns
    }
  }

  /// A line that is not two tab-separated fields (or, under a header, not one per column).
  public struct FormatError: Error, CustomStringConvertible {
    public var file: String
    public var line: Int
    /// The column the problem is at, when the reader knows it.
    public var column: Int?
    public var reason: String

    public init(file: String, line: Int, column: Int? = nil, reason: String) {
      self.file = file
      self.line = line
      self.column = column
      self.reason = reason
    }

    public var description: String {
      "\(file):\(line):" + (column.map { "\($0):" } ?? "") + " \(reason)"
    }
  }

  /// One non-blank line as written: a row, a header or a `#` comment (whose fields are the words
  /// after the `#`), with its fields and their columns.
  public struct WrittenLine: Sendable {
    public var number: Int
    public var isComment: Bool
    /// The line without its ending and surrounding spaces, for messages.
    public var text: String
    public var fields: [Cell]
    /// The column just past the line's last character: where a missing field would go.
    public var endColumn: Int
  }

  /// The table's name, as findings about it name it.
  public var file: String
  /// The header naming the columns; nil for a two-field table.
  public var header: Header?
  public var rows: [Row]

  public init(file: String, header: Header?, rows: [Row]) {
    self.file = file
    self.header = header
    self.rows = rows
  }

  /// Reads a whole two-field table; a `#` line is a comment, a malformed line an error naming
  /// its line.
  /// - Parameter expecting: What the second column holds, for the error message
  ///   (`an app ID, none or blocked`).
  public init(_ text: String, file: String, expecting: String) throws(FormatError) {
    var rows: [Row] = []
    let (bytes, lines) = Self.numberedLines(text)
    for (range, lineNumber) in lines {
      let lineStart = range.lowerBound
      guard let content = ListLine.content(of: range, in: bytes) else { continue }
      let line = String(decoding: bytes[content], as: UTF8.self)
      // Split and trimmed by Characters, as these tables always were, so that every table reads
      // as it did; the column is counted on from field to field, linear in the line.
      let fields = line.split(separator: "\t").map {
        $0.trimming(while: { $0 == " " || $0 == "\r" })
      }.filter { !$0.isEmpty }
      guard fields.count == 2 else {
        throw FormatError(
          file: file, line: lineNumber,
          reason: "expected `input<TAB>expected` (\(expecting)), found \"\(line)\"")
      }
      // What ListLine drops before the content is spaces and tabs: one column a byte.
      let expectedColumn =
        1 + (content.lowerBound - lineStart)
        + line.unicodeScalars.distance(
          from: line.unicodeScalars.startIndex, to: fields[1].startIndex)
      rows.append(
        Row(
          line: lineNumber, input: String(fields[0]),
          cells: [Cell(text: String(fields[1]), column: expectedColumn)]))
    }
    self.init(file: file, header: nil, rows: rows)
  }

  /// Every line of `text` that is not blank, in order, split into fields at tabs (and, with
  /// `splittingAtSpaces`, at spaces too); each field loses the spaces and `\r` around it. A byte
  /// order mark is dropped, as in every list. Linear in the text's length.
  public static func writtenLines(_ text: String, splittingAtSpaces: Bool) -> [WrittenLine] {
    let (bytes, lines) = numberedLines(text)
    return lines.compactMap { range, number in
      writtenLine(bytes, range, number: number, splittingAtSpaces: splittingAtSpaces)
    }
  }

  /// `text`'s bytes without a byte order mark (dropped, as in every list), and each line's range
  /// in them, without its `\n`, with its number from 1. Linear in the text's length.
  private static func numberedLines(_ text: String) -> (
    bytes: [UInt8], lines: [(range: Range<Int>, number: Int)]
  ) {
    var bytes = Array(text.utf8)
    if bytes.starts(with: ListLine.byteOrderMark) { bytes.removeFirst(3) }
    var lines: [(range: Range<Int>, number: Int)] = []
    var lineStart = 0
    while lineStart <= bytes.count {
      let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
      lines.append((lineStart..<lineEnd, lines.count + 1))
      lineStart = lineEnd + 1
    }
    return (bytes, lines)
  }

  private static func writtenLine(
    _ bytes: [UInt8], _ range: Range<Int>, number: Int, splittingAtSpaces: Bool
  ) -> WrittenLine? {
    var isComment = false
    var content: Range<Int>
    if let meaningful = ListLine.content(of: range, in: bytes) {
      content = meaningful
    } else {
      // A blank line, or a comment: a comment's words are read too (a header may be one).
      guard let hash = bytes[range].firstIndex(where: { !isBlank($0) }),
        bytes[hash] == UInt8(ascii: "#")
      else { return nil }
      isComment = true
      content = hash..<range.upperBound
      while content.upperBound > content.lowerBound, isBlank(bytes[content.upperBound - 1]) {
        content = content.lowerBound..<(content.upperBound - 1)
      }
    }
    func isSeparator(_ byte: UInt8) -> Bool {
      byte == UInt8(ascii: "\t")
        || (splittingAtSpaces && (byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\r")))
    }
    func isTrimmed(_ byte: UInt8) -> Bool {
      byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\r")
    }
    var fields: [Cell] = []
    // The column is counted as the bytes go by (a UTF-8 continuation byte starts no scalar), so
    // a long line of many fields stays linear.
    var column = 1
    var fieldStart: Int?
    var fieldColumn = 1
    var fieldEnd = 0
    func closeField() {
      guard var start = fieldStart else { return }
      var end = fieldEnd
      var startColumn = fieldColumn
      while start < end, isTrimmed(bytes[start]) {
        start += 1
        startColumn += 1
      }
      while end > start, isTrimmed(bytes[end - 1]) { end -= 1 }
      if start < end {
        fields.append(
          Cell(text: String(decoding: bytes[start..<end], as: UTF8.self), column: startColumn))
      }
      fieldStart = nil
    }
    for index in range.lowerBound..<content.upperBound {
      let byte = bytes[index]
      let startsScalar = byte & 0xC0 != 0x80
      defer { if startsScalar { column += 1 } }
      guard index >= content.lowerBound else { continue }
      if isComment && index == content.lowerBound { continue }  // the `#`
      if isSeparator(byte) {
        closeField()
      } else {
        if fieldStart == nil {
          fieldStart = index
          fieldColumn = column
        }
        fieldEnd = index + 1
      }
    }
    closeField()
    return WrittenLine(
      number: number, isComment: isComment,
      text: String(decoding: bytes[content], as: UTF8.self), fields: fields, endColumn: column)
  }

  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
  }
}
