import NIOCore
import NIOTLS

/// Sits after the TLS handler until the handshake is over: counts it for `/metrics` (or counts
/// why it failed), then sets up HTTP/2 or HTTP/1.1 as ALPN chose, in place, and leaves the
/// pipeline. NIO's own negotiation handler does the same through futures and a buffer of reads;
/// doing it synchronously on the handshake event saves both on every new connection, which is
/// the request when fetchers connect once per file.
final class HandshakeCompletion: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer

  private var finished = false
  private let setUp: (_ protocolName: String?, _ channel: Channel) throws -> Void

  /// - Parameter setUp: Adds the handlers for the negotiated protocol (`h2`, `http/1.1` or nil
  ///   when the client offered no ALPN) at the end of the pipeline.
  init(setUp: @escaping (_ protocolName: String?, _ channel: Channel) throws -> Void) {
    self.setUp = setUp
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    guard !finished, let tls = event as? TLSUserEvent,
      case .handshakeCompleted(let negotiated) = tls
    else {
      context.fireUserInboundEventTriggered(event)
      return
    }
    finished = true
    ServerMetrics.shared.recordHandshake()
    do {
      try setUp(negotiated, context.channel)
    } catch {
      context.fireErrorCaught(error)
      context.close(promise: nil)
      return
    }
    context.fireUserInboundEventTriggered(event)
    context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
  }

  func errorCaught(context: ChannelHandlerContext, error: Error) {
    if !finished {
      finished = true
      ServerMetrics.shared.recordHandshakeFailure(reason: Self.reason(error))
    }
    context.fireErrorCaught(error)
  }

  func channelInactive(context: ChannelHandlerContext) {
    if !finished {
      finished = true
      // Closed before the handshake finished: by the client, or by the header timeout.
      ServerMetrics.shared.recordHandshakeFailure(reason: "closed")
    }
    context.fireChannelInactive()
  }

  /// A short, stable label from BoringSSL's error text.
  static func reason(_ error: Error) -> String {
    let text = String(describing: error).uppercased()
    let reasons: [(String, String)] = [
      ("HTTP_REQUEST", "not_tls"), ("WRONG_VERSION_NUMBER", "not_tls"),
      ("UNSUPPORTED_PROTOCOL", "unsupported_version"), ("NO_SHARED_CIPHER", "no_shared_cipher"),
      ("NO_APPLICATION_PROTOCOL", "no_alpn_match"), ("ALERT", "client_alert"),
      ("UNCLEANSHUTDOWN", "closed"), ("EOF", "closed"),
    ]
    return reasons.first { text.contains($0.0) }?.1 ?? "other"
  }
}
