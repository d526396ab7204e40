import Foundation
import TestSupport
import Testing

/// ARI (RFC 9773) and profiles through a running `aasa-serve --acme`, against the stub CA
/// (Pebble 2.4 has neither): the server asks for each certificate's window, waits as long as
/// the CA's `Retry-After` says, renews at a time inside the window with `replaces`, and names
/// the profile it was given when the CA lists it.
@Suite(
  "aasa-serve --acme: renewal information and profiles against a stub CA", .programsTimeLimit)
struct ServeRenewalInfoTests {
  /// The first certificate's window: first far away, asked again after 3 s (`Retry-After`);
  /// then 2 to 5 seconds from that answer. Later certificates: far away.
  static func policy(firstRetryAfter: Int) -> StubACMEServer.RenewalPolicy {
    { _, issued, asked in
      let now = Date()
      let farAway = StubACMEServer.RenewalAnswer(
        start: now.addingTimeInterval(86_400), end: now.addingTimeInterval(2 * 86_400),
        retryAfter: 3600)
      // Only the first certificate is moved forward.
      guard issued == 0 else { return farAway }
      switch asked {
      case 0:
        return StubACMEServer.RenewalAnswer(
          start: farAway.start, end: farAway.end, retryAfter: firstRetryAfter)
      case 1:
        return StubACMEServer.RenewalAnswer(
          start: now.addingTimeInterval(2), end: now.addingTimeInterval(5), retryAfter: 600)
      default:
        return farAway
      }
    }
  }

  @Test func renewalInsideTheWindowWithReplacesAfterRetryAfter() async throws {
    let stub = try await StubACMEServer.start(
      validity: 3600, renewalPolicy: Self.policy(firstRetryAfter: 3))
    let fixture = try StubServeFixture(stub: stub, names: ["ari.example.test"])
    // Retry-After 3 is followed: the floor (60 s by default) lowered for the test.
    let server = try await fixture.serve(label: "ari", ["--acme-renewal-info-floor", "1"])
    try await stoppingAfterward([server], stub) {
      let port = try #require(server.listeningPort)
      try await fixture.wait("the renewal", timeout: .seconds(40)) { stub.orders.count >= 2 }
      try await server.waitFor("certificate renewed by")
      let orders = stub.orders
      let first = try #require(stub.issued.first)
      #expect(orders[0].fields["replaces"] == nil, "a first order replaces nothing")
      #expect(orders[1].fields["replaces"] == first.certificateID)
      #expect(orders.count == 2, "one renewal: \(orders.map(\.fields))")

      // Retry-After honoured: the second question no sooner than 3 s after the first, and
      // not much later (the server looks every second; the slack is for a loaded CI machine).
      let questions = stub.questions.filter { $0.certificateID == first.certificateID }
      #expect(questions.count == 2, "\(questions.map(\.time))")
      let gap = questions[1].time.timeIntervalSince(questions[0].time)
      #expect(gap >= 3 && gap < 10, "asked again after \(gap) s")

      // The renewal in the window the second answer gave.
      let window = questions[1].answer.start...questions[1].answer.end
      let line = try #require(server.lines("(ari); asking again").first.map(String.init))
      let chosen = try #require(
        line.firstMatch(of: /renewing at (\S+) \(ari\)/).flatMap { Self.date(String($0.1)) },
        "\(line)")
      #expect(
        chosen >= window.lowerBound.addingTimeInterval(-0.001)
          && chosen <= window.upperBound.addingTimeInterval(0.001),
        "chose \(chosen), window \(window)")
      #expect(orders[1].time >= chosen, "ordered at \(orders[1].time), before \(chosen)")
      #expect(
        orders[1].time <= window.upperBound.addingTimeInterval(5),
        "ordered at \(orders[1].time), window \(window)")
      #expect(server.count("(renewal, ari)") == 1, "\(server.log)")
      // The renewed certificate is served.
      try await fixture.wait("the renewed certificate served") {
        try await fixture.get("ari.example.test", port: port) == 200
      }
      // Its own window is asked for at once: far away, so nothing more is ordered.
      try await Task.sleep(for: .seconds(1.5))
      #expect(stub.orders.count == 2)
    }
  }

  /// `--acme-profile` names the profile on the order when the directory lists it; a profile it
  /// does not list is said and left out; without the flag no profile is sent.
  @Test func theProfileIsOrderedWhenListed() async throws {
    let stub = try await StubACMEServer.start(
      profiles: ["classic": "90 days", "shortlived": "160 hours"])
    let listed = try StubServeFixture(stub: stub, names: ["listed.example.test"])
    let unlisted = try StubServeFixture(stub: stub, names: ["unlisted.example.test"])
    let plain = try StubServeFixture(stub: stub, names: ["plain.example.test"])
    var servers: [ServeProcess] = []
    try await stoppingAfterward(servers, stub) {
      servers.append(try await listed.serve(label: "listed", ["--acme-profile", "shortlived"]))
      servers.append(try await unlisted.serve(label: "unlisted", ["--acme-profile", "tlsserver"]))
      servers.append(try await plain.serve(label: "plain"))
      try await listed.wait("three orders") { stub.orders.count >= 3 }
      func order(_ name: String) throws -> [String: String] {
        try #require(stub.orders.first { $0.names == [name] }?.fields, "\(stub.orders)")
      }
      #expect(try order("listed.example.test")["profile"] == "shortlived")
      #expect(try order("unlisted.example.test")["profile"] == nil)
      #expect(try order("plain.example.test")["profile"] == nil)
      try await servers[1].waitFor("offers no profile tlsserver")
      for (server, fixture, name) in [
        (servers[0], listed, "listed.example.test"), (servers[2], plain, "plain.example.test"),
      ] {
        let port = try #require(server.listeningPort)
        try await fixture.wait("\(name) served") { try await fixture.get(name, port: port) == 200 }
      }
    }
  }

  /// Under `--acme`, a site without a certificate is announced as being obtained, with the
  /// placeholder until then, not warned about as if the operator had to add one; a name ACME
  /// cannot order (one label) keeps a warning that says why.
  @Test func startUpSaysTheCertificateIsBeingObtained() async throws {
    let stub = try await StubACMEServer.start()
    let fixture = try StubServeFixture(stub: stub, names: ["new.example.test", "intranet"])
    let server = try await fixture.serve(label: "startup")
    try await stoppingAfterward([server], stub) {
      try await server.waitFor("certificate issued by")
      #expect(
        server.count(
          "ACME: obtaining a certificate for new.example.test; a self-signed placeholder until then"
        ) == 1, "\(server.log)")
      #expect(server.count("ACME: no certificate names the site intranet, and ACME cannot") == 1)
      #expect(server.count("add one for it") == 0, "the warning of --tls-dir: \(server.log)")
      #expect(server.count("obtaining a certificate for intranet") == 0)
    }
  }

  static func date(_ text: String) -> Date? {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.date(from: text)
  }
}
