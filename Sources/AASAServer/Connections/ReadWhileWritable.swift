import NIOCore

/// Back-pressure for a connection: more input is read only while the connection can take more
/// output. A client that sends requests (or frames) but does not read the answers stops being
/// read from, so what it sends waits in the kernel, not in the server's memory.
struct ReadWhileWritable {
  private var pendingRead = false

  /// For `read(context:)`: reads now, or once the connection is writable again.
  mutating func read(context: ChannelHandlerContext) {
    if context.channel.isWritable {
      context.read()
    } else {
      pendingRead = true
    }
  }

  /// For `channelWritabilityChanged(context:)`: the read put off, if any, happens now.
  mutating func writabilityChanged(context: ChannelHandlerContext) {
    if context.channel.isWritable && pendingRead {
      pendingRead = false
      context.read()
    }
  }
}
