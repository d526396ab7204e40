import NIOCore
import NIOHTTP2

/// The last handler of an HTTP/2 connection's pipeline. It keeps what one connection can make
/// the server hold bounded:
/// - a connection error (a protocol violation, a flood NIOHTTP2 detected) closes the connection.
///   NIOHTTP2 sends GOAWAY and reports the error but leaves the socket open, and everything the
///   client sent afterwards would be read and buffered;
/// - a client that does not read what it is sent stops being read from, so its requests and
///   control frames wait in the kernel instead of in the server's memory.
final class HTTP2ConnectionGuard: ChannelDuplexHandler {
  typealias InboundIn = Any
  typealias OutboundIn = Any

  private var readGate = ReadWhileWritable()

  func errorCaught(context: ChannelHandlerContext, error: Error) {
    // A stream error resets that stream only; the connection carries on.
    if error is NIOHTTP2Errors.StreamError { return }
    // The GOAWAY NIOHTTP2 wrote goes out first; then the connection is closed.
    context.flush()
    context.close(promise: nil)
  }

  func read(context: ChannelHandlerContext) {
    readGate.read(context: context)
  }

  func channelWritabilityChanged(context: ChannelHandlerContext) {
    readGate.writabilityChanged(context: context)
    context.fireChannelWritabilityChanged()
  }
}
