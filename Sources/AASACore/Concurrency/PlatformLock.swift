#if canImport(os)
  import os
#else
  import Synchronization
#endif

/// The platform's cheapest lock around a value: the standard library's `Mutex` on Linux,
/// `OSAllocatedUnfairLock` on Apple's systems, where `Mutex` needs macOS 15 and the tools run from
/// macOS 13. For pools taken from on hot paths (a pattern run, a slice of lines), where a heavier
/// lock would show; the format targets link no NIO, so `NIOLockedValueBox` is not theirs to use.
/// Held only to pop or push a value: never around work.
package struct PlatformLock<State: Sendable>: ~Copyable, @unchecked Sendable {
  // @unchecked: both locks are Sendable; the state is only reached through `withLock`.
  #if canImport(os)
    @usableFromInline let lock: OSAllocatedUnfairLock<State>
  #else
    @usableFromInline let lock: Mutex<State>
  #endif

  @inlinable
  package init(_ initial: State) {
    #if canImport(os)
      lock = OSAllocatedUnfairLock(uncheckedState: initial)
    #else
      lock = Mutex(initial)
    #endif
  }

  /// Runs `body` with the state, under the lock.
  @inlinable
  package borrowing func withLock<Result: Sendable>(_ body: (inout State) -> Result) -> Result {
    #if canImport(os)
      lock.withLockUnchecked(body)
    #else
      lock.withLock { body(&$0) }
    #endif
  }
}
