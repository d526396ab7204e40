import NIOCore

/// When a connection that holds a slot without doing its part is due to be closed:
/// - idle: no bytes either way for `idleTimeout`; on HTTP/2 also no open stream for
///   `idleTimeout`, whatever else (PINGs, SETTINGS) the client sends;
/// - slow head: a request head (or, on a new connection, the TLS handshake and the first head)
///   not complete within `headerTimeout` of its first byte. This is what stops a client that
///   trickles one header byte at a time, which an idle timeout alone never catches. On HTTP/2 the
///   same rule covers a frame or a header block (HEADERS, CONTINUATION…) left unfinished;
/// - slow body (hosted listeners, which read bodies): a request body not complete within
///   `bodyTimeout` of its head. Once a request is complete and being answered, no timer runs
///   until the answer is written: the handler's own deadline bounds the answer, and bytes the
///   client sends meanwhile (the body's last segment, a pipelined request) start no head clock.
///
/// The bookkeeping only: `ConnectionGuard`, first in the pipeline, reports the bytes and runs the
/// timer; the protocol handlers report where requests begin and end. Bytes are counted as they
/// cross the socket, before TLS, so a TLS record that starts a request head starts its clock.
/// Confined to its connection's event loop.
package final class ConnectionDeadlines {
  private enum Phase {
    /// Between requests: the head timer starts with the next byte.
    case awaitingRequest
    /// Bytes of a request head have arrived; the head timer runs.
    case receivingHead
    /// A hosted listener's request head is in; its body is being read, the body timer runs.
    case receivingBody
    /// A hosted listener's request is complete and being answered: neither timer runs.
    case answering
    /// HTTP/2: the frame scanner says whether a head is under way.
    case multiplexed
  }

  package enum Deadline {
    /// A head (or a hosted listener's body) not complete in time.
    case head
    case idle
  }

  package let idleTimeout: TimeAmount
  package let headerTimeout: TimeAmount
  package let bodyTimeout: TimeAmount
  private var phase = Phase.receivingHead
  /// When bytes last crossed the socket either way.
  package private(set) var lastActivity = NIODeadline.now()
  private var headStarted = NIODeadline.now()
  private var bodyStarted = NIODeadline.now()
  /// HTTP/2: whether the frame scanner of the connection (`HTTP2FrameScanner`, beside the
  /// HTTP/2 engine) last said a frame or a header block is part-way through.
  private var frameMidRequest = false
  private var openStreams = 0
  /// HTTP/2: when the last stream closed (or the protocol was chosen); the connection is idle
  /// from then until a stream opens.
  private var streamsIdleSince = NIODeadline.now()

  /// - Parameter bodyTimeout: How long a hosted listener's request body may take after its
  ///   head; the header timeout when not given.
  package init(idleTimeout: TimeAmount, headerTimeout: TimeAmount, bodyTimeout: TimeAmount? = nil) {
    self.idleTimeout = idleTimeout
    self.headerTimeout = headerTimeout
    self.bodyTimeout = bodyTimeout ?? headerTimeout
  }

  /// Whether no request is partly received: a quiescing server may close such a connection at
  /// once without cutting a request short.
  package var isBetweenRequests: Bool { phase == .awaitingRequest }

  /// How often the deadlines are looked at: half the shorter timeout, so a deadline is enforced
  /// at most half a period late. One timer per connection; a timer per request would cost a heap
  /// insertion and removal on every keep-alive request.
  package var checkPeriod: TimeAmount {
    .nanoseconds(max(min(idleTimeout.nanoseconds, headerTimeout.nanoseconds) / 2, 10_000_000))
  }

  /// The connection is open: the first head's clock starts at connect, so it covers the TLS
  /// handshake too.
  package func connected(at now: NIODeadline) {
    lastActivity = now
    headStarted = now
  }

  /// Bytes arrived from the client.
  package func bytesArrived(at now: NIODeadline) {
    lastActivity = now
    if phase == .awaitingRequest {
      phase = .receivingHead
      headStarted = now
    }
  }

  /// Bytes were handed to the socket for the client.
  package func bytesSent(at now: NIODeadline) {
    lastActivity = now
  }

  /// The HTTP/1 handler has a complete request head.
  package func requestHeadReceived() {
    phase = .awaitingRequest
  }

  /// A hosted listener has a complete request head and reads its body: the body timer starts.
  package func requestBodyStarted() {
    phase = .receivingBody
    bodyStarted = lastActivity
  }

  /// A hosted listener's request is complete (or refused) and is being answered: no timer runs
  /// until ``answerWritten()``.
  package func requestAnswering() {
    phase = .answering
  }

  /// A hosted listener wrote its answer: the connection waits for the next request, the idle
  /// timer counting from now.
  package func answerWritten(at now: NIODeadline) {
    phase = .awaitingRequest
    lastActivity = now
  }

  /// ALPN chose HTTP/2: from here on heads are HTTP/2 header blocks, followed by the scanner.
  package func switchToMultiplexed() {
    phase = .multiplexed
    streamsIdleSince = .now()
  }

  /// HTTP/2: what the frame scanner says after the latest decrypted bytes, whether they stop
  /// part-way through a frame or a header block. They arrived with the last `bytesArrived`,
  /// whose time starts a head's clock.
  package func framesScanned(midRequest: Bool) {
    if !frameMidRequest && midRequest { headStarted = lastActivity }
    frameMidRequest = midRequest
  }

  package func streamOpened() {
    openStreams += 1
  }

  package func streamClosed() {
    openStreams -= 1
    if openStreams == 0 { streamsIdleSince = .now() }
  }

  /// The deadline passed by `now`, if any; a head deadline first, since it is the stricter.
  package func passedDeadline(_ now: NIODeadline) -> Deadline? {
    let headUnderWay =
      switch phase {
      case .awaitingRequest, .receivingBody, .answering: false
      case .receivingHead: true
      case .multiplexed: frameMidRequest
      }
    if headUnderWay && now >= headStarted + headerTimeout { return .head }
    if phase == .receivingBody && now >= bodyStarted + bodyTimeout { return .head }
    // The answer is the handler's to bound; a client waiting for it is not idle.
    if phase == .answering { return nil }
    if now >= lastActivity + idleTimeout { return .idle }
    // PINGs and SETTINGS are bytes too; only an open stream keeps an HTTP/2 connection busy.
    if phase == .multiplexed && openStreams == 0 && now >= streamsIdleSince + idleTimeout {
      return .idle
    }
    return nil
  }
}
