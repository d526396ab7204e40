// What every Fuzz/Linked target shares: libFuzzer's driver, started from the target's own `main`
// (SwiftPM links executables with their own entry point, so libFuzzer's `main` is not used), and
// the invariant check.

import Foundation

public typealias FuzzInputHandler = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

@_silgen_name("LLVMFuzzerRunDriver")
private func libFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ handler: FuzzInputHandler
) -> CInt

/// Runs libFuzzer with the process's arguments (`-max_len=…`, corpus folders, files to replay),
/// feeding each input to `handler`, and exits with libFuzzer's status.
public func runFuzzer(_ handler: FuzzInputHandler) -> Never {
  var argc = CommandLine.argc
  var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
  exit(libFuzzerRunDriver(&argc, &argv, handler))
}

/// Stops the run with `message` when `condition` fails: libFuzzer records the input as a crash.
/// Unlike `precondition`, it is checked in every build mode.
@inline(__always)
public func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
  if !condition() { fatalError("fuzz invariant: \(message())") }
}

/// The bytes libFuzzer hands over, as an array (an empty input may come as a null pointer).
public func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
  guard let data, size > 0 else { return [] }
  return Array(UnsafeBufferPointer(start: data, count: size))
}
