import NIOCore
import NIOHTTP1
import NIOHTTP2

/// Answers one HTTP/2 stream: reads the request headers, writes the prepared response. Works on
/// frame payloads directly; there is nothing to gain from translating to HTTP/1 types and back.
final class HTTP2StreamHandler: ChannelInboundHandler {
  typealias InboundIn = HTTP2Frame.FramePayload
  typealias OutboundOut = HTTP2Frame.FramePayload

  private let router: SiteRouter
  private let accessLog: AccessLog?
  private let remote: String
  private let maxHeaderSize: Int
  private let responseTimeout: TimeAmount
  private var answered = false
  /// The part of the body not yet handed to the stream, and the promise its last chunk completes.
  /// The body goes out a chunk at a time while the stream is writable, so that a client that
  /// opens its flow-control windows wide and then stops reading holds a few chunks per stream in
  /// the server, not every file it asked for (encrypted, at that).
  private var bodyLeft: ByteBuffer?
  private var bodyWritten: EventLoopPromise<Void>?
  static let chunkSize = 16_384

  /// - Parameters:
  ///   - maxHeaderSize: A larger header list (counted as RFC 9113 does, 32 bytes per field on top
  ///     of name and value) is answered with 431 on its stream.
  ///   - responseTimeout: How long the response may take to be handed to the connection. A
  ///     client that never opens its flow-control window would otherwise hold the stream, and
  ///     with it the connection, for ever.
  init(
    router: SiteRouter, accessLog: AccessLog?, remote: String, maxHeaderSize: Int,
    responseTimeout: TimeAmount
  ) {
    self.router = router
    self.accessLog = accessLog
    self.remote = remote
    self.maxHeaderSize = maxHeaderSize
    self.responseTimeout = responseTimeout
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard case .headers(let frame) = unwrapInboundIn(data), !answered else { return }
    answered = true
    let started = NIODeadline.now()
    let headers = frame.headers
    let methodName = headers.first(name: ":method") ?? ""
    let target = headers.first(name: ":path") ?? ""
    let answer: Answer
    // The header list size as SETTINGS_MAX_HEADER_LIST_SIZE counts it.
    let listSize = headers.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 32 }
    if listSize > maxHeaderSize {
      answer = Answer(response: .headersTooLarge, includeBody: true)
    } else {
      let request = RequestSummary(
        method: HTTPMethod(rawValue: methodName), target: target,
        ifNoneMatch: headers[canonicalForm: "if-none-match"],
        ifModifiedSince: headers.first(name: "if-modified-since"),
        acceptEncoding: headers[canonicalForm: "accept-encoding"])
      // RFC 9113 section 8.3.1: `:authority`, or `Host` from a client translating HTTP/1.1.
      let authority = headers.first(name: ":authority") ?? headers.first(name: "host")
      if let site = router.site(forAuthority: authority) {
        answer = Responder.answer(request, site: site)
      } else {
        answer = Answer(response: .misdirected, includeBody: true)
      }
    }
    let response = answer.response

    var head = response.http2Headers
    head.headers.add(name: "date", value: HTTPDate.now())
    let sendBody = answer.includeBody && response.body.readableBytes > 0
    head.endStream = !sendBody
    let written = context.eventLoop.makePromise(of: Void.self)
    context.write(wrapOutboundOut(.headers(head)), promise: sendBody ? nil : written)
    if sendBody {
      bodyLeft = response.body
      bodyWritten = written
      writeBody(context: context)
    } else {
      context.flush()
    }
    closeStream(once: written.futureResult, context: context)
    ServerMetrics.shared.recordRequest(
      status: response.status.code, protocolName: "HTTP/2", bodyBytes: answer.bodyBytes,
      started: started)
    accessLog?.record(
      method: methodName, target: target, status: response.status.code,
      bytes: answer.bodyBytes, started: started, userAgent: headers.first(name: "user-agent"),
      remote: remote, protocolName: "HTTP/2")
  }

  func channelWritabilityChanged(context: ChannelHandlerContext) {
    if context.channel.isWritable { writeBody(context: context) }
    context.fireChannelWritabilityChanged()
  }

  func channelInactive(context: ChannelHandlerContext) {
    abandonBody()
    context.fireChannelInactive()
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    abandonBody()
  }

  /// Hands the stream chunks of the body while it is writable; the last chunk ends the stream.
  private func writeBody(context: ChannelHandlerContext) {
    guard bodyLeft != nil else { return }
    while context.channel.isWritable, var body = bodyLeft {
      let chunk = body.readSlice(length: min(Self.chunkSize, body.readableBytes))!
      let isLast = body.readableBytes == 0
      bodyLeft = isLast ? nil : body
      let promise = isLast ? bodyWritten : nil
      if isLast { bodyWritten = nil }
      context.write(
        wrapOutboundOut(.data(.init(data: .byteBuffer(chunk), endStream: isLast))),
        promise: promise)
    }
    context.flush()
  }

  /// The stream went away before its body was written: nothing will complete its promise.
  private func abandonBody() {
    bodyLeft = nil
    if let promise = bodyWritten {
      bodyWritten = nil
      promise.fail(ChannelError.ioOnClosedChannel)
    }
  }

  /// The response is all there is: once it is written the stream closes (with RST_STREAM if the
  /// client has not ended its side, as RFC 9113 section 8.1 allows), and if it cannot be written
  /// in time the stream is reset.
  private func closeStream(once written: EventLoopFuture<Void>, context: ChannelHandlerContext) {
    let loop = context.eventLoop.assumeIsolated()
    let deadline = loop.scheduleTask(in: responseTimeout) { context.close(promise: nil) }
    written.assumeIsolated().whenComplete { _ in
      deadline.cancel()
      context.close(promise: nil)
    }
  }
}
