import NIOConcurrencyHelpers

/// At most `limit` holders at once (checks and site fetches across all clients), and at most
/// `perClient` of them for one client address: a request that finds the gate full gets 503
/// `busy`, one whose address already holds its share 429 `rate-limited`, both at once instead of
/// waiting. So one client cannot hold every place, however many requests it sends.
///
/// A place is held while the work runs and given back when the waiting task is cancelled (the
/// request's deadline), without waiting for the work: the work is cancelled too, and what in it
/// does not heed cancellation (a TLS handshake) ends at its own timeout, holding no place.
final class ConcurrencyGate: Sendable {
  private struct Holders {
    var count = 0
    var byClient: [String: Int] = [:]
  }

  private let limit: Int
  private let perClient: Int
  private let holders = NIOLockedValueBox(Holders())

  init(limit: Int, perClient: Int) {
    self.limit = max(1, limit)
    self.perClient = max(1, perClient)
  }

  /// Runs `body` holding a place for `client`, or throws the refusal without running it.
  func run<T: Sendable>(
    client: String, _ body: @escaping @Sendable () async throws(APIError) -> T
  ) async throws(APIError) -> T {
    let refusal: APIError? = holders.withLockedValue { holders in
      guard holders.count < limit else { return .busy }
      guard holders.byClient[client, default: 0] < perClient else { return .clientBusy }
      holders.count += 1
      holders.byClient[client, default: 0] += 1
      return nil
    }
    if let refusal { throw refusal }
    defer {
      holders.withLockedValue { holders in
        holders.count -= 1
        let left = holders.byClient[client, default: 1] - 1
        holders.byClient[client] = left > 0 ? left : nil
      }
    }
    return try await Self.untilCancelled(body).get()
  }

  /// `body`'s result, or `timedOut` as soon as the calling task is cancelled, `body`'s task
  /// cancelled with it.
  private static func untilCancelled<T: Sendable>(
    _ body: @escaping @Sendable () async throws(APIError) -> T
  ) async -> Result<T, APIError> {
    let work = Task { () async -> Result<T, APIError> in
      do throws(APIError) {
        return .success(try await body())
      } catch {
        return .failure(error)
      }
    }
    let waiting = NIOLockedValueBox<FirstAnswer<Result<T, APIError>>?>(nil)
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let answer = FirstAnswer(continuation)
        waiting.withLockedValue { $0 = answer }
        Task { answer.give(await work.value) }
        // Cancelled before the handler could see the answer: it gave nothing.
        if Task.isCancelled { answer.give(.failure(.timedOut)) }
      }
    } onCancel: {
      work.cancel()
      waiting.withLockedValue { $0 }?.give(.failure(.timedOut))
    }
  }
}
