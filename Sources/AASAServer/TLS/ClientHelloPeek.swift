import NIOCore

/// In front of TLS under `--acme`: holds a connection's first bytes until its ClientHello is
/// read (``ClientHelloReader``: server name and ALPN), hands the hello to `decide`, which puts the
/// TLS handler for it in place, then leaves the pipeline; the TLS handler gets every byte held.
/// NIO's `SNIHandler` does the same for the name alone; this one also sees ALPN, which a
/// TLS-ALPN-01 validation is told apart by (RFC 8737 §3).
///
/// Bounded: a first record is at most ``ClientHelloReader/maximumBytes``, and a client that
/// sends more than ``heldLimit`` while `decide` works is closed.
final class ClientHelloPeek: ByteToMessageDecoder {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer

  var cumulationBuffer: ByteBuffer?
  private let decide: (ClientHelloReader.Result) -> EventLoopFuture<Void>
  private var waiting = false

  /// Bytes held at most while waiting for `decide`: a ClientHello and a little more.
  static let heldLimit = 64 * 1024

  /// - Parameter decide: Called once, on the event loop, with `.hello` or `.unreadable`; adds
  ///   the TLS handler. Its future's success removes the peek.
  init(decide: @escaping (ClientHelloReader.Result) -> EventLoopFuture<Void>) {
    self.decide = decide
  }

  func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
    if waiting {
      if buffer.readableBytes > Self.heldLimit { context.close(promise: nil) }
      return .needMoreData
    }
    let result = ClientHelloReader.read(buffer.readableBytesView)
    if result == .incomplete { return .needMoreData }
    waiting = true
    let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
    decide(result).hop(to: context.eventLoop).whenComplete { outcome in
      let context = bound.value
      switch outcome {
      case .success:
        // Removing a decoder hands its held bytes to the next handler: the TLS handler.
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
      case .failure:
        context.close(promise: nil)
      }
    }
    return .needMoreData
  }

  func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws
    -> DecodingState
  {
    context.fireChannelRead(NIOAny(buffer))
    buffer.moveReaderIndex(to: buffer.writerIndex)
    return .needMoreData
  }
}
