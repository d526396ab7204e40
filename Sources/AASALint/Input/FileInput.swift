import AASA
import AASACore

/// Reads a whole input file, or standard input for `-`.
package enum FileInput {
  package struct ReadError: Error, CustomStringConvertible {
    package var path: String
    package var reason: String
    package var description: String { "cannot read \(path): \(reason)" }
  }

  /// The default `--max-size`: far above the 128 KB Apple and Google read, far below what would
  /// take a linter long to parse.
  package static let defaultLimit = 4 << 20

  /// Reads the input, refusing one over `limit` bytes before reading it when its size is known
  /// (a file), and as soon as it passes the limit otherwise (a pipe), so that a huge file or an
  /// endless stream costs neither time nor memory.
  package static func read(_ path: String, limit: Int = defaultLimit) throws -> [UInt8] {
    let descriptor: Int32
    do {
      descriptor = path == "-" ? System.standardInput : try System.openForReading(path)
    } catch {
      throw ReadError(path: path, reason: error.description)
    }
    defer { if descriptor != System.standardInput { System.close(descriptor) } }
    if let status = System.status(of: descriptor) {
      if status.type == .directory {
        throw ReadError(path: path, reason: "it is a directory")
      }
      if status.type == .regular, status.size > limit {
        throw ReadError(path: path, reason: tooLarge(size: "\(status.size) bytes", limit: limit))
      }
    }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count: Int
      do {
        count = try chunk.withUnsafeMutableBytes { buffer in
          try System.read(descriptor, into: buffer)
        }
      } catch {
        throw ReadError(path: path, reason: String(describing: error))
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
