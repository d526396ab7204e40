import NIOCore

/// Asks a connection to close at once, whatever it is doing.
package struct CutConnectionEvent {
  package init() {}
}

/// The first handler of every connection, in front of TLS, seeing the bytes as they cross the
/// socket. It does the connection's three jobs that are not about any one protocol:
/// - enforces `ConnectionDeadlines` (idle and slow-head timeouts) with one timer;
/// - on `CutConnectionEvent` (the shutdown timeout has passed) or a head deadline, closes the
///   socket from here: a close from further back goes through TLS and the lingering close, which
///   first let a reading client take what is still queued, and the process would exit that much
///   after its `--shutdown-timeout`;
/// - under TLS, holds other closes back until the client has taken the answer
///   (`LingeringClose`).
///
/// One handler, not three: each handler in the pipeline is a hop for every read, write, flush
/// and read request of every request, and these three had nothing to say about most of them.
package final class ConnectionGuard: ChannelDuplexHandler {
  package typealias InboundIn = ByteBuffer
  package typealias InboundOut = ByteBuffer
  package typealias OutboundIn = ByteBuffer
  package typealias OutboundOut = ByteBuffer

  package let deadlines: ConnectionDeadlines
  private let lingering: LingeringClose?
  private var timer: Scheduled<Void>?
  private var context: ChannelHandlerContext?

  /// - Parameter lingers: Whether closes are held back for the client (TLS connections).
  package init(deadlines: ConnectionDeadlines, lingers: Bool) {
    self.deadlines = deadlines
    self.lingering = lingers ? LingeringClose() : nil
  }

  package func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
    if context.channel.isActive { start(context: context) }
  }

  package func handlerRemoved(context: ChannelHandlerContext) {
    timer?.cancel()
    timer = nil
    lingering?.handlerRemoved()
    self.context = nil
  }

  package func channelActive(context: ChannelHandlerContext) {
    start(context: context)
    context.fireChannelActive()
  }

  package func channelInactive(context: ChannelHandlerContext) {
    timer?.cancel()
    timer = nil
    lingering?.channelInactive(context: context)
    context.fireChannelInactive()
  }

  package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    deadlines.bytesArrived(at: .now())
    context.fireChannelRead(data)
  }

  package func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?)
  {
    deadlines.bytesSent(at: .now())
    context.write(data, promise: promise)
  }

  package func close(
    context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?
  ) {
    if let lingering {
      lingering.close(context: context, mode: mode, promise: promise)
    } else {
      context.close(mode: mode, promise: promise)
    }
  }

  package func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if event is CutConnectionEvent {
      context.close(promise: nil)
    } else {
      context.fireUserInboundEventTriggered(event)
    }
  }

  private func start(context: ChannelHandlerContext) {
    guard timer == nil else { return }
    deadlines.connected(at: .now())
    scheduleCheck(context: context)
  }

  private func scheduleCheck(context: ChannelHandlerContext) {
    timer = context.eventLoop.assumeIsolated().scheduleTask(in: deadlines.checkPeriod) {
      [self] in
      guard let context = self.context else { return }
      switch deadlines.passedDeadline(.now()) {
      case .head:
        // Not through TLS, which waits (5 s) for the client's close_notify and, before the
        // handshake, for a handshake that will not come: the header timeout would be missed by
        // that much. A client past this deadline gets no courtesy.
        context.close(promise: nil)
      case .idle:
        // From the back: TLS says close_notify, and the lingering close lets it be read.
        context.channel.close(promise: nil)
      case nil:
        scheduleCheck(context: context)
      }
    }
  }
}
