import NIOCore
import TestSupport
import Testing

@testable import AASAHosting

/// A hosted listener's request phases (security review 2, F3 and F5): a request judged on its
/// head is refused before its body is read; bodies held at once are bounded across connections;
/// a complete request being answered is outside the head timer, and a body has a timer of its
/// own. Against a handler of the test's own on 127.0.0.1.
@Suite struct HostedListenerPhaseTests {
  /// Answers after `delay` with how many body bytes it got; refuses a head that carries
  /// `x-refuse`.
  struct SlowHandler: HostedHandler {
    var delay: Duration = .zero
    var bodyBudget: Int = Int.max
    var maximumBodySize: Int { 1 << 20 }

    func respond(to request: HostedRequest) async -> HostedResponse {
      try? await Task.sleep(for: delay)
      return HostedResponse(status: 200, body: Array("got \(request.body.count)".utf8))
    }
    func tooLarge() -> HostedResponse { HostedResponse(status: 413) }
    func overloaded() -> HostedResponse { HostedResponse(status: 503) }
    func refusal(beforeBody request: HostedRequest) -> HostedResponse? {
      request.header("x-refuse") == nil ? nil : HostedResponse(status: 401)
    }
  }

  static func listen(_ handler: SlowHandler, headerTimeout: TimeAmount = .seconds(120))
    async throws -> (HostedListener, Int)
  {
    let limits = HostingLimits(idleTimeout: .seconds(120), headerTimeout: headerTimeout)
    let listener = try await HostedListener.bind(
      host: "127.0.0.1", port: 0, flag: "--test", limits: limits, handler: handler)
    return (listener, try #require(listener.localAddress?.port))
  }

  static func head(length: Int, extra: String = "") -> String {
    "POST /x HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(length)\r\n\(extra)Connection: close\r\n\r\n"
  }

  /// The body's own timer: a body that stops short is cut, unanswered, about one header
  /// timeout after its head (the bound here is only against a connection held for ever).
  @Test func aBodyThatNeverEndsIsCut() async throws {
    let (listener, port) = try await Self.listen(
      SlowHandler(), headerTimeout: .milliseconds(500))
    let connection = try await RawConnection.open(port: port)
    await connection.send(Self.head(length: 10) + "abc")
    // Told by its cause: the listener closes the connection, unanswered, while the test listens
    // for 60 s of silence; nothing else of the listener's would close it so soon.
    let answer = await connection.serverCloses(within: 60)
    #expect(answer.closed, "the listener held a body that never ends")
    #expect(answer.text.isEmpty)
    connection.close()
    await listener.close()
  }

  /// F3: a head the handler refuses is answered at once, though its body never comes: nothing
  /// waits for (or holds) a body that would be refused anyway.
  @Test func aRefusedHeadIsAnsweredBeforeItsBody() async throws {
    let (listener, port) = try await Self.listen(SlowHandler())
    let connection = try await RawConnection.open(port: port)
    await connection.send(Self.head(length: 1_000_000, extra: "X-Refuse: 1\r\n"))
    let answer = await connection.answer(timeout: 20)
    #expect(answer.status == 401, "\(answer.text)")
    connection.close()
    await listener.close()
  }

  /// F3: bodies held at once are bounded across connections. A declared length takes its share
  /// at the head; chunks take theirs as they come; a closed connection gives its share back.
  @Test func bodiesHeldAtOnceAreBounded() async throws {
    let (listener, port) = try await Self.listen(SlowHandler(bodyBudget: 1000))
    let holder = try await RawConnection.open(port: port)
    await holder.send(Self.head(length: 800) + "0123456789")
    // The holder's head is read before the next is judged.
    try await Task.sleep(for: .milliseconds(300))
    let over = try await RawConnection.open(port: port)
    await over.send(Self.head(length: 500))
    #expect(await over.answer(timeout: 20).status == 503)
    over.close()
    let chunked = try await RawConnection.open(port: port)
    let chunk = String(repeating: "a", count: 300)
    await chunked.send(
      "POST /x HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
        + "12c\r\n\(chunk)\r\n")
    #expect(await chunked.answer(timeout: 20).status == 503)
    chunked.close()
    holder.close()
    // Given back once the server sees the close.
    let deadline = ContinuousClock.now + .seconds(20)
    var status = 0
    while ContinuousClock.now < deadline {
      let next = try await RawConnection.open(port: port)
      await next.send(Self.head(length: 500) + String(repeating: "b", count: 500))
      status = await next.answer(timeout: 20).status
      next.close()
      if status == 200 { break }
      try await Task.sleep(for: .milliseconds(100))
    }
    #expect(status == 200)
    await listener.close()
  }
}
