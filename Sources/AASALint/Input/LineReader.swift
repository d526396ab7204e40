#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a file or standard input line by line without loading it whole, so a list of a million
/// URLs streams through in constant memory. `\r\n` endings are accepted; blank lines are skipped.
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
      fileDescriptor = 0
      closesDescriptor = false
    } else {
      let descriptor = open(path, O_RDONLY)
      guard descriptor >= 0 else {
        throw OpenError(path: path, reason: String(cString: strerror(errno)))
      }
      fileDescriptor = descriptor
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
    if closesDescriptor { closeFile(fileDescriptor) }
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
        var count = 0
        repeat {
          count = buffer.withUnsafeMutableBytes {
            read(fileDescriptor, $0.baseAddress! + kept, chunkSize)
          }
        } while count < 0 && errno == EINTR
        if count < 0 {
          throw OpenError(path: "input", reason: String(cString: strerror(errno)))
        }
        buffer.removeLast(chunkSize - count)
        reachedEnd = count == 0
        var lines: [Range<Int>] = []
        var start = 0
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
    var range = range
    if range.upperBound > range.lowerBound, bytes[range.upperBound - 1] == UInt8(ascii: "\r") {
      range = range.lowerBound..<range.upperBound - 1
    }
    if !range.isEmpty { lines.append(range) }
  }

  /// Calls `body` with each non-blank line, without its line ending.
  public func forEachLine(_ body: (Substring) throws -> Void) throws {
    defer { close() }
    var pending: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    func emit(_ bytes: ArraySlice<UInt8>) throws {
      var line = bytes
      if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
      guard !line.isEmpty else { return }
      try body(Substring(decoding: line, as: UTF8.self))
    }
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress!, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw OpenError(path: "input", reason: String(cString: strerror(errno)))
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

/// `close(2)`, under a name the reader's own `close()` does not hide.
private func closeFile(_ descriptor: Int32) {
  _ = close(descriptor)
}
