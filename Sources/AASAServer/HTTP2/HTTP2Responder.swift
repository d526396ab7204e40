import NIOCore
import NIOHTTP1
import NIOHTTP2

/// Answers every stream of one HTTP/2 connection from the connection's own pipeline, frame by
/// frame. NIOHTTP2 could give each stream a child channel with a pipeline of its own; for
/// responses that are a lookup and a copy, setting up and tearing down that channel was most of
/// the cost of a request, so streams here are entries in a dictionary instead.
///
/// What each stream gets, as it did with a channel of its own:
/// - a request head over `maxHeaderSize` (counted as RFC 9113 does, 32 bytes per field on top
///   of name and value) is answered with 431 on its stream;
/// - bodies go out a chunk at a time while the connection is writable, so a client that opens
///   its flow-control windows wide and then stops reading holds a few chunks, not every file it
///   asked for (encrypted, at that); bodies waiting for the connection go out in request order;
/// - a response not handed to the connection within `responseTimeout` (a client that never opens
///   its window) resets its stream, so no stream holds the connection for ever;
/// - once the response is written the stream is done: a client that has not ended its side gets
///   RST_STREAM (NO_ERROR), as RFC 9113 section 8.1 allows.
final class HTTP2Responder: ChannelInboundHandler {
  typealias InboundIn = HTTP2Frame
  typealias OutboundOut = HTTP2Frame

  private struct Stream {
    /// The client sent END_STREAM.
    var clientEnded = false
    /// The part of the body not yet handed to the connection.
    var bodyLeft: ByteBuffer?
    /// Completed by the response's last frame.
    var written: EventLoopPromise<Void>?
    /// The response is out: nothing more to write.
    var finished = false
    var timeout: Scheduled<Void>?
  }

  private let router: SiteRouter
  private let accessLog: AccessLog?
  private let remote: String
  private let maxHeaderSize: Int
  private let responseTimeout: TimeAmount
  private let deadlines: ConnectionDeadlines?
  private var streams: [HTTP2StreamID: Stream] = [:]
  /// Streams with body left, oldest first.
  private var waiting: [HTTP2StreamID] = []
  static let chunkSize = 16_384

  init(
    router: SiteRouter, accessLog: AccessLog?, remote: String, maxHeaderSize: Int,
    responseTimeout: TimeAmount, deadlines: ConnectionDeadlines?
  ) {
    self.router = router
    self.accessLog = accessLog
    self.remote = remote
    self.maxHeaderSize = maxHeaderSize
    self.responseTimeout = responseTimeout
    self.deadlines = deadlines
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let frame = unwrapInboundIn(data)
    let id = frame.streamID
    switch frame.payload {
    case .headers(let headers):
      if streams[id] != nil {
        // Trailers: the request is over; it was answered at its head.
        if headers.endStream { clientEnded(id, context: context) }
        return
      }
      answer(id, headers, context: context)
    case .data(let data):
      if data.endStream { clientEnded(id, context: context) }
    default:
      break
    }
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if event is NIOHTTP2StreamCreatedEvent {
      deadlines?.streamOpened()
    } else if let closed = event as? StreamClosedEvent {
      if let stream = streams.removeValue(forKey: closed.streamID) {
        stream.timeout?.cancel()
        // Reset by the client or by NIOHTTP2 before the body was all handed over: NIOHTTP2
        // fails the frames it held; the part never handed over completes nothing.
        if stream.bodyLeft != nil { stream.written?.fail(ChannelError.ioOnClosedChannel) }
      }
      deadlines?.streamClosed()
    }
    context.fireUserInboundEventTriggered(event)
  }

  func channelReadComplete(context: ChannelHandlerContext) {
    context.fireChannelReadComplete()
    writeWaitingBodies(context: context)
  }

  func channelWritabilityChanged(context: ChannelHandlerContext) {
    if context.channel.isWritable { writeWaitingBodies(context: context) }
    context.fireChannelWritabilityChanged()
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    for stream in streams.values {
      stream.timeout?.cancel()
      if stream.bodyLeft != nil { stream.written?.fail(ChannelError.ioOnClosedChannel) }
    }
    streams = [:]
    waiting = []
  }

  private func answer(
    _ id: HTTP2StreamID, _ frame: HTTP2Frame.FramePayload.Headers, context: ChannelHandlerContext
  ) {
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
        acceptEncoding: headers[canonicalForm: "accept-encoding"],
        preferHtmlMetaTags: headers.first(name: "prefer-html-meta-tags"))
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
    streams[id] = Stream(
      clientEnded: frame.endStream, bodyLeft: sendBody ? response.body : nil, written: written)
    written.futureResult.assumeIsolated().whenComplete { [self] _ in
      responseWritten(id, context: context)
    }
    context.write(
      wrapOutboundOut(HTTP2Frame(streamID: id, payload: .headers(head))),
      promise: sendBody ? nil : written)
    if sendBody {
      // A body of one chunk goes out with its head. Longer ones wait for the end of the read:
      // NIOHTTP2's connection management holds flushes back while frames are being read, so
      // writability would not change until then, and every body asked for in this read would be
      // queued (and encrypted) at once.
      if waiting.isEmpty && response.body.readableBytes <= Self.chunkSize {
        writeBody(id, context: context)
      } else {
        waiting.append(id)
      }
    }
    context.flush()
    // Most responses are on the socket by now; a timer is only for those still waiting.
    if let stream = streams[id], !stream.finished {
      streams[id]?.timeout = context.eventLoop.assumeIsolated().scheduleTask(
        in: responseTimeout
      ) { [self] in
        reset(id, code: .cancel, context: context)
      }
    }
    ServerMetrics.shared.recordRequest(
      status: response.status.code, protocolName: "HTTP/2", bodyBytes: answer.bodyBytes,
      started: started,
      site: router.metricsLabel(
        forAuthority: headers.first(name: ":authority") ?? headers.first(name: "host")))
    accessLog?.record(
      method: methodName, target: target, status: response.status.code,
      bytes: answer.bodyBytes, started: started, userAgent: headers.first(name: "user-agent"),
      remote: remote, protocolName: "HTTP/2")
  }

  /// Hands the connection chunks of one stream's body while it is writable; the last chunk ends
  /// the stream and completes the response's promise.
  private func writeBody(_ id: HTTP2StreamID, context: ChannelHandlerContext) {
    while context.channel.isWritable, var body = streams[id]?.bodyLeft {
      let chunk = body.readSlice(length: min(Self.chunkSize, body.readableBytes))!
      let isLast = body.readableBytes == 0
      streams[id]?.bodyLeft = isLast ? nil : body
      let promise = isLast ? streams[id]?.written : nil
      context.write(
        wrapOutboundOut(
          HTTP2Frame(
            streamID: id, payload: .data(.init(data: .byteBuffer(chunk), endStream: isLast)))),
        promise: promise)
      // Writability only changes once bytes reach the socket: without a flush per chunk, a
      // whole file would be queued (and encrypted) before the connection said it was full.
      if !isLast { context.flush() }
    }
  }

  private func writeWaitingBodies(context: ChannelHandlerContext) {
    guard !waiting.isEmpty else { return }
    while let id = waiting.first, context.channel.isWritable {
      writeBody(id, context: context)
      if streams[id]?.bodyLeft == nil { waiting.removeFirst() }
    }
    context.flush()
  }

  /// The last frame of the response is written (or failed): the stream has nothing more to say.
  private func responseWritten(_ id: HTTP2StreamID, context: ChannelHandlerContext) {
    guard var stream = streams[id], !stream.finished else { return }
    stream.finished = true
    stream.timeout?.cancel()
    stream.timeout = nil
    streams[id] = stream
    if !stream.clientEnded {
      context.writeAndFlush(
        wrapOutboundOut(HTTP2Frame(streamID: id, payload: .rstStream(.noError))), promise: nil)
    }
  }

  private func clientEnded(_ id: HTTP2StreamID, context: ChannelHandlerContext) {
    streams[id]?.clientEnded = true
  }

  /// The response could not be handed over in time: the stream is reset, and the part of the
  /// body never handed over is dropped.
  private func reset(_ id: HTTP2StreamID, code: HTTP2ErrorCode, context: ChannelHandlerContext) {
    guard var stream = streams[id], !stream.finished else { return }
    waiting.removeAll { $0 == id }
    let abandoned = stream.bodyLeft != nil ? stream.written : nil
    stream.bodyLeft = nil
    stream.finished = true
    stream.timeout = nil
    streams[id] = stream
    context.writeAndFlush(
      wrapOutboundOut(HTTP2Frame(streamID: id, payload: .rstStream(code))), promise: nil)
    abandoned?.fail(ChannelError.ioOnClosedChannel)
  }
}
