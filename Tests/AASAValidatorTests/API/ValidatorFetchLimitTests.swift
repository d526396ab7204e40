import AASALiveCheck
import NIOCore
import TestSupport
import Testing

@testable import AASAValidator

/// The limits on fetching, against a server on 127.0.0.1 that accepts connections and never
/// answers: the request deadline (504), the concurrent-fetch limit (503) and the per-host rate
/// (429).
@Suite(.serialized) struct ValidatorFetchLimitTests {
  static func configuration(_ change: (inout ValidatorLimits) -> Void) throws
    -> ValidatorConfiguration
  {
    var limits = ValidatorLimits()
    limits.fetchTimeoutSeconds = 5
    change(&limits)
    return ValidatorConfiguration(
      listenHost: "127.0.0.1", policy: FetchPolicy(rules: [try AllowRule(parsing: "127.0.0.1")]),
      limits: limits)
  }

  @Test func aSlowSiteMeetsTheRequestDeadline() async throws {
    let silent = try await SilentListener.start()
    let port = silent.port
    let harness = try await ValidatorHarness(
      try Self.configuration {
        $0.requestDeadlineSeconds = 0.5
        // Far past the bound below, so that only the deadline can end the request in time.
        $0.fetchTimeoutSeconds = 120
      })
    let started = ContinuousClock.now
    let response = try await harness.send(
      "POST", "/api/v1/check", body: ValidatorHarness.json(["site": "https://127.0.0.1:\(port)"]))
    #expect(response.status == 504)
    #expect(response.errorCode == "timed-out")
    #expect(ContinuousClock.now - started < BlowUpBound.limit)
    await harness.close()
    await silent.stop()
  }

  @Test func concurrentFetchesAreLimited() async throws {
    let silent = try await SilentListener.start()
    let port = silent.port
    let harness = try await ValidatorHarness(
      try Self.configuration {
        $0.concurrentFetches = 1
        // Long enough that the first still holds the place however long a loaded machine takes
        // to vet and connect it (a full run once took over 5 s).
        $0.requestDeadlineSeconds = 20
        // Past the deadline, so that the first ends by it (504) and not by its fetch giving up.
        $0.fetchTimeoutSeconds = 120
      })
    let body = ValidatorHarness.json(["site": "https://127.0.0.1:\(port)"])
    let first = Task { try await harness.send("POST", "/api/v1/check", body: body) }
    // The first holds the one place once its fetch has connected (the place is taken first).
    await silent.waitForConnections(1)
    #expect(silent.acceptedConnections == 1)
    let second = try await harness.send("POST", "/api/v1/check", body: body)
    #expect(second.status == 503)
    #expect(second.errorCode == "busy")
    #expect(second.header("retry-after") != nil)
    #expect(try await first.value.status == 504)
    await harness.close()
    await silent.stop()
  }

  @Test func eachTargetHostHasARate() async throws {
    let silent = try await SilentListener.start()
    let port = silent.port
    let harness = try await ValidatorHarness(
      try Self.configuration {
        $0.hostBurst = 1
        $0.hostRefillSeconds = 60
        $0.requestDeadlineSeconds = 0.3
      })
    let body = ValidatorHarness.json(["site": "https://127.0.0.1:\(port)"])
    _ = try await harness.send("POST", "/api/v1/check", body: body)
    let second = try await harness.send("POST", "/api/v1/check", body: body)
    #expect(second.status == 429)
    #expect(second.text.contains("127.0.0.1"))
    await harness.close()
    await silent.stop()
  }
}
