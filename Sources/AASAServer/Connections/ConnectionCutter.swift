import NIOCore

/// Asks a connection to close at once, whatever it is doing.
struct CutConnectionEvent {}

/// The first handler of every connection. When the shutdown timeout has passed, it closes the
/// socket from the front of the pipeline: a close from further back goes through TLS and
/// `LingeringClose`, which first let a reading client take what is still queued, and the
/// process would exit that much after its `--shutdown-timeout`.
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
