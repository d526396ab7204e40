/// How every list the tools read is read, line by line: URL lists, path lists and expectation
/// tables alike. A byte order mark at the start, `\r\n` endings and surrounding spaces or tabs are
/// dropped; blank lines and `#` comments are skipped.
public enum ListLine {
  public static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// The part of a line that means something: without its line ending and surrounding spaces or
  /// tabs; nil for a blank line or a `#` comment.
  // Inlinable: LineReader calls it for every line of a million-URL list, and a generic call across
  // modules is not specialized.
  @inlinable
  public static func content<Bytes: RandomAccessCollection<UInt8>>(
    of range: Range<Bytes.Index>, in bytes: Bytes
  ) -> Range<Bytes.Index>? {
    @inline(__always) func isSpace(_ byte: UInt8) -> Bool {
      byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }
    var lower = range.lowerBound
    var upper = range.upperBound
    while lower < upper, isSpace(bytes[lower]) { lower = bytes.index(after: lower) }
    while upper > lower, isSpace(bytes[bytes.index(before: upper)]) {
      upper = bytes.index(before: upper)
    }
    guard lower < upper, bytes[lower] != UInt8(ascii: "#") else { return nil }
    return lower..<upper
  }
}
