import AASACore

/// Reads a file or standard input line by line without loading it whole, so a list of a million
/// URLs streams through in constant memory.
///
/// Lists are written by people and exported by tools, so every line is read as a person means
/// it: `\r\n` endings, a byte order mark at the start, and spaces or tabs around the text are
/// dropped; blank lines and lines starting with `#` (comments) are skipped.
///
/// A line is at most ``maximumLineLength`` bytes: a longer one (a file that is not a list, or a
/// stream without newlines) ends the reading with ``LineTooLong``, naming its line, before more
/// than that is kept of it.
package struct LineReader {
  package struct OpenError: Error, CustomStringConvertible {
    package var path: String
    package var reason: String
    package var description: String { "cannot read \(path): \(reason)" }
  }

  /// A line longer than ``maximumLineLength``: `FILE:LINE: a line over 64 KiB …`.
  package struct LineTooLong: Error, CustomStringConvertible {
    /// The file's name, `<stdin>` for standard input.
    package var path: String
    /// The line's number, from 1 (blank and comment lines counted).
    package var line: Int
    package var description: String {
      "\(path):\(line): a line over 64 KiB (\(LineReader.maximumLineLength) bytes); a list holds one URL, path or host a line"
    }
  }

  /// The longest line read: 64 KiB, line ending excluded.
  package static let maximumLineLength = 64 * 1024

  private let fileDescriptor: Int32
  private let closesDescriptor: Bool
  /// How errors name the input: the path, `<stdin>` for standard input.
  private let name: String

  /// `path` is a file, or `-` for standard input.
  package init(path: String) throws {
    name = path == "-" ? "<stdin>" : path
    if path == "-" {
      fileDescriptor = System.standardInput
      closesDescriptor = false
    } else {
      do {
        fileDescriptor = try System.openForReading(path)
      } catch {
        throw OpenError(path: path, reason: error.description)
      }
      closesDescriptor = true
    }
  }

  /// Calls `body` with each chunk of whole lines as raw bytes and the ranges of its non-blank
  /// lines (line endings excluded), so that callers can decode lines on other threads.
  package func forEachChunk(_ body: ([UInt8], [Range<Int>]) throws -> Void) throws {
    defer { close() }
    var chunks = chunks()
    while let chunk = try chunks.next() { try body(chunk.bytes, chunk.lines) }
  }

  /// The input's chunks of whole lines, one at a time, for callers that read the next chunk while
  /// they work on the current one. Call ``close()`` when done.
  package func chunks() -> Chunks { Chunks(fileDescriptor: fileDescriptor, name: name) }

  /// Closes the file (not standard input).
  package func close() {
    if closesDescriptor { System.close(fileDescriptor) }
  }

  /// Successive chunks of about 1 MiB of whole lines.
  package struct Chunks {
    /// A chunk: raw bytes and the ranges of its non-blank lines (line endings excluded).
    package struct Chunk: Sendable {
      package var bytes: [UInt8]
      package var lines: [Range<Int>]
    }

    private let fileDescriptor: Int32
    private let name: String
    /// Bytes read but not yet handed out: the start of an unfinished line, at most
    /// ``LineReader/maximumLineLength`` bytes.
    private var carried: [UInt8] = []
    private var reachedEnd = false
    private var isAtStart = true
    /// The number of the line `carried` starts, from 1.
    private var lineNumber = 1

    fileprivate init(fileDescriptor: Int32, name: String) {
      self.fileDescriptor = fileDescriptor
      self.name = name
    }

    /// The next chunk with at least one line, or nil at the end of the input. Throws
    /// ``LineReader/LineTooLong`` at a line over ``LineReader/maximumLineLength`` bytes.
    package mutating func next() throws -> Chunk? {
      let chunkSize = 1 << 20
      while !reachedEnd {
        var buffer = carried
        let kept = buffer.count
        buffer.reserveCapacity(kept + chunkSize)
        buffer.append(contentsOf: repeatElement(0, count: chunkSize))
        let count: Int
        do {
          count = try buffer.withUnsafeMutableBytes { buffer in
            try System.read(
              fileDescriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[kept...]))
          }
        } catch {
          throw OpenError(path: "input", reason: String(describing: error))
        }
        buffer.removeLast(chunkSize - count)
        reachedEnd = count == 0
        var lines: [Range<Int>] = []
        var start = 0
        if isAtStart && (buffer.count >= 3 || reachedEnd || buffer.contains(UInt8(ascii: "\n"))) {
          isAtStart = false
          if buffer.starts(with: ListLine.byteOrderMark) { start = 3 }
        }
        for index in buffer.indices where buffer[index] == UInt8(ascii: "\n") {
          if index - start > LineReader.maximumLineLength {
            throw LineTooLong(path: name, line: lineNumber)
          }
          LineReader.appendLine(start..<index, of: buffer, to: &lines)
          start = index + 1
          lineNumber += 1
        }
        // The unfinished line is kept only while it may still end in time.
        if buffer.count - start > LineReader.maximumLineLength {
          throw LineTooLong(path: name, line: lineNumber)
        }
        if reachedEnd {
          LineReader.appendLine(start..<buffer.count, of: buffer, to: &lines)
          start = buffer.count
        }
        carried = Array(buffer[start...])
        if !lines.isEmpty { return Chunk(bytes: buffer, lines: lines) }
      }
      return nil
    }
  }

  fileprivate static func appendLine(
    _ range: Range<Int>, of bytes: [UInt8], to lines: inout [Range<Int>]
  ) {
    if let content = ListLine.content(of: range, in: bytes) { lines.append(content) }
  }

  /// Calls `body` with each line's content (see ``ListLine/content(of:in:)``). Throws
  /// ``LineTooLong`` at a line over ``maximumLineLength`` bytes, having kept no more of it.
  package func forEachLine(_ body: (Substring) throws -> Void) throws {
    defer { close() }
    var pending: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    var isFirstLine = true
    var lineNumber = 1
    func emit(_ bytes: ArraySlice<UInt8>) throws {
      var line = bytes
      if isFirstLine {
        isFirstLine = false
        if line.starts(with: ListLine.byteOrderMark) { line = line.dropFirst(3) }
      }
      guard let content = ListLine.content(of: line.indices, in: line) else { return }
      try body(Substring(decoding: line[content], as: UTF8.self))
    }
    while true {
      let count: Int
      do {
        count = try chunk.withUnsafeMutableBytes { buffer in
          try System.read(fileDescriptor, into: buffer)
        }
      } catch {
        throw OpenError(path: "input", reason: String(describing: error))
      }
      if count == 0 { break }
      var start = 0
      let end = count
      for index in 0..<end where chunk[index] == UInt8(ascii: "\n") {
        if pending.count + (index - start) > Self.maximumLineLength {
          throw LineTooLong(path: name, line: lineNumber)
        }
        if pending.isEmpty {
          try emit(chunk[start..<index])
        } else {
          pending.append(contentsOf: chunk[start..<index])
          try emit(pending[...])
          pending.removeAll(keepingCapacity: true)
        }
        start = index + 1
        lineNumber += 1
      }
      if pending.count + (end - start) > Self.maximumLineLength {
        throw LineTooLong(path: name, line: lineNumber)
      }
      pending.append(contentsOf: chunk[start..<end])
    }
    if !pending.isEmpty { try emit(pending[...]) }
  }
}
