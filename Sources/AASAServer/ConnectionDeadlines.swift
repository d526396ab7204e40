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
  private var headTimer: Scheduled<Void>?
  private var idleTimer: Scheduled<Void>?
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
    cancelTimers()
    self.context = nil
  }

  func channelActive(context: ChannelHandlerContext) {
    start(context: context)
    context.fireChannelActive()
  }

  func channelInactive(context: ChannelHandlerContext) {
    cancelTimers()
    context.fireChannelInactive()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    lastActivity = .now()
    if phase == .awaitingRequest {
      phase = .receivingHead
      startHeadTimer(context: context)
    }
    context.fireChannelRead(data)
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    lastActivity = .now()
    context.write(data, promise: promise)
  }

  /// The HTTP/1 handler has a complete request head.
  func requestHeadReceived() {
    headTimer?.cancel()
    headTimer = nil
    phase = .awaitingRequest
  }

  /// ALPN chose HTTP/2: the handshake is done and the head rule no longer applies.
  func switchToMultiplexed() {
    headTimer?.cancel()
    headTimer = nil
    phase = .multiplexed
  }

  private func start(context: ChannelHandlerContext) {
    guard idleTimer == nil else { return }
    lastActivity = .now()
    // The first head's clock starts at connect: it covers the TLS handshake too.
    startHeadTimer(context: context)
    scheduleIdleCheck(context: context, at: lastActivity + idleTimeout)
  }

  private func startHeadTimer(context: ChannelHandlerContext) {
    headTimer?.cancel()
    headTimer = context.eventLoop.assumeIsolated().scheduleTask(in: headerTimeout) {
      [self] in
      guard phase == .receivingHead else { return }
      self.context?.close(promise: nil)
    }
  }

  private func scheduleIdleCheck(context: ChannelHandlerContext, at deadline: NIODeadline) {
    idleTimer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [self] in
      let due = lastActivity + idleTimeout
      if due <= .now() {
        self.context?.close(promise: nil)
      } else if let context = self.context {
        scheduleIdleCheck(context: context, at: due)
      }
    }
  }

  private func cancelTimers() {
    headTimer?.cancel()
    headTimer = nil
    idleTimer?.cancel()
    idleTimer = nil
  }
}
