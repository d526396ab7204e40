import CBrotliEncoder
import CZlibSystem

/// Real compressed bodies for the test servers, made with zlib and libbrotli's encoders.
enum Compression {
  enum ZlibFormat {
    case gzip, zlib, rawDeflate

    var windowBits: Int32 {
      switch self {
      case .gzip: 15 + 16
      case .zlib: 15
      case .rawDeflate: -15
      }
    }
  }

  static func deflate(_ input: [UInt8], format: ZlibFormat) -> [UInt8] {
    let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    stream.initialize(to: z_stream())
    defer { stream.deallocate() }
    let started = deflateInit2_(
      stream, Z_BEST_COMPRESSION, Z_DEFLATED, format.windowBits, 9, Z_DEFAULT_STRATEGY,
      zlibVersion(), Int32(MemoryLayout<z_stream>.size))
    precondition(started == Z_OK)
    defer { deflateEnd(stream) }
    var output = [UInt8](repeating: 0, count: Int(deflateBound(stream, UInt(input.count))) + 64)
    var input = input
    let status = input.withUnsafeMutableBufferPointer { inputBuffer in
      output.withUnsafeMutableBufferPointer { outputBuffer in
        stream.pointee.next_in = inputBuffer.baseAddress
        stream.pointee.avail_in = UInt32(inputBuffer.count)
        stream.pointee.next_out = outputBuffer.baseAddress
        stream.pointee.avail_out = UInt32(outputBuffer.count)
        return CZlibSystem.deflate(stream, Z_FINISH)
      }
    }
    precondition(status == Z_STREAM_END)
    return Array(output.prefix(Int(stream.pointee.total_out)))
  }

  static func gzip(_ text: String) -> [UInt8] { deflate(Array(text.utf8), format: .gzip) }

  /// Quality 11 is the encoder's default (and slowest); tests of large inputs ask for less.
  static func brotli(_ input: [UInt8], quality: Int32 = BROTLI_DEFAULT_QUALITY) -> [UInt8] {
    var size = BrotliEncoderMaxCompressedSize(input.count) + 1024
    var output = [UInt8](repeating: 0, count: size)
    let ok = BrotliEncoderCompress(
      quality, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_GENERIC, input.count, input, &size,
      &output)
    precondition(ok == BROTLI_TRUE)
    return Array(output.prefix(size))
  }
}
