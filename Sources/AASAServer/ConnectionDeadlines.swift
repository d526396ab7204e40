import NIOCore

/// Closes connections that hold a slot without doing their part:
/// - idle: no bytes either way for `idleTimeout`;
/// - slow head: a request head (or, on a new connection, the TLS handshake and the first head)
///   not complete within `headerTimeout` of its first byte. This is what stops a client that
///   trickles one header byte at a time, which an idle timeout alone never catches.
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
    /// HTTP/2: streams have their own life; only the idle timer applies.
    case multiplexed
  }

  private let idleTimeout: TimeAmount
  private let headerTimeout: TimeAmount
  private var phase = Phase.receivingHead
  private var lastActivity = NIODeadline.now()
  private var headStarted = NIODeadline.now()
  private var timer: Scheduled<Void>?
  private var context: ChannelHandlerContext?

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
    if phase == .awaitingRequest {
      phase = .receivingHead
      headStarted = lastActivity
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

  /// ALPN chose HTTP/2: the handshake is done and the head rule no longer applies.
  func switchToMultiplexed() {
    phase = .multiplexed
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
      let now = NIODeadline.now()
      let headTooSlow = phase == .receivingHead && now >= headStarted + headerTimeout
      let idle = now >= lastActivity + idleTimeout
      if headTooSlow || idle {
        context.close(promise: nil)
      } else {
        scheduleCheck(context: context)
      }
    }
  }
}
