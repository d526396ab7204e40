import Testing

@testable import AASAExporter

/// At most `limit` probes at once; the next waits for a place, in order, until its patience ends.
@Suite struct ProbeGateTests {
  @Test func aThirdProbeWaitsForAPlaceOrGivesUp() async {
    let gate = ProbeGate(limit: 2)
    #expect(await gate.enter(patience: .seconds(1)))
    #expect(await gate.enter(patience: .seconds(1)))
    // No place comes free: it gives up when its patience ends.
    #expect(await gate.enter(patience: .milliseconds(50)) == false)
    #expect(await gate.busy == 2)
    // A place given back goes to the one waiting.
    async let waiting = gate.enter(patience: .seconds(600))
    try? await Task.sleep(for: .milliseconds(50))
    await gate.leave()
    #expect(await waiting)
    #expect(await gate.busy == 2)
    await gate.leave()
    await gate.leave()
    #expect(await gate.busy == 0)
  }
}
