import AASAHosting
import Foundation
import Logging
import NIOCore
import TestSupport
import Testing

@testable import AASAExporter

/// `--concurrency`: many scrapes at once against slow origins run at most that many checks at
/// once, as the origins see them; the others wait for a place, in order, until their own
/// deadline, and then answer a failed probe rather than pile checks up. Twenty scrapes at once
/// also find every name lookup place held (``NameLookup`` runs 8 at once and refuses the rest):
/// they ask again until their deadline rather than answer 400, which twelve of them did before.
@Suite(.serialized) struct ProbeConcurrencyTests {
  /// A handler allowing 127.0.0.1, running at most `concurrency` probes at once.
  static func handler(concurrency: Int, in directory: TemporaryDirectory) throws -> ExporterHandler
  {
    let path = try directory.write("exporter.json", #"{"modules": {"default": {"cdn": false}}}"#)
    let state = try ExporterState(
      configurationPath: path, policy: FetchPolicyRules.loopback(), caFile: nil,
      concurrency: concurrency, logger: Logger(label: "test"))
    return ExporterHandler(state: state, logger: Logger(label: "test"))
  }

  /// Probes every origin at once, each scrape allowing `timeout` seconds; the answers by origin.
  static func probeAll(
    _ handler: ExporterHandler, _ ports: [Int], timeout: String, debug: Bool = false
  ) async -> [Int: (status: Int, body: String)] {
    await withTaskGroup(of: (Int, (status: Int, body: String)).self) { group in
      for (index, port) in ports.enumerated() {
        group.addTask {
          let target = "/probe?target=127.0.0.1:\(port)" + (debug ? "&debug=true" : "")
          return (index, await ExporterHandlerTests.get(handler, target, timeout: timeout))
        }
      }
      var answers: [Int: (status: Int, body: String)] = [:]
      for await (index, answer) in group { answers[index] = answer }
      return answers
    }
  }

  static func running(_ handler: ExporterHandler) async -> String {
    await ExporterHandlerTests.get(handler, "/metrics").body
  }

  /// The exporter's own metrics once no probe holds a place (a place is given back just after
  /// its probe answers), or as they are after 30 s.
  static func idle(_ handler: ExporterHandler) async throws -> String {
    var own = await running(handler)
    var waited = Duration.zero
    while !own.contains("aasa_exporter_probes_running 0.0"), waited < .seconds(30) {
      try await Task.sleep(for: .milliseconds(50))
      waited += .milliseconds(50)
      own = await running(handler)
    }
    return own
  }

  @Test func twentyScrapesAtOnceRunFourChecksAtATimeAndAllAreAnswered() async throws {
    let directory = try TemporaryDirectory(label: "exporter-concurrency")
    // Without a cap, the twenty checks overlap at the origins: what the origins see can show a
    // cap, and a cap broken.
    let uncapped = try await SilentOrigins.start(count: 20, hold: .seconds(1))
    let free = try Self.handler(concurrency: 20, in: directory)
    _ = await Self.probeAll(free, uncapped.ports, timeout: "30")
    await uncapped.stop()
    #expect(uncapped.state.mostAtOnce > 4, "the origins saw \(uncapped.state.mostAtOnce) at once")

    let origins = try await SilentOrigins.start(count: 20, hold: .milliseconds(500))
    let handler = try Self.handler(concurrency: 4, in: directory)
    // 29.5 s each: room for five rounds of four checks that each end when the origin hangs up.
    let answers = await Self.probeAll(handler, origins.ports, timeout: "30")
    await origins.stop()
    let seen = origins.state
    #expect(seen.mostAtOnce <= 4, "the origins saw \(seen.mostAtOnce) probes at once")
    #expect(seen.mostAtOnce >= 1)
    // Each waited for a place and ran: every origin was reached, every scrape answered.
    #expect(seen.reached.count == 20)
    #expect(answers.count == 20)
    #expect(
      answers.values.allSatisfy { $0.status == 200 && $0.body.contains("aasa_probe_success 0.0") },
      "\(answers.values.filter { $0.status != 200 }.map(\.body).prefix(2))")
    let own = try await Self.idle(handler)
    #expect(own.contains("aasa_exporter_probes_running 0.0"), "\(own)")
    #expect(own.contains(#"aasa_exporter_probes_total{result="failure"} 20"#))
  }

  @Test func aScrapeWithNoPlaceBeforeItsDeadlineGivesUpWithoutAFetch() async throws {
    let directory = try TemporaryDirectory(label: "exporter-concurrency-give-up")
    let origins = try await SilentOrigins.start(count: 8, hold: nil)
    let handler = try Self.handler(concurrency: 4, in: directory)
    let ports = origins.ports
    // Four checks that stall until the origins are released.
    async let stalled = Self.probeAll(handler, Array(ports[0..<4]), timeout: "30")
    var waited = Duration.zero
    while origins.state.busy < 4, waited < .seconds(60) {
      try await Task.sleep(for: .milliseconds(50))
      waited += .milliseconds(50)
    }
    #expect(origins.state.busy == 4)
    #expect(await Self.running(handler).contains("aasa_exporter_probes_running 4.0"))

    // Four more, each with 0.5 s to live: no place comes free, and their origins are not asked.
    let late = await Self.probeAll(handler, Array(ports[4..<8]), timeout: "1", debug: true)
    #expect(late.count == 4)
    for answer in late.values {
      #expect(answer.status == 200)
      #expect(
        answer.body.contains(
          "no place among the 4 probes that may run at once came free within 0.5 s"),
        "\(answer.body)")
      #expect(answer.body.contains("aasa_probe_success 0.0"))
    }
    #expect(origins.state.reached == Set(0..<4))
    #expect(origins.state.mostAtOnce == 4)

    origins.release()
    let first = await stalled
    await origins.stop()
    #expect(first.count == 4)
    #expect(first.values.allSatisfy { $0.status == 200 })
    #expect(try await Self.idle(handler).contains("aasa_exporter_probes_running 0.0"))
  }
}
