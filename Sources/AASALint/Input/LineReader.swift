import AASACore

/// Reads a file or standard input line by line without loading it whole, so a list of a million
/// URLs streams through in constant memory.
///
/// Lists are written by people and exported by tools, so every line is read as a person means
/// it: `\r\n` endings, a byte order mark at the start, and spaces or tabs around the text are
/// dropped; blank lines and lines starting with `#` (comments) are skipped.
public struct LineReader {
  public struct OpenError: Error, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "cannot read \(path): \(reason)" }
  }

  private let fileDescriptor: Int32
  private let closesDescriptor: Bool

  /// `path` is a file, or `-` for standard input.
  public init(path: String) throws {
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
  public func forEachChunk(_ body: ([UInt8], [Range<Int>]) throws -> Void) throws {
    defer { close() }
    var chunks = chunks()
    while let chunk = try chunks.next() { try body(chunk.bytes, chunk.lines) }
  }

  /// The input's chunks of whole lines, one at a time, for callers that read the next chunk while
  /// they work on the current one. Call ``close()`` when done.
  public func chunks() -> Chunks { Chunks(fileDescriptor: fileDescriptor) }

  /// Closes the file (not standard input).
  public func close() {
    if closesDescriptor { System.close(fileDescriptor) }
  }

  /// Successive chunks of about 1 MiB of whole lines.
  public struct Chunks {
    /// A chunk: raw bytes and the ranges of its non-blank lines (line endings excluded).
    public struct Chunk: Sendable {
      public var bytes: [UInt8]
      public var lines: [Range<Int>]
    }

    private let fileDescriptor: Int32
    /// Bytes read but not yet handed out: the start of an unfinished line.
    private var carried: [UInt8] = []
    private var reachedEnd = false
    private var isAtStart = true

    fileprivate init(fileDescriptor: Int32) {
      self.fileDescriptor = fileDescriptor
    }

    /// The next chunk with at least one line, or nil at the end of the input.
    public mutating func next() throws -> Chunk? {
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
          LineReader.appendLine(start..<index, of: buffer, to: &lines)
          start = index + 1
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

  /// Calls `body` with each line's content (see ``ListLine/content(of:in:)``).
  public func forEachLine(_ body: (Substring) throws -> Void) throws {
    defer { close() }
    var pending: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    var isFirstLine = true
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
        if pending.isEmpty {
          try emit(chunk[start..<index])
        } else {
          pending.append(contentsOf: chunk[start..<index])
          try emit(pending[...])
          pending.removeAll(keepingCapacity: true)
        }
        start = index + 1
      }
      pending.append(contentsOf: chunk[start..<end])
    }
    if !pending.isEmpty { try emit(pending[...]) }
  }
}
