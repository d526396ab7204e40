import AASACore

/// Turns byte offsets into lines and columns as ``SourceLocation`` counts them (columns in
/// Unicode scalars), with the start of every line found once so that each lookup is a binary
/// search and a scan of one line, not of the file.
///
/// A minified page is one long line holding every tag, looked up in page order: the last answer
/// is kept, and a later offset on the same line counts on from it, so reading all the tags of a
/// one-line page is linear, not quadratic.
final class SourcePositions {
  private let bytes: [UInt8]
  private let lineStarts: [Int]
  private var last = SourceLocation.start

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    var starts = [0]
    for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      starts.append(offset + 1)
    }
    lineStarts = starts
  }

  func location(ofByte offset: Int) -> SourceLocation {
    let offset = min(max(0, offset), bytes.count)
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    var column = 1
    var index = lineStarts[low]
    if last.line == low + 1, last.offset <= offset, last.offset >= index {
      column = last.column
      index = last.offset
    }
    while index < offset {
      // A continuation byte does not start a scalar.
      if bytes[index] & 0xC0 != 0x80 { column += 1 }
      index += 1
    }
    last = SourceLocation(line: low + 1, column: column, offset: offset)
    return last
  }
}
