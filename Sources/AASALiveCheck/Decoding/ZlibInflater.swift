import CSystemZlib

/// gzip and deflate decoding with zlib, bounded: stops once the output passes the limit.
enum ZlibInflater {
  enum Format {
    case gzip, zlib, rawDeflate

    var windowBits: Int32 {
      switch self {
      case .gzip: 15 + 16
      case .zlib: 15
      case .rawDeflate: -15
      }
    }

    var name: String {
      switch self {
      case .gzip: "gzip"
      case .zlib, .rawDeflate: "deflate"
      }
    }
  }

  /// A zlib header: compression method 8 and a check value that makes the first two bytes a
  /// multiple of 31 (RFC 1950). Raw deflate data rarely looks like that.
  static func looksLikeZlibHeader(_ bytes: [UInt8]) -> Bool {
    bytes.count >= 2 && bytes[0] & 0x0F == 8 && (UInt16(bytes[0]) << 8 | UInt16(bytes[1])) % 31 == 0
  }

  static func inflate(_ input: [UInt8], format: Format, limit: Int) throws(UndecodableBody)
    -> DecodedBody
  {
    func failure(_ reason: String) -> UndecodableBody {
      UndecodableBody(coding: format.name, reason: reason)
    }
    if input.isEmpty { throw failure("it is empty") }
    // zlib keeps a pointer back to the stream and rejects it if it moved: allocate it once.
    let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    stream.initialize(to: z_stream())
    defer { stream.deallocate() }
    guard
      inflateInit2_(stream, format.windowBits, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        == Z_OK
    else { throw failure("zlib could not start") }
    defer { inflateEnd(stream) }

    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16 * 1024)
    var offset = 0
    while true {
      let offsetBefore = offset
      let result: Int32 = input.withUnsafeBufferPointer { inputBuffer in
        chunk.withUnsafeMutableBufferPointer { chunkBuffer in
          stream.pointee.next_in = UnsafeMutablePointer(mutating: inputBuffer.baseAddress! + offset)
          // At most 4 GiB a call, which `avail_in` holds; the loop gives the rest.
          let given = min(inputBuffer.count - offset, Int(UInt32.max))
          stream.pointee.avail_in = UInt32(given)
          stream.pointee.next_out = chunkBuffer.baseAddress!
          stream.pointee.avail_out = UInt32(chunkBuffer.count)
          let result = CSystemZlib.inflate(stream, Z_NO_FLUSH)
          offset += given - Int(stream.pointee.avail_in)
          return result
        }
      }
      let produced = chunk.count - Int(stream.pointee.avail_out)
      output.append(contentsOf: chunk[..<min(produced, limit + 1 - output.count)])
      if output.count > limit { return DecodedBody(bytes: output, exceededLimit: true) }
      switch result {
      case Z_STREAM_END:
        // gzip allows several members one after another; anything else after the end is ignored,
        // as zlib's own gunzip does.
        if format == .gzip, offset + 1 < input.count, input[offset] == 0x1F,
          input[offset + 1] == 0x8B
        {
          guard inflateReset(stream) == Z_OK else { throw failure("zlib could not restart") }
          continue
        }
        return DecodedBody(bytes: output, exceededLimit: false)
      case Z_OK:
        continue
      case Z_BUF_ERROR:
        // No progress possible: the input ended before the stream did.
        if offset >= input.count || (offset == offsetBefore && produced == 0) {
          throw failure("it ends before the compressed stream does")
        }
        continue
      case Z_DATA_ERROR:
        let message = stream.pointee.msg.map { String(cString: $0) } ?? "corrupt data"
        throw failure(message)
      case Z_NEED_DICT:
        throw failure("it needs a preset dictionary")
      default:
        throw failure("zlib error \(result)")
      }
    }
  }
}
