import Foundation
import NIOCore
import Testing

@testable import AASALiveCheck

/// A request stops waiting for its site's name lookup at its deadline (issue 39): the system's
/// resolver cannot be interrupted, so ``FetchPolicy/vet(host:port:)`` lets a cancelled caller go
/// at once and leaves the lookup to end alone; lookups still running, abandoned or not, are
/// bounded, and past the bound a lookup is refused in words instead of queued.
@Suite struct NameLookupTests {
  /// A resolver whose lookups wait, heedless of cancellation as `getaddrinfo` is, until
  /// released; released, it answers 203.0.113.7 at once.
  final class StalledResolver: @unchecked Sendable {
    private let lock = NSLock()
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var released = false
    private var count = 0

    var started: Int { lock.withLock { count } }

    func resolve(_ host: String, _ port: Int) async throws -> SocketAddress {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let now: Bool = lock.withLock {
          count += 1
          if released { return true }
          waiting.append(continuation)
          return false
        }
        if now { continuation.resume() }
      }
      return try SocketAddress(ipAddress: "203.0.113.7", port: port)
    }

    func release() {
      let all: [CheckedContinuation<Void, Never>] = lock.withLock {
        released = true
        defer { waiting = [] }
        return waiting
      }
      for continuation in all { continuation.resume() }
    }
  }

  /// What `task` ended with, or nil when it had not ended within `seconds` (a bound against a
  /// hang only, far above the milliseconds it takes).
  static func outcome(
    of task: Task<String, any Error>, within seconds: Double = 30
  ) async -> Result<String, any Error>? {
    await withTaskGroup(of: Result<String, any Error>?.self) { group in
      group.addTask { await task.result }
      group.addTask {
        try? await Task.sleep(for: .seconds(seconds))
        return nil
      }
      defer { group.cancelAll() }
      return await group.next() ?? nil
    }
  }

  /// Waits (without blocking a thread) until `condition` holds, for at most 30 s.
  static func until(_ condition: () -> Bool) async throws {
    for _ in 0..<3000 where !condition() {
      try await Task.sleep(for: .milliseconds(10))
    }
  }

  @Test func aCancelledVetStopsWaitingForItsLookup() async throws {
    let resolver = StalledResolver()
    let lookup = NameLookup(limit: 4, resolve: resolver.resolve)
    let policy = FetchPolicy(lookup: lookup)
    let vetting = Task { try await policy.vet(host: "slow.example", port: 443) }
    try await Self.until { resolver.started == 1 }
    vetting.cancel()
    // Without the race the vet waited as long as the lookup: here, for ever.
    let outcome = await Self.outcome(of: vetting)
    resolver.release()
    let ended = try #require(outcome, "the cancelled vet still waits for its lookup")
    #expect(throws: CancellationError.self) { try ended.get() }
    try await Self.until { lookup.outstanding == 0 }
    #expect(lookup.outstanding == 0)
  }

  @Test func abandonedLookupsAreBoundedAndRefusedInWords() async throws {
    let resolver = StalledResolver()
    let lookup = NameLookup(limit: 2, resolve: resolver.resolve)
    let policy = FetchPolicy(lookup: lookup)
    let abandoned = (0..<2).map { number in
      Task { try await policy.vet(host: "slow\(number).example", port: 443) }
    }
    try await Self.until { resolver.started == 2 }
    for task in abandoned { task.cancel() }
    for task in abandoned { _ = await Self.outcome(of: task) }
    // Both still hold their places: the next lookup is refused at once, not queued.
    #expect(lookup.outstanding == 2)
    let refused = Task { try await policy.vet(host: "fresh.example", port: 443) }
    let outcome = try #require(await Self.outcome(of: refused), "a refused lookup waited")
    #expect(resolver.started == 2)
    #expect {
      try outcome.get()
    } throws: { error in
      error is NameLookup.Busy
        && "\(error)".contains("too many name lookups are still waiting for their DNS server")
    }
    // Once the stalled lookups end, lookups run again.
    resolver.release()
    try await Self.until { lookup.outstanding == 0 }
    let vetted = Task { try await policy.vet(host: "fresh.example", port: 443) }
    let address = try #require(await Self.outcome(of: vetted))
    #expect(try address.get() == "203.0.113.7")
  }

  @Test func theSystemResolverStillResolves() async throws {
    let address = try await FetchPolicy(rules: [try AllowRule(parsing: "127.0.0.1")]).vet(
      host: "127.0.0.1", port: 443)
    #expect(address == "127.0.0.1")
  }
}
