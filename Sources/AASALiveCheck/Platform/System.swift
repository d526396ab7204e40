// The one file of AASALiveCheck that speaks to the C library, so that the rest compiles alike on
// Linux (Glibc, Musl) and macOS (Darwin).
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("the live check needs a C library: Glibc, Musl or Darwin")
#endif

enum System {
  /// `errno` in words, as the C library says it.
  static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }

  struct ReadFailure: Error { var reason: String }

  /// A whole small file, refused past `limit` bytes.
  static func readFile(_ path: String, limit: Int) throws(ReadFailure) -> [UInt8] {
    guard let file = fopen(path, "rb") else { throw ReadFailure(reason: describe(errno)) }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = fread(&chunk, 1, chunk.count, file)
      if count == 0 { break }
      bytes.append(contentsOf: chunk[..<count])
      if bytes.count > limit { throw ReadFailure(reason: "it is larger than \(limit >> 20) MiB") }
    }
    if ferror(file) != 0 { throw ReadFailure(reason: "it cannot be read (a directory?)") }
    return bytes
  }
}
