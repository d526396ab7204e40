import AASACore
import Foundation
import NIOCore
import NIOPosix

/// The name lookups of ``FetchPolicy/vet(host:port:)``: a caller stops waiting for one when its
/// task is cancelled (a validator request's deadline), and the lookup is left to finish alone.
///
/// `getaddrinfo` cannot be interrupted: a DNS server that never answers holds its thread for the
/// resolver's whole timeout (`/etc/resolv.conf`'s timeout × attempts × servers: 10 s by
/// default, minutes when configured so). A request waiting for it kept its work alive past the
/// deadline that had already answered 504, and on NIO's shared thread pool, one thread per core,
/// two such lookups delayed every other lookup (and file read) behind them. So lookups run on
/// threads of their own, at most ``limit`` at once, counting those abandoned and still running;
/// past it a lookup is refused at once (``Busy``), never queued, so a lookup never waits behind
/// an abandoned one and abandoned ones cannot pile up.
public final class NameLookup: Sendable {
  /// Resolves a name to its first address. Blocking resolvers run it on a thread of their own.
  public typealias Resolve = @Sendable (_ host: String, _ port: Int) async throws -> SocketAddress

  /// Every lookup place is held by a lookup still waiting for its DNS server.
  public struct Busy: Error, Sendable, CustomStringConvertible {
    public var description: String {
      "too many name lookups are still waiting for their DNS server; try again in a few seconds"
    }
  }

  /// Lookups at once, those whose callers stopped waiting included.
  public let limit: Int
  private let resolve: Resolve
  private let running = Counter()

  public init(limit: Int, resolve: @escaping Resolve) {
    self.limit = max(1, limit)
    self.resolve = resolve
  }

  /// The system's resolver (`getaddrinfo`, as `SocketAddress.makeAddressResolvingHost`) on a
  /// pool of ``limit`` threads of its own: one per lookup place, so an admitted lookup starts
  /// at once.
  public static let shared: NameLookup = {
    let places = 8
    let pool = NIOThreadPool(numberOfThreads: places)
    pool.start()
    return NameLookup(limit: places) { host, port in
      try await pool.runIfActive { try SocketAddress.makeAddressResolvingHost(host, port: port) }
    }
  }()

  /// Lookups running now, abandoned ones included.
  public var outstanding: Int { running.value }

  /// `host`'s first address. Throws ``Busy`` when every place is held, the resolver's error,
  /// or `CancellationError` as soon as the calling task is cancelled, without waiting for the
  /// lookup, which goes on holding its place until it ends.
  public func address(of host: String, port: Int) async throws -> SocketAddress {
    try Task.checkCancellation()
    guard running.takeOne(below: limit) else { throw Busy() }
    let answer = OneAnswer()
    let resolve = self.resolve
    let running = self.running
    // Not a child task: a task group would wait for it, and so for the DNS server.
    Task.detached {
      let result: Result<SocketAddress, any Error>
      do {
        result = .success(try await resolve(host, port))
      } catch {
        result = .failure(error)
      }
      running.giveOne()
      answer.give(result)
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        answer.wait(continuation)
      }
    } onCancel: {
      answer.give(.failure(CancellationError()))
    }
  }
}

/// How many lookups hold a place.
private final class Counter: Sendable {
  private let count = PlatformLock(0)

  var value: Int { count.withLock { $0 } }

  func takeOne(below limit: Int) -> Bool {
    count.withLock { count in
      guard count < limit else { return false }
      count += 1
      return true
    }
  }

  func giveOne() { count.withLock { $0 -= 1 } }
}

/// The first of the lookup's result and the caller's cancellation, given to the waiting caller
/// once, whichever comes first (either may come before the caller waits).
private final class OneAnswer: Sendable {
  private struct State: Sendable {
    var result: Result<SocketAddress, any Error>?
    var waiting: CheckedContinuation<SocketAddress, any Error>?
    var given = false
  }

  private let state = PlatformLock(State())

  func give(_ value: Result<SocketAddress, any Error>) {
    let continuation: CheckedContinuation<SocketAddress, any Error>? = state.withLock { state in
      guard !state.given else { return nil }
      state.given = true
      guard let waiting = state.waiting else {
        state.result = value
        return nil
      }
      state.waiting = nil
      return waiting
    }
    continuation?.resume(with: value)
  }

  func wait(_ continuation: CheckedContinuation<SocketAddress, any Error>) {
    let ready: Result<SocketAddress, any Error>? = state.withLock { state in
      guard let result = state.result else {
        state.waiting = continuation
        return nil
      }
      state.result = nil
      return result
    }
    if let ready { continuation.resume(with: ready) }
  }
}
