import AASAHosting
import AASALiveCheck
import Logging
import NIOCore
import TestSupport
import Testing

@testable import AASAValidator

/// Security review 2, F4: a request's deadline ends its work and gives its fetch place back,
/// and one client address holds at most one place at a time (the next gets 429 at once). Sites
/// here accept TCP and never answer, with a fetch timeout far past the request's deadline, so
/// that only the deadline can end a fetch in time. Clients are told apart by the address the
/// listener would pass (``HostedRequest/remoteAddress``), so no other loopback address is
/// needed.
@Suite(.serialized) struct ValidatorFetchPlaceTests {
  static func handler(_ change: (inout ValidatorLimits) -> Void) throws -> ValidatorHandler {
    var limits = ValidatorLimits()
    limits.fetchTimeoutSeconds = 60
    limits.requestDeadlineSeconds = 1
    change(&limits)
    return ValidatorHandler(
      configuration: ValidatorConfiguration(
        listenHost: "127.0.0.1",
        policy: FetchPolicy(rules: [try AllowRule(parsing: "127.0.0.1")]), limits: limits),
      logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
  }

  static func check(port: Int, from client: String) -> HostedRequest {
    HostedRequest(
      method: "POST", target: "/api/v1/check",
      headers: [("Host", "127.0.0.1"), ("Content-Type", "application/json")],
      body: Array(ValidatorHarness.json(["site": "https://127.0.0.1:\(port)"]).utf8),
      remoteAddress: client)
  }

  static func code(_ response: HostedResponse) -> String? {
    ValidatorHarness.Response(
      status: response.status, headers: response.headers, body: response.body
    )
    .errorCode
  }

  /// With one place: after the first client's 504 the place is free, and another client's
  /// check runs (its own 504) instead of 503 `busy` for as long as the first one's fetch would
  /// have lasted (60 s here; before the fix the work went on holding the place).
  @Test func theDeadlineGivesThePlaceBack() async throws {
    let silent = try await SilentListener.start()
    let port = silent.port
    let handler = try Self.handler { $0.concurrentFetches = 1 }
    let first = await handler.respond(to: Self.check(port: port, from: "192.0.2.1"))
    #expect(first.status == 504)
    let second = await handler.respond(to: Self.check(port: port, from: "192.0.2.2"))
    #expect(second.status == 504, "\(String(decoding: second.body, as: UTF8.self))")
    #expect(Self.code(second) == "timed-out")
    await silent.stop()
  }

  /// With two places: a client whose check is running gets 429 for its next one at once; the
  /// other place stays for another client. Before the fix one client held both.
  @Test func oneClientHoldsOnePlace() async throws {
    let silent = try await SilentListener.start()
    let port = silent.port
    let handler = try Self.handler {
      $0.concurrentFetches = 2
      // Long enough that the first still runs however long a loaded machine takes to vet and
      // connect it (a full run once took over 5 s).
      $0.requestDeadlineSeconds = 20
    }
    let running = Task { await handler.respond(to: Self.check(port: port, from: "192.0.2.1")) }
    // Running once its fetch has connected: it holds its place from before it connects.
    await silent.waitForConnections(1)
    #expect(silent.acceptedConnections == 1)
    let again = await handler.respond(to: Self.check(port: port, from: "192.0.2.1"))
    #expect(again.status == 429)
    #expect(Self.code(again) == "rate-limited")
    #expect(again.headers.contains { $0.name == "retry-after" })
    let other = await handler.respond(to: Self.check(port: port, from: "192.0.2.2"))
    #expect(other.status == 504, "\(String(decoding: other.body, as: UTF8.self))")
    #expect(await running.value.status == 504)
    await silent.stop()
  }
}
