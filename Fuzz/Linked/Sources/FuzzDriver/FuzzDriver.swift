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

/// Runs async code to its end from libFuzzer's synchronous callback: one task, waited for on a
/// semaphore (the callback's thread is not one of the concurrency pool's, so the wait cannot
/// starve the task). Deterministic as long as `body` is: no timers, no network.
public func runBlocking<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
  let box = ResultBox<T>()
  let done = DispatchSemaphore(value: 0)
  Task {
    box.value = await body()
    done.signal()
  }
  done.wait()
  return box.value!
}

/// Where ``runBlocking(_:)``'s task leaves its result: written once, before the semaphore is
/// signalled, and read once after it.
private final class ResultBox<T>: @unchecked Sendable {
  var value: T?
}

/// The bytes libFuzzer hands over, as an array (an empty input may come as a null pointer).
public func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
  guard let data, size > 0 else { return [] }
  return Array(UnsafeBufferPointer(start: data, count: size))
}
