import Foundation
import Testing

@testable import AASAACME

/// ARI (RFC 9773) and profiles, which Pebble 2.4 lacks, against a stub CA over HTTPS on
/// 127.0.0.1: the renewal window and its Retry-After read, `replaces` and `profile` sent on the
/// order only when given.
@Suite("ACME: renewal information and profiles against a stub CA")
struct RenewalInfoStubTests {
  @Test func theWindowAndTheOrderFields() async throws {
    let stub = try await StubACMEServer.start(
      profiles: ["classic": "90 days", "shortlived": "6 days"])
    var configuration = ACMEClient.Configuration(
      directoryURL: stub.url("/dir"), trustRootFile: stub.rootFile)
    configuration.requestTimeout = .seconds(10)
    let client = try ACMEClient(configuration)
    do {
      let directory = try await client.directory()
      #expect(directory.meta?.profiles?["shortlived"] != nil)
      let info = try #require(
        try await client.renewalInfo(certificateID: "aYhba4dGQEHhs3uEe6CuLN4ByNQ.AIdlQyE"))
      #expect(info.start == Date(timeIntervalSince1970: 1_900_000_000))
      #expect(info.end == Date(timeIntervalSince1970: 1_900_086_400))
      #expect(info.retryAfter == .seconds(21_600))
      #expect(stub.paths.contains("/renewal-info/aYhba4dGQEHhs3uEe6CuLN4ByNQ.AIdlQyE"))

      let account = ACMEAccount(
        url: stub.url("/account/1"), key: AccountKey(), status: "valid", created: false)
      _ = try await client.newOrder(
        for: ["a.example.test"], account: account, replaces: "aYhba4dGQEHhs3uEe6CuLN4ByNQ.AIdlQyE",
        profile: "shortlived")
      _ = try await client.newOrder(for: ["b.example.test"], account: account)
      let orders = stub.orderPayloads
      #expect(orders.count == 2)
      #expect(orders.first?["replaces"] == "aYhba4dGQEHhs3uEe6CuLN4ByNQ.AIdlQyE")
      #expect(orders.first?["profile"] == "shortlived")
      #expect(orders.last?["replaces"] == nil && orders.last?["profile"] == nil)
    } catch {
      try? await client.shutdown()
      await stub.stop()
      throw error
    }
    try await client.shutdown()
    await stub.stop()
  }
}
