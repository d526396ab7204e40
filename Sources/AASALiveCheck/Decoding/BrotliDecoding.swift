import CBrotli

/// `br` decoding with Debian's libbrotli, bounded: stops once the output passes the limit.
enum BrotliDecoding {
  static func decode(_ input: [UInt8], limit: Int) throws(UndecodableBody) -> DecodedBody {
    func failure(_ reason: String) -> UndecodableBody {
      UndecodableBody(coding: "br", reason: reason)
    }
    guard let state = BrotliDecoderCreateInstance(nil, nil, nil) else {
      throw failure("the decoder could not start")
    }
    defer { BrotliDecoderDestroyInstance(state) }

    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16 * 1024)
    var offset = 0
    while true {
      var produced = 0
      let result: BrotliDecoderResult = input.withUnsafeBufferPointer { inputBuffer in
        chunk.withUnsafeMutableBufferPointer { chunkBuffer in
          var availableIn = inputBuffer.count - offset
          var nextIn: UnsafePointer<UInt8>? = inputBuffer.baseAddress.map { $0 + offset }
          var availableOut = chunkBuffer.count
          var nextOut: UnsafeMutablePointer<UInt8>? = chunkBuffer.baseAddress
          let result = BrotliDecoderDecompressStream(
            state, &availableIn, &nextIn, &availableOut, &nextOut, nil)
          offset = inputBuffer.count - availableIn
          produced = chunkBuffer.count - availableOut
          return result
        }
      }
      output.append(contentsOf: chunk[..<min(produced, limit + 1 - output.count)])
      if output.count > limit { return DecodedBody(bytes: output, exceededLimit: true) }
      switch result {
      case BROTLI_DECODER_RESULT_SUCCESS:
        return DecodedBody(bytes: output, exceededLimit: false)
      case BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT:
        continue
      case BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT:
        throw failure("it ends before the compressed stream does")
      default:
        let code = BrotliDecoderGetErrorCode(state)
        let name = BrotliDecoderErrorString(code).map { String(cString: $0) } ?? ""
        throw failure("corrupt data (BROTLI_DECODER\(name))")
      }
    }
  }
}
