// Replays inputs through one target without sanitizers or coverage, at full speed, and prints
// how long each took: for telling a slow input from a slow instrumented build.
// Fuzz/run.sh replay TARGET FILE... builds and runs it.

import Foundation

@_silgen_name("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt

@main
enum Replay {
  static func main() {
    for path in CommandLine.arguments.dropFirst() {
      guard let data = FileManager.default.contents(atPath: path) else {
        print("\(path): cannot open")
        continue
      }
      let bytes = [UInt8](data)
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
