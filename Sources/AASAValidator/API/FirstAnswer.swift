import NIOConcurrencyHelpers

/// Resumes a continuation with the first answer given and ignores the rest: the work's answer
/// or the deadline's, whichever comes first.
final class FirstAnswer<Value: Sendable>: Sendable {
  private let continuation: NIOLockedValueBox<CheckedContinuation<Value, Never>?>

  init(_ continuation: CheckedContinuation<Value, Never>) {
    self.continuation = NIOLockedValueBox(continuation)
  }

  func give(_ value: Value) {
    let waiting = continuation.withLockedValue { waiting in
      defer { waiting = nil }
      return waiting
    }
    waiting?.resume(returning: value)
  }
}
