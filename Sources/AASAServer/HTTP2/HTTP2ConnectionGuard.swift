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
  /// Set once a connection error has been answered with GOAWAY. From then on nothing more is
  /// read: the close is held back while the client takes what is queued (`LingeringClose`), and
  /// a flooding client would otherwise keep sending into NIOHTTP2's input buffer, which no
  /// longer parses after a connection error (gigabytes in a few seconds).
  private var isClosing = false

  func errorCaught(context: ChannelHandlerContext, error: Error) {
    // A stream error resets that stream only; the connection carries on.
    if error is NIOHTTP2Errors.StreamError { return }
    isClosing = true
    // The GOAWAY NIOHTTP2 wrote goes out first; then the connection is closed.
    context.flush()
    context.close(promise: nil)
  }

  func read(context: ChannelHandlerContext) {
    guard !isClosing else { return }
    readGate.read(context: context)
  }

  func channelWritabilityChanged(context: ChannelHandlerContext) {
    readGate.writabilityChanged(context: context)
    context.fireChannelWritabilityChanged()
  }
}
