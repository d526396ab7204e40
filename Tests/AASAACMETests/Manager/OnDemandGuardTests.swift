import Foundation
import NIOCore
import Testing

@testable import AASAACME

/// `--acme-ask`'s guard: each client network has a share of the minute's questions before the
/// global budget, so that one client sending random server names cannot keep everyone else's
/// on-demand names from being asked about.
@Suite("ACME: the on-demand guard")
struct OnDemandGuardTests {
  /// A guard whose endpoint refuses at once (nothing listens on port 1): the answers do not
  /// matter here, only which names are asked about.
  static func makeGuard() -> OnDemandGuard {
    OnDemandGuard(configuration: .init(askURL: "http://127.0.0.1:1/ask"))
  }

  @Test func oneClientSpendsItsShareNotEveryones() async throws {
    let guarding = Self.makeGuard()
    defer { Task { await guarding.shutdown() } }
    let flooder = try SocketAddress(ipAddress: "192.0.2.17", port: 40_000)
    var asked = 0
    var refused: [String: Int] = [:]
    for number in 0..<100 {
      switch guarding.consider("random\(number).example.test", from: flooder) {
      case .asking: asked += 1
      case .refused(let reason): refused[reason, default: 0] += 1
      case .known: break
      }
    }
    #expect(asked == 10, "the client network's share: \(refused)")
    #expect(refused["source"] == 90)
    // Another address of the same /24 shares the share.
    let neighbour = try SocketAddress(ipAddress: "192.0.2.200", port: 40_001)
    #expect(
      guarding.consider("neighbour.example.test", from: neighbour) == .refused(reason: "source"))
    // A client elsewhere is asked about at once.
    let other = try SocketAddress(ipAddress: "198.51.100.4", port: 40_002)
    #expect(guarding.consider("shop.example.test", from: other) == .asking)
    // IPv6: a /64 is one client.
    let six = try SocketAddress(ipAddress: "2001:db8:1:2::1", port: 40_003)
    let sixNeighbour = try SocketAddress(ipAddress: "2001:db8:1:2:ffff::9", port: 40_004)
    for number in 0..<10 {
      #expect(guarding.consider("six\(number).example.test", from: six) == .asking)
    }
    #expect(
      guarding.consider("six-more.example.test", from: sixNeighbour) == .refused(reason: "source"))
  }

  /// The share comes before the global budget, which still bounds every client together.
  @Test func theGlobalBudgetStillBoundsEveryNetwork() {
    let guarding = Self.makeGuard()
    defer { Task { await guarding.shutdown() } }
    let now = Date()
    var asked = 0
    for network in 0..<10 {
      for number in 0..<10 {
        if guarding.consider(
          "n\(network)-\(number).example.test", fromNetwork: "10.0.\(network).0/24", now: now)
          == .asking
        {
          asked += 1
        }
      }
    }
    #expect(asked == 60)
    #expect(
      guarding.consider("late.example.test", fromNetwork: "10.0.99.0/24", now: now)
        == .refused(reason: "rate"))
    // A minute later, the budgets are back.
    #expect(
      guarding.consider("late.example.test", fromNetwork: "10.0.0.0/24", now: now + 61) == .asking)
  }

  @Test func networksOfAddresses() {
    #expect(OnDemandGuard.network(of: "192.0.2.17") == "192.0.2.0/24")
    #expect(OnDemandGuard.network(of: "::ffff:192.0.2.17") == "192.0.2.0/24")
    #expect(OnDemandGuard.network(of: "2001:db8:1:2::1") == "2001:db8:1:2::/64")
    #expect(OnDemandGuard.network(of: "2001:DB8:1:2:3:4:5:6") == "2001:db8:1:2::/64")
    #expect(OnDemandGuard.network(of: "::1") == "0:0:0:0::/64")
    #expect(OnDemandGuard.network(of: "fe80::1%eth0") == "fe80:0:0:0::/64")
  }
}
