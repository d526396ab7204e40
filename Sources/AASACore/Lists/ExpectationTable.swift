/// An `--expect` table: lines of `input<TAB>expected`, read as every list is (``ListLine``).
/// Each format says what `expected` means (an app ID for an association file, a route key for a
/// route config); the table itself is read in this one place.
public struct ExpectationTable: Sendable {
  /// One row: its line number in the table, what to route, and what is expected, as written.
  public struct Row: Hashable, Sendable {
    public var line: Int
    public var input: String
    public var expected: String

    public init(line: Int, input: String, expected: String) {
      self.line = line
      self.input = input
      self.expected = expected
    }
  }

  /// A line that is not two tab-separated fields.
  public struct FormatError: Error, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var reason: String
    public var description: String { "\(file):\(line): \(reason)" }
  }

  /// The table's name, as findings about it name it.
  public var file: String
  public var rows: [Row]

  /// Reads a whole table; a malformed line is an error naming its line.
  /// - Parameter expecting: What the second column holds, for the error message
  ///   (`an app ID, none or blocked`).
  public init(_ text: String, file: String, expecting: String) throws(FormatError) {
    var rows: [Row] = []
    var bytes = Array(text.utf8)
    if bytes.starts(with: ListLine.byteOrderMark) { bytes.removeFirst(3) }
    var lineStart = 0
    var lineNumber = 0
    while lineStart <= bytes.count {
      let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
      defer { lineStart = lineEnd + 1 }
      lineNumber += 1
      guard let content = ListLine.content(of: lineStart..<lineEnd, in: bytes) else { continue }
      let line = String(decoding: bytes[content], as: UTF8.self)
      let fields = line.split(separator: "\t").map {
        $0.trimming(while: { $0 == " " || $0 == "\r" })
      }.filter { !$0.isEmpty }
      guard fields.count == 2 else {
        throw FormatError(
          file: file, line: lineNumber,
          reason: "expected `input<TAB>expected` (\(expecting)), found \"\(line)\"")
      }
      rows.append(Row(line: lineNumber, input: String(fields[0]), expected: String(fields[1])))
    }
    self.file = file
    self.rows = rows
  }
}
