import Foundation
import TestSupport
import Testing

/// A CA whose ARI answers every certificate with a window long past and `Retry-After: 0` (a CA
/// bug, or a hostile directory) makes `aasa-serve` replace the certificate once, not at every
/// look: the replacement is not replaced again on ARI's word before it is an hour (or a tenth of
/// its life) old, and the window is not asked for again within a minute. Before, the same name
/// was ordered every two seconds or so (44 certificates in 90 s).
@Suite("aasa-serve --acme: a renewal window always past", .programsTimeLimit)
struct ServeRenewalInfoStormTests {
  @Test func aPastWindowWithRetryAfterZeroRenewsOnce() async throws {
    let stub = try await StubACMEServer.start(validity: 3600) { _, _, _ in
      StubACMEServer.RenewalAnswer(
        start: Date(timeIntervalSince1970: 946_684_800),
        end: Date(timeIntervalSince1970: 946_771_200), retryAfter: 0)
    }
    let fixture = try StubServeFixture(stub: stub, names: ["storm.example.test"])
    let server = try await fixture.serve(label: "storm")
    try await stoppingAfterward([server], stub) {
      // The first certificate, then its replacement at ARI's word.
      try await fixture.wait("the renewal", timeout: .seconds(40)) { stub.orders.count >= 2 }
      try await server.waitFor("certificate renewed by")
      // Long enough for several more loops as they were (one every ~2 s).
      try await Task.sleep(for: .seconds(12))
      #expect(stub.orders.count == 2, "orders: \(stub.orders.map(\.time))")
      #expect(server.count("(renewal, ari)") == 1, "\(server.log)")
      // The replacement's window was asked for once, and is not asked again within a minute.
      let second = try #require(stub.issued.dropFirst().first)
      let asked = stub.questions.filter { $0.certificateID == second.certificateID }
      #expect(asked.count == 1, "\(asked.map(\.time))")
      // Held for a tenth of its life (the stub's certificates last an hour and a minute).
      #expect(server.count("is not replaced again before it is 366 s old") == 1, "\(server.log)")
      #expect(server.count("asking again in 60 s") >= 1)
    }
  }
}
