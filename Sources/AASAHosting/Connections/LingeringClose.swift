import NIOCore

/// Holds a server-side close of a TLS connection back until the client has taken the answer and
/// closed its end, for as long as it keeps reading. `ConnectionGuard` uses it in front of TLS.
///
/// TLS closes a connection by sending close_notify after the queued answer, then waiting for
/// the client's close_notify up to its shutdown timeout; when that runs out it closes the
/// socket. That wait is kept short (`TLSSetup.closeNotifyWait`), because NIOSSL's timer keeps
/// every closed connection in memory for its whole length even after the client has gone. But
/// closing the socket early loses data: what is still queued here, and what is in the kernel's
/// send buffer too, since a close with unread input (an HTTP/2 client's WINDOW_UPDATEs) makes
/// the kernel reset the connection. So the wait is here instead, as nginx's lingering close
/// does: it ends when the client closes (at once, so nothing is kept), or when the client has
/// taken nothing for `stallLimit`. A cut at the end of `--shutdown-timeout` is never held back
/// (`ConnectionGuard` closes in front of it).
final class LingeringClose {
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

  /// How often a held close looks again at what is left to write. The client's own close ends
  /// the wait at once (`channelInactive`), so this only paces the stall check.
  static let pollInterval = TimeAmount.milliseconds(250)

  init(stallLimit: TimeAmount = defaultStallLimit) {
    self.stallLimit = stallLimit
  }

  /// For the guard's `close(context:mode:promise:)`: a full close of an open connection is held.
  func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
    guard mode == .all, context.channel.isActive else {
      context.close(mode: mode, promise: promise)
      return
    }
    if let promise { heldPromises.append(promise) }
    guard !isHolding else { return }
    isHolding = true
    lastBuffered = bufferedBytes(context)
    lastProgress = .now()
    schedulePoll(context: context)
  }

  /// The client closed: a held close goes through at once.
  func channelInactive(context: ChannelHandlerContext) {
    if isHolding { release(context: context) }
  }

  func handlerRemoved() {
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
      if context.channel.isActive && now - lastProgress < stallLimit {
        schedulePoll(context: context)
        return
      }
      release(context: context)
    }
  }

  /// The client closed or stalled: the held close goes through, and the timer is gone with it.
  private func release(context: ChannelHandlerContext) {
    poll?.cancel()
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
