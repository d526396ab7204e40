import NIOCore
import NIOHTTP1
import NIOHTTP2

/// Answers one HTTP/2 stream: reads the request headers, writes the prepared response. Works on
/// frame payloads directly; there is nothing to gain from translating to HTTP/1 types and back.
final class HTTP2StreamHandler: ChannelInboundHandler {
  typealias InboundIn = HTTP2Frame.FramePayload
  typealias OutboundOut = HTTP2Frame.FramePayload

  private let store: SiteStore
  private let accessLog: AccessLog?
  private let remote: String
  private var answered = false

  init(store: SiteStore, accessLog: AccessLog?, remote: String) {
    self.store = store
    self.accessLog = accessLog
    self.remote = remote
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard case .headers(let frame) = unwrapInboundIn(data), !answered else { return }
    answered = true
    let started = NIODeadline.now()
    let headers = frame.headers
    let methodName = headers.first(name: ":method") ?? ""
    let target = headers.first(name: ":path") ?? ""
    let request = RequestSummary(
      method: HTTPMethod(rawValue: methodName), target: target,
      ifNoneMatch: headers[canonicalForm: "if-none-match"],
      ifModifiedSince: headers.first(name: "if-modified-since"),
      acceptEncoding: headers[canonicalForm: "accept-encoding"])
    let answer = Responder.answer(request, site: store.current)
    let response = answer.response

    var fields: [(String, String)] = [(":status", String(response.status.code))]
    fields.reserveCapacity(response.fields.count + 2)
    for field in response.fields { fields.append((field.name, field.value)) }
    fields.append(("date", HTTPDate.now()))
    let sendBody = answer.includeBody && response.body.readableBytes > 0
    context.write(
      wrapOutboundOut(.headers(.init(headers: .init(fields), endStream: !sendBody))), promise: nil)
    if sendBody {
      context.write(
        wrapOutboundOut(.data(.init(data: .byteBuffer(response.body), endStream: true))),
        promise: nil)
    }
    context.flush()
    accessLog?.record(
      method: methodName, target: target, status: response.status.code,
      bytes: answer.bodyBytes, started: started, userAgent: headers.first(name: "user-agent"),
      remote: remote, protocolName: "HTTP/2")
  }
}
