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

  /// Reads at most `limit` bytes more than anyone should need, so a huge file or an endless
  /// stream is refused instead of filling memory.
  public static func read(_ path: String, limit: Int = 64 << 20) throws -> [UInt8] {
    let descriptor: Int32 = path == "-" ? 0 : open(path, O_RDONLY)
    guard descriptor >= 0 else {
      throw ReadError(path: path, reason: String(cString: strerror(errno)))
    }
    defer { if descriptor != 0 { close(descriptor) } }
    var status = stat()
    if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
      throw ReadError(path: path, reason: "it is a directory")
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
        throw ReadError(path: path, reason: "it is larger than \(limit >> 20) MiB")
      }
    }
  }
}
