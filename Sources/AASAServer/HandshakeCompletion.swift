import NIOCore
import NIOTLS

/// Counts TLS handshakes, and failed ones by reason, for `/metrics`. Sits right after the TLS
/// handler; it only watches.
final class TLSHandshakeMetrics: ChannelInboundHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer

  private var finished = false

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    // A cast, not `String(describing:)`: describing an enum goes through reflection, which cost
    // a measurable part of each new connection.
    if !finished, let tls = event as? TLSUserEvent, case .handshakeCompleted = tls {
      finished = true
      ServerMetrics.shared.recordHandshake()
    }
    context.fireUserInboundEventTriggered(event)
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
