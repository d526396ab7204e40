import NIOCore

/// Asks a connection to close at once, whatever it is doing.
struct CutConnectionEvent {}

/// The first handler of every connection. When the shutdown timeout has passed, it closes the
/// socket from the front of the pipeline: a close from further back goes through TLS, which
/// first sends what is still queued and then waits up to five seconds for the client's
/// close_notify, and the process would exit that much after its `--shutdown-timeout`.
final class ConnectionCutter: ChannelInboundHandler {
  typealias InboundIn = Any

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if event is CutConnectionEvent {
      context.close(promise: nil)
    } else {
      context.fireUserInboundEventTriggered(event)
    }
  }
}
