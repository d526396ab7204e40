import AASAHosting
import AASALiveCheck
import Foundation
import Logging
import NIOCore
import Testing

@testable import AASAValidator

/// A request's deadline ends its wait for its site's name lookup (issue 39): the lookup cannot
/// be interrupted, so the request answers 504 and lets it go, and lookups still running are
/// bounded: past the bound the next request is refused at once, 503 `busy` in words, instead of
/// waiting behind them. Before ``NameLookup`` the second request waited for its own lookup too,
/// behind the first, until its deadline (504).
@Suite struct ValidatorNameLookupTests {
  /// Lookups that wait, heedless of cancellation as `getaddrinfo` is, until released.
  final class StalledResolver: @unchecked Sendable {
    private let lock = NSLock()
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var released = false

    func resolve(_ host: String, _ port: Int) async throws -> SocketAddress {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let now: Bool = lock.withLock {
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

  static func check(_ site: String, from client: String) -> HostedRequest {
    HostedRequest(
      method: "POST", target: "/api/v1/check",
      headers: [("Host", "127.0.0.1"), ("Content-Type", "application/json")],
      body: Array(ValidatorHarness.json(["site": site]).utf8), remoteAddress: client)
  }

  @Test func theDeadlineEndsTheWaitAndStalledLookupsAreBounded() async throws {
    let resolver = StalledResolver()
    let lookup = NameLookup(limit: 1, resolve: resolver.resolve)
    var limits = ValidatorLimits()
    limits.requestDeadlineSeconds = 1
    let handler = ValidatorHandler(
      configuration: ValidatorConfiguration(
        listenHost: "127.0.0.1", policy: FetchPolicy(lookup: lookup), limits: limits),
      logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
    let first = await handler.respond(to: Self.check("slow.example", from: "192.0.2.1"))
    #expect(first.status == 504, "\(String(decoding: first.body, as: UTF8.self))")
    // The first lookup still runs, abandoned: the one place is taken.
    #expect(lookup.outstanding == 1)
    let second = await handler.respond(to: Self.check("other.example", from: "192.0.2.2"))
    let text = String(decoding: second.body, as: UTF8.self)
    #expect(second.status == 503, "\(text)")
    #expect(
      text.contains("too many name lookups are still waiting for their DNS server"), "\(text)")
    resolver.release()
    for _ in 0..<3000 where lookup.outstanding > 0 {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(lookup.outstanding == 0)
  }
}
