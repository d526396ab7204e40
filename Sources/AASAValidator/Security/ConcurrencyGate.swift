import NIOConcurrencyHelpers

/// At most `limit` holders at once (checks and site fetches across all clients): a request that
/// finds it full gets 503 `busy` at once instead of waiting.
final class ConcurrencyGate: Sendable {
  private let limit: Int
  private let count = NIOLockedValueBox(0)

  init(limit: Int) { self.limit = max(1, limit) }

  /// Runs `body` holding a place, or returns nil without running it when there is none.
  func run<T: Sendable>(_ body: () async throws(APIError) -> T) async throws(APIError) -> T? {
    let entered = count.withLockedValue { count in
      guard count < limit else { return false }
      count += 1
      return true
    }
    guard entered else { return nil }
    defer { count.withLockedValue { $0 -= 1 } }
    return try await body()
  }
}
