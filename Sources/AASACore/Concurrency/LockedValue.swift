import Foundation

/// A value behind a lock held only while `body` runs. `Synchronization.Mutex` would do, but it
/// needs macOS 15, and the tools run from macOS 13.
package final class LockedValue<Value>: @unchecked Sendable {
  // @unchecked: `value` is only touched under `lock`.
  private let lock = NSLock()
  private var value: Value

  package init(_ value: Value) { self.value = value }

  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
