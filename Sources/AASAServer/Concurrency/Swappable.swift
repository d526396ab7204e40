import NIOConcurrencyHelpers

/// Holds what is being served (a site's snapshot, the host table, the certificate table) and is
/// replaced as a whole. Request handlers and connections take the current value under a lock held
/// only long enough to retain a reference; the reloader swaps in a new one the same way.
public final class Swappable<Value: Sendable>: Sendable {
  private let value: NIOLockedValueBox<Value>

  public init(_ value: Value) {
    self.value = NIOLockedValueBox(value)
  }

  public var current: Value { value.withLockedValue { $0 } }

  public func replace(with newValue: Value) {
    value.withLockedValue { $0 = newValue }
  }
}
