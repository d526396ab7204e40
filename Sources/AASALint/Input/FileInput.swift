import AASA

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a whole input file, or standard input for `-`.
public enum FileInput {
  public struct ReadError: Error, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "cannot read \(path): \(reason)" }
  }

  /// The default `--max-size`: far above the 128 KB Apple and Google read, far below what would
  /// take a linter long to parse.
  public static let defaultLimit = 4 << 20

  /// Reads the input, refusing one over `limit` bytes before reading it when its size is known
  /// (a file), and as soon as it passes the limit otherwise (a pipe), so that a huge file or an
  /// endless stream costs neither time nor memory.
  public static func read(_ path: String, limit: Int = defaultLimit) throws -> [UInt8] {
    let descriptor: Int32 = path == "-" ? 0 : open(path, O_RDONLY)
    guard descriptor >= 0 else {
      throw ReadError(path: path, reason: String(cString: strerror(errno)))
    }
    defer { if descriptor != 0 { close(descriptor) } }
    var status = stat()
    if fstat(descriptor, &status) == 0 {
      if (status.st_mode & S_IFMT) == S_IFDIR {
        throw ReadError(path: path, reason: "it is a directory")
      }
      if (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) > limit {
        throw ReadError(path: path, reason: tooLarge(size: "\(status.st_size) bytes", limit: limit))
      }
    }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw ReadError(path: path, reason: String(cString: strerror(errno)))
      }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[..<count])
      if bytes.count > limit {
        throw ReadError(
          path: path, reason: tooLarge(size: "more than \(limit) bytes", limit: limit))
      }
    }
  }

  private static func tooLarge(size: String, limit: Int) -> String {
    "it is \(size), over the \(ByteCount(limit)) --max-size (Apple and Google read at most "
      + "\(FileKind.maximumSize) bytes); raise --max-size to lint it anyway"
  }
}
