import NIOCore

/// Sits between `ConnectionCutter` and TLS and holds a close back until what the connection
/// already wrote has reached the socket, for as long as the client keeps reading.
///
/// TLS closes a connection by sending close_notify after the queued answer, then waiting for
/// the client's close_notify up to its shutdown timeout; when that runs out it closes the
/// socket, and whatever a slow reader had not taken yet is lost. That wait is kept short
/// (`TLSSetup.closeNotifyWait`), because NIOSSL's timer keeps every closed connection in memory
/// for its whole length even after the client has gone. So the wait for the answer to drain is
/// here instead: it ends as soon as the socket has nothing left, when the client leaves, or when
/// it has taken nothing for `stallLimit`. `ConnectionCutter` closes from in front of this
/// handler, so a cut at the end of `--shutdown-timeout` is never held back.
final class CloseAfterDrain: ChannelOutboundHandler {
  typealias OutboundIn = Any

  private let stallLimit: TimeAmount
  private var poll: Scheduled<Void>?
  /// Closes held back, completed together once the close goes through.
  private var heldPromises: [EventLoopPromise<Void>] = []
  private var isHolding = false
  /// What was left to write at the last look, and when it last went down.
  private var lastBuffered = 0
  private var lastProgress = NIODeadline.now()

  /// What TLS waited before it was shortened: a client that takes nothing for this long is
  /// given up on.
  static let defaultStallLimit = TimeAmount.seconds(5)

  /// How often a held close looks again at what is left to write.
  static let pollInterval = TimeAmount.milliseconds(20)

  init(stallLimit: TimeAmount) {
    self.stallLimit = stallLimit
  }

  func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
    let buffered = bufferedBytes(context)
    guard mode == .all, buffered > 0 else {
      context.close(mode: mode, promise: promise)
      return
    }
    if let promise { heldPromises.append(promise) }
    guard !isHolding else { return }
    isHolding = true
    lastBuffered = buffered
    lastProgress = .now()
    schedulePoll(context: context)
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    poll?.cancel()
    poll = nil
    let promises = heldPromises
    heldPromises = []
    for promise in promises { promise.fail(ChannelError.ioOnClosedChannel) }
  }

  private func bufferedBytes(_ context: ChannelHandlerContext) -> Int {
    (try? context.channel.syncOptions?.getOption(.bufferedWritableBytes)) ?? 0
  }

  private func schedulePoll(context: ChannelHandlerContext) {
    poll = context.eventLoop.assumeIsolated().scheduleTask(in: Self.pollInterval) { [self] in
      let buffered = bufferedBytes(context)
      let now = NIODeadline.now()
      if buffered < lastBuffered {
        lastBuffered = buffered
        lastProgress = now
      }
      if context.channel.isActive && buffered > 0 && now - lastProgress < stallLimit {
        schedulePoll(context: context)
        return
      }
      // Drained, left or stalled: the close goes through, and the timer is gone with it.
      poll = nil
      isHolding = false
      let promises = heldPromises
      heldPromises = []
      let closed = context.eventLoop.makePromise(of: Void.self)
      closed.futureResult.assumeIsolated().whenComplete { result in
        for promise in promises { promise.completeWith(result) }
      }
      context.close(mode: .all, promise: closed)
    }
  }
}
