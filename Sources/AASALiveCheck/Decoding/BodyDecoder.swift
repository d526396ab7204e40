/// Undoes a body's `Content-Encoding`, never producing more than `limit + 1` bytes, whatever the
/// body is: so a decompression bomb is found out after 128 KB, not after filling the memory.
public enum BodyDecoder {
  /// Decodes `body`, encoded with `codings` in that order (the last applied is undone first).
  public static func decode(
    _ body: [UInt8], codings: [ContentCoding], limit: Int
  ) throws(UndecodableBody) -> DecodedBody {
    var current = DecodedBody(bytes: body, exceededLimit: false)
    for coding in codings.reversed() {
      // A layer cut off at the limit cannot be decoded further; it is too large either way.
      if current.exceededLimit { return current }
      current = try decodeOne(current.bytes, coding, limit: limit)
    }
    return current
  }

  static func decodeOne(
    _ bytes: [UInt8], _ coding: ContentCoding, limit: Int
  ) throws(UndecodableBody) -> DecodedBody {
    switch coding {
    case .gzip: try ZlibInflater.inflate(bytes, format: .gzip, limit: limit)
    case .deflate:
      try ZlibInflater.inflate(
        bytes, format: ZlibInflater.looksLikeZlibHeader(bytes) ? .zlib : .rawDeflate, limit: limit)
    case .brotli: try BrotliDecoding.decode(bytes, limit: limit)
    }
  }
}
