import NIOCore

/// Closes connections that hold a slot without doing their part:
/// - idle: no bytes either way for `idleTimeout`; on HTTP/2 also no open stream for
///   `idleTimeout`, whatever else (PINGs, SETTINGS) the client sends;
/// - slow head: a request head (or, on a new connection, the TLS handshake and the first head)
///   not complete within `headerTimeout` of its first byte. This is what stops a client that
///   trickles one header byte at a time, which an idle timeout alone never catches. On HTTP/2 the
///   same rule covers a frame or a header block (HEADERS, CONTINUATION…) left unfinished.
///
/// Sits right after TLS (or first, for plain HTTP), so it sees the bytes of every request.
final class ConnectionDeadlines: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer
  typealias OutboundIn = ByteBuffer
  typealias OutboundOut = ByteBuffer

  private enum Phase {
    /// Between requests: the head timer starts with the next byte.
    case awaitingRequest
    /// Bytes of a request head have arrived; the head timer runs.
    case receivingHead
    /// HTTP/2: the frame scanner says whether a head is under way.
    case multiplexed
  }

  private let idleTimeout: TimeAmount
  private let headerTimeout: TimeAmount
  private var phase = Phase.receivingHead
  private var lastActivity = NIODeadline.now()
  private var headStarted = NIODeadline.now()
  private var timer: Scheduled<Void>?
  private var context: ChannelHandlerContext?
  private var frames = HTTP2FrameScanner()
  private var openStreams = 0
  /// HTTP/2: when the last stream closed (or the protocol was chosen); the connection is idle
  /// from then until a stream opens.
  private var streamsIdleSince = NIODeadline.now()

  init(idleTimeout: TimeAmount, headerTimeout: TimeAmount) {
    self.idleTimeout = idleTimeout
    self.headerTimeout = headerTimeout
  }

  /// Whether no request is partly received: a quiescing server may close such a connection at
  /// once without cutting a request short.
  var isBetweenRequests: Bool { phase == .awaitingRequest }

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
    if context.channel.isActive { start(context: context) }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    timer?.cancel()
    timer = nil
    self.context = nil
  }

  func channelActive(context: ChannelHandlerContext) {
    start(context: context)
    context.fireChannelActive()
  }

  func channelInactive(context: ChannelHandlerContext) {
    timer?.cancel()
    timer = nil
    context.fireChannelInactive()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    lastActivity = .now()
    switch phase {
    case .awaitingRequest:
      phase = .receivingHead
      headStarted = lastActivity
    case .receivingHead:
      break
    case .multiplexed:
      let wasMidRequest = frames.isMidRequest
      frames.scan(unwrapInboundIn(data))
      if !wasMidRequest && frames.isMidRequest { headStarted = lastActivity }
    }
    context.fireChannelRead(data)
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    lastActivity = .now()
    context.write(data, promise: promise)
  }

  /// The HTTP/1 handler has a complete request head.
  func requestHeadReceived() {
    phase = .awaitingRequest
  }

  /// ALPN chose HTTP/2: from here on heads are HTTP/2 header blocks, followed by the scanner.
  func switchToMultiplexed() {
    phase = .multiplexed
    streamsIdleSince = .now()
  }

  func streamOpened() {
    openStreams += 1
  }

  func streamClosed() {
    openStreams -= 1
    if openStreams == 0 { streamsIdleSince = .now() }
  }

  private func start(context: ChannelHandlerContext) {
    guard timer == nil else { return }
    lastActivity = .now()
    // The first head's clock starts at connect: it covers the TLS handshake too.
    headStarted = lastActivity
    scheduleCheck(context: context)
  }

  /// One timer per connection, ticking at half the shorter timeout, checks both deadlines. A
  /// timer per request would cost a heap insertion and removal on every keep-alive request; this
  /// way a deadline is enforced at most half a period late.
  private func scheduleCheck(context: ChannelHandlerContext) {
    let period = TimeAmount.nanoseconds(
      max(min(idleTimeout.nanoseconds, headerTimeout.nanoseconds) / 2, 10_000_000))
    timer = context.eventLoop.assumeIsolated().scheduleTask(in: period) { [self] in
      guard let context = self.context else { return }
      switch passedDeadline(.now()) {
      case .head:
        // A close from here goes through TLS, which waits (5 s) for the client's close_notify
        // and, before the handshake, for a handshake that will not come: the header timeout
        // would be missed by that much. A client past this deadline gets no courtesy.
        context.pipeline.fireUserInboundEventTriggered(CutConnectionEvent())
      case .idle:
        context.close(promise: nil)
      case nil:
        scheduleCheck(context: context)
      }
    }
  }

  private enum Deadline {
    case head
    case idle
  }

  private func passedDeadline(_ now: NIODeadline) -> Deadline? {
    let headUnderWay =
      switch phase {
      case .awaitingRequest: false
      case .receivingHead: true
      case .multiplexed: frames.isMidRequest
      }
    if headUnderWay && now >= headStarted + headerTimeout { return .head }
    if now >= lastActivity + idleTimeout { return .idle }
    // PINGs and SETTINGS are bytes too; only an open stream keeps an HTTP/2 connection busy.
    if phase == .multiplexed && openStreams == 0 && now >= streamsIdleSince + idleTimeout {
      return .idle
    }
    return nil
  }
}
