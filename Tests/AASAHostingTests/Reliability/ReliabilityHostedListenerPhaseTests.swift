import NIOCore
import TestSupport
import Testing

@testable import AASAHosting

/// The hosted listener's answering phase under a clock (security review 2, F5), in the tier that
/// runs after the rest of the suite: the test's client must send a body within the header
/// timeout of its head, which a full run on two cores, whose tasks waited many seconds for a
/// thread, did not always let it do.
@Suite struct ReliabilityHostedListenerPhaseTests {
  /// F5: the body in a later read than its head, then an answer slower than the header
  /// timeout. The head timer used to start again with the body's bytes and cut the connection
  /// while the answer was being computed (at 0.2 + 10 s here, at most a second late, the answer
  /// due at 13 s). The body's own timer is the header timeout: 10 s leaves a loaded machine
  /// room to deliver a body sent 0.2 s after its head (2 s did not, in a full run of the suite on
  /// two cores, where the test's own tasks waited seconds for a thread).
  @Test func anAnswerSlowerThanTheHeaderTimeoutStillComes() async throws {
    let (listener, port) = try await HostedListenerPhaseTests.listen(
      HostedListenerPhaseTests.SlowHandler(delay: .seconds(13)), headerTimeout: .seconds(10))
    let connection = try await RawConnection.open(port: port)
    await connection.send(HostedListenerPhaseTests.head(length: 5))
    try await Task.sleep(for: .milliseconds(200))
    await connection.send("hello")
    let answer = await connection.answer(timeout: 90)
    #expect(answer.status == 200, "\(answer.text)")
    #expect(answer.text.hasSuffix("got 5"))
    connection.close()
    await listener.close()
  }
}
