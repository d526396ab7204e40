import NIOPosix

/// One instance of a class for each thread that asks, made on first use. For caches the event
/// loops consult on every request: a thread never waits for, or shares a cache line with, another.
final class PerThread<Value: AnyObject>: @unchecked Sendable {
  // @unchecked: each thread only ever sees the value it made.
  private let values = ThreadSpecificVariable<Value>()
  private let make: @Sendable () -> Value

  init(_ make: @escaping @Sendable () -> Value) {
    self.make = make
  }

  /// This thread's instance.
  var current: Value {
    if let existing = values.currentValue { return existing }
    let value = make()
    values.currentValue = value
    return value
  }
}
