import Foundation
import TestSupport
import Testing

/// A name that fails validation keeps its backoff across restarts of `aasa-serve`: the count and
/// the next attempt live in `--acme-dir/backoff/`, so a crash loop cannot retry it at the
/// shortest wait on every start (Let's Encrypt pauses a name after too many failed validations).
@Suite(
  "aasa-serve --acme: backoff across restarts", .enabled(if: PebbleCA.runs, PebbleCA.skipReason),
  .programsTimeLimit)
struct ServeBackoffTests {
  static let blocked = PebbleCA.blockedName

  @Test func aRestartKeepsTheBackoff() async throws {
    try await ACMEServeFixture.with(names: ["a.example.test", Self.blocked]) { fixture in
      let file = "\(fixture.acmeDirectory)/backoff/\(Self.blocked).json"

      // First run: the blocked name fails once and waits 2 minutes; the other is issued.
      let first = try await fixture.serve(label: "first")
      try await first.waitUntilListening()
      try await first.waitFor("\(Self.blocked): order failed")
      #expect(first.lines("\(Self.blocked): order failed").first?.contains("(attempt 1)") == true)
      try await fixture.wait("a.example.test's certificate") {
        fixture.hasCertificate("a.example.test")
      }
      await first.stop()
      let stored = try Self.record(file)
      #expect(stored["failures"] as? Int == 1)
      #expect(stored["name"] as? String == Self.blocked)
      #expect((stored["lastError"] as? String)?.contains("rejectedIdentifier") == true)
      #expect(
        !FileManager.default.fileExists(
          atPath: "\(fixture.acmeDirectory)/backoff/a.example.test.json"))

      // Restarted: the wait goes on; nothing is ordered for the blocked name.
      let second = try await fixture.serve(label: "second")
      try await second.waitUntilListening()
      try await second.waitFor("\(Self.blocked): 1 failed attempt(s) in a row")
      #expect(
        second.lines("\(Self.blocked): 1 failed attempt(s)").first?.contains("(attempt 2)") == true)
      try await Task.sleep(for: .seconds(2))
      #expect(second.count("\(Self.blocked): ordering") == 0, "\(second.log)")
      await second.stop()

      // Once the wait has passed (the stored time moved to the past), the next attempt is the
      // second of the count, and waits 10 minutes after it fails.
      var past = stored
      past["nextAttempt"] = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-1))
      try JSONSerialization.data(withJSONObject: past).write(to: URL(fileURLWithPath: file))
      let third = try await fixture.serve(label: "third")
      try await third.waitUntilListening()
      try await third.waitFor("\(Self.blocked): order failed")
      let failure = try #require(third.lines("\(Self.blocked): order failed").first)
      #expect(failure.contains("(attempt 2)"), "\(failure)")
      await third.stop()
      let after = try Self.record(file)
      #expect(after["failures"] as? Int == 2)
      let next = try #require(
        (after["nextAttempt"] as? String).flatMap(ISO8601DateFormatter().date))
      #expect(next.timeIntervalSinceNow > 500 && next.timeIntervalSinceNow <= 600, "\(next)")

      // A file this server cannot read is ignored, and said so; the count starts again.
      try "{ not json".write(toFile: file, atomically: true, encoding: .utf8)
      let fourth = try await fixture.serve(label: "fourth")
      try await fourth.waitUntilListening()
      try await fourth.waitFor("\(Self.blocked): order failed")
      #expect(fourth.count("ignoring \(file) (not a JSON object)") == 1, "\(fourth.log)")
      #expect(fourth.lines("\(Self.blocked): order failed").first?.contains("(attempt 1)") == true)
      await fourth.stop()
      #expect(try Self.record(file)["failures"] as? Int == 1)
    }
  }

  static func record(_ path: String) throws -> [String: Any] {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }
}
