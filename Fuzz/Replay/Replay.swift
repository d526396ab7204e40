// Replays inputs through one target without sanitizers or coverage, at full speed, and prints
// how long each took: for telling a slow input from a slow instrumented build.
// Fuzz/run.sh replay TARGET FILE... builds and runs it.

#if canImport(Glibc)
  import Glibc
#endif

@_silgen_name("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt

@main
enum Replay {
  static func main() {
    for path in CommandLine.arguments.dropFirst() {
      guard let file = fopen(path, "rb") else {
        print("\(path): cannot open")
        continue
      }
      var bytes: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count <= 0 { break }
        bytes += buffer[..<count]
      }
      fclose(file)
      let clock = ContinuousClock()
      let elapsed = clock.measure {
        _ = bytes.withUnsafeBufferPointer {
          testOneInput($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, $0.count)
        }
      }
      print("\(path): \(bytes.count) bytes, \(elapsed)")
    }
  }
}
