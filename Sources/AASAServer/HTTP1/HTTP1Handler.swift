import AASAHosting
import NIOCore
import NIOHTTP1

/// Answers HTTP/1.x requests on the event loop, straight from the current snapshot. Responses are
/// written as bytes (the head was encoded when the file was loaded), so no `HTTPResponseEncoder`
/// sits in the pipeline. Requests are answered as soon as their head arrives, so pipelined
/// requests are answered in order without any queue.
final class HTTP1Handler: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundIn = ByteBuffer
  typealias OutboundOut = ByteBuffer

  private let router: SiteRouter
  private let accessLog: AccessLog?
  private var remote = "-"
  private let deadlines: ConnectionDeadlines?
  /// Set once a response announced `Connection: close`: nothing more is read or answered.
  private var closing = false
  /// SIGTERM/SIGINT arrived: finish the request in progress, then close.
  private var quiescing = false
  /// A `read` held back because the peer is not reading our responses.
  private var readGate = ReadWhileWritable()
  private var counters = RequestCounterCache()

  init(router: SiteRouter, accessLog: AccessLog?, deadlines: ConnectionDeadlines?) {
    self.router = router
    self.deadlines = deadlines
    self.accessLog = accessLog
  }

  func handlerAdded(context: ChannelHandlerContext) {
    // Only the access log names the client; formatting its address is work otherwise wasted.
    if accessLog != nil { remote = context.channel.remoteAddress?.ipAddress ?? "-" }
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard case .head(let head) = unwrapInboundIn(data), !closing else { return }
    deadlines?.requestHeadReceived()
    // The request's time starts with the bytes that completed its head, which the guard has
    // just timed.
    let started = deadlines?.lastActivity ?? .now()
    let fields = HTTP1RequestFields(head.headers)
    let request = RequestSummary(
      method: head.method, target: head.uri, ifNoneMatch: fields.ifNoneMatch,
      ifModifiedSince: fields.ifModifiedSince, acceptEncoding: fields.acceptEncoding,
      preferHtmlMetaTags: fields.preferHtmlMetaTags, userAgent: fields.userAgent)
    // RFC 9112 section 3.2: an HTTP/1.1 request without a Host field, or any request with
    // more than one, gets 400. Such a request is malformed, so its connection is not kept.
    let host = fields.host
    let badHost = fields.hostCount > 1 || (fields.hostCount == 0 && head.version.minor >= 1)
    let answer: Answer
    if badHost {
      answer = Answer(response: .badRequest, includeBody: head.method != .HEAD)
    } else if let site = router.site(forAuthority: host) {
      answer = Responder.answer(request, site: site)
    } else {
      answer = Answer(response: .misdirected, includeBody: head.method != .HEAD)
    }
    // A request with a body is never one we want; closing after it saves reading the body.
    let keepAlive = head.isKeepAlive && !quiescing && !fields.hasBody && !badHost
    let http10 = head.version.minor == 0
    write(answer, keepAlive: keepAlive, http10: http10, context: context)
    ServerMetrics.shared.recordRequest(
      counters.counters(
        status: answer.response.status.code, protocolName: http10 ? "HTTP/1.0" : "HTTP/1.1",
        site: router.metricsLabel(forAuthority: host)),
      bodyBytes: answer.bodyBytes, started: started)
    if let link = answer.link {
      ServerMetrics.shared.recordLinkAnswer(link, site: router.metricsLabel(forAuthority: host))
    }
    accessLog?.record(
      method: head.method.rawValue, target: head.uri, status: answer.response.status.code,
      bytes: answer.bodyBytes, started: started,
      userAgent: fields.userAgent, remote: remote,
      protocolName: head.version.minor == 0 ? "HTTP/1.0" : "HTTP/1.1",
      host: router.accessLogHost(forAuthority: host), answer: answer.link)
    if !keepAlive { closeAfterFlush(context: context) }
  }

  func channelReadComplete(context: ChannelHandlerContext) {
    context.flush()
    context.fireChannelReadComplete()
  }

  /// Head and body in one buffer (one write, one TLS record) for small files, from this thread's
  /// cache of the responses of the current second.
  private func write(
    _ answer: Answer, keepAlive: Bool, http10: Bool, context: ChannelHandlerContext
  ) {
    let response = answer.response
    let inline = response.body.readableBytes <= HTTP1ResponseCache.inlineBodyLimit
    let variant = HTTP1ResponseCache.Variant(
      connection: !keepAlive ? .close : (http10 ? .keepAlive10 : .keepAlive),
      withBody: answer.includeBody && inline)
    let bytes = HTTP1ResponseCache.current.bytes(
      for: response, variant, allocator: context.channel.allocator)
    context.write(wrapOutboundOut(bytes), promise: nil)
    // Large bodies are written as the shared buffer itself instead of being copied.
    if answer.includeBody && !inline {
      context.write(wrapOutboundOut(response.body), promise: nil)
    }
  }

  private func closeAfterFlush(context: ChannelHandlerContext) {
    closing = true
    let channel = context.channel
    context.writeAndFlush(wrapOutboundOut(ByteBuffer())).whenComplete { _ in
      channel.close(promise: nil)
    }
  }

  func errorCaught(context: ChannelHandlerContext, error: Error) {
    // The decoder gave up on the bytes (malformed request, head too large): answer once, close.
    guard !closing else { return }
    if let parserError = error as? HTTPParserError {
      let response: PreparedResponse =
        switch parserError {
        case .headerOverflow: .headersTooLarge
        default: .badRequest
        }
      write(
        Answer(response: response, includeBody: true), keepAlive: false, http10: false,
        context: context)
      closeAfterFlush(context: context)
    } else {
      context.close(promise: nil)
    }
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if event is ChannelShouldQuiesceEvent {
      quiescing = true
      // Nothing half-received: close once the responses already answered are out (a slow
      // download is a request in flight too; writes complete in order, so an empty write's
      // completion says when). Otherwise the next response says `close`.
      guard deadlines?.isBetweenRequests ?? true, !closing else { return }
      closeAfterFlush(context: context)
      return
    }
    context.fireUserInboundEventTriggered(event)
  }

  // Back-pressure: a client that pipelines requests but does not read the answers stops being
  // read from, instead of making the server buffer responses without bound.
  func read(context: ChannelHandlerContext) {
    readGate.read(context: context)
  }

  func channelWritabilityChanged(context: ChannelHandlerContext) {
    readGate.writabilityChanged(context: context)
    context.fireChannelWritabilityChanged()
  }
}
