import CompressNIO
import NIOCore

/// The gzip copy of a file, made once when the file is loaded rather than on every request.
enum Gzip {
  static func compress(_ body: ByteBuffer) -> ByteBuffer? {
    var input = body
    return try? input.compress(with: .gzip())
  }
}
