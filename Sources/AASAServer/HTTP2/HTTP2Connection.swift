import CNGHTTP2
import NIOCore

/// One HTTP/2 connection, served by an `nghttp2_session` right under TLS: decrypted bytes in,
/// serialized frames out. nghttp2 (the HTTP/2 library of curl, Node.js and Apache httpd) does the
/// protocol: framing, HPACK, flow control, stream states, header validation, and the limits that
/// stop floods (queued acknowledgements, SETTINGS entries, resets, CONTINUATION frames). This
/// handler does what is this server's: answering each request from the snapshot, back-pressure,
/// timeouts and graceful shutdown. It replaced NIOHTTP2, whose frames, enums and header arrays
/// cost more CPU per request than the whole of nginx (BENCHMARKS.md, "HTTP/2 engine decision").
///
/// The session does no I/O of its own (`mem_recv`/`mem_send`): every decrypted buffer is fed to
/// it as it is read, and what it has to send is written and flushed at the end of each read
/// batch, so a batch of requests costs one write.
///
/// What each stream gets:
/// - it is answered as soon as its head is complete, from the connection's own event loop, with
///   header fields nghttp2 reads without copying and a body read from the snapshot's buffer;
/// - a head over `maxHeaderSize` (counted as RFC 9113 does) is answered with 431 on its stream;
/// - a response not handed to the connection within `responseTimeout` (a client that never opens
///   its window) resets its stream with CANCEL, so no stream holds the connection for ever;
/// - once the response is out the stream is done: a client that has not ended its side gets
///   RST_STREAM (NO_ERROR), as RFC 9113 section 8.1 allows.
///
/// Back-pressure: while the connection cannot take more output the handler neither reads nor
/// asks the session for more, so a client that sends without reading leaves its frames in the
/// kernel, and the bodies it asked for stay in the snapshot, not copied into buffers. What the
/// session answers by itself (SETTINGS and PING acknowledgements, resets) queues only up to
/// `HTTP2SessionSetup.maxQueuedControlFrames`; past that nghttp2 reports a flood and the
/// connection is closed with GOAWAY ENHANCE_YOUR_CALM.
///
/// Confined to its channel's event loop. nghttp2's callbacks find the handler through the
/// session's user data, unretained: the handler frees its session before it goes away.
final class HTTP2Connection: ChannelDuplexHandler {
  typealias InboundIn = ByteBuffer
  typealias OutboundIn = ByteBuffer
  typealias OutboundOut = ByteBuffer

  /// A class, not a struct: the callbacks reach a stream by its id several times per request, and
  /// a struct in the dictionary was copied out and back each time (a quarter of the CPU went to
  /// counting the references inside it).
  final class Stream {
    var head: HTTP2RequestHead
    /// Keeps the response's header fields and body alive while nghttp2 may still read them.
    var answer: Answer?
    /// The part of the body nghttp2 has not taken yet.
    var bodyLeft = ByteBuffer()
    /// The response's last frame is serialized: nothing more to send.
    var finished = false
    var timeout: Scheduled<Void>?

    init(head: HTTP2RequestHead) {
      self.head = head
    }
  }

  private let router: SiteRouter
  private let accessLog: AccessLog?
  private let remote: String
  private let maxHeaderSize: Int
  private let responseTimeout: TimeAmount
  private let deadlines: ConnectionDeadlines?

  private var session: OpaquePointer?
  private var context: ChannelHandlerContext?
  private(set) var streams: [Int32: Stream] = [:]
  /// Streams answered since the last read batch ended: those not finished by the end of the
  /// batch get a response timer (most never need one).
  private var answeredInBatch: [Int32] = []
  private var readGate = ReadWhileWritable()
  private var counters = RequestCounterCache()
  /// Nothing more is read: the session failed, or it has nothing more to do.
  private var isClosing = false

  /// Output is written in pieces of about this size, so writability is looked at often enough
  /// that a client which stops reading holds little more than this.
  static let writeSize = 65_536

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

  // MARK: Life

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
    session = HTTP2SessionSetup.makeSession(
      for: self, maxHeaderListSize: 2 * maxHeaderSize)
    if session == nil {
      isClosing = true
      context.close(promise: nil)
    }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    // The session is freed here, never on `channelInactive`: a close can happen inside a write
    // made while the session is serializing (`send`), and the session must outlive that loop.
    if let session { nghttp2_session_del(session) }
    session = nil
    for stream in streams.values { stream.timeout?.cancel() }
    streams = [:]
    self.context = nil
  }

  func errorCaught(context: ChannelHandlerContext, error: Error) {
    // TLS failed or the socket broke: nothing more can be said on this connection.
    isClosing = true
    context.close(promise: nil)
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    guard event is ChannelShouldQuiesceEvent else {
      context.fireUserInboundEventTriggered(event)
      return
    }
    // Graceful shutdown: GOAWAY naming the last stream taken, so the client knows which of its
    // requests will be answered here and retries the rest elsewhere; the connection closes once
    // those are answered (`closeIfDone`), or when the server's shutdown timeout cuts it.
    guard let session, !isClosing else { return }
    nghttp2_submit_goaway(
      session, UInt8(NGHTTP2_FLAG_NONE.rawValue),
      nghttp2_session_get_last_proc_stream_id(session), NGHTTP2_NO_ERROR.rawValue, nil, 0)
    send(context: context)
  }

  // MARK: Input

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard let session, !isClosing else { return }
    let bytes = unwrapInboundIn(data)
    deadlines?.framesArrived(bytes)
    let result = bytes.withUnsafeReadableBytes { raw in
      cngh_mem_recv(session, raw.bindMemory(to: UInt8.self).baseAddress, raw.count)
    }
    if result < 0 { fail(result, context: context) }
  }

  func channelReadComplete(context: ChannelHandlerContext) {
    if !isClosing {
      send(context: context)
      startResponseTimers(context: context)
    }
    context.fireChannelReadComplete()
  }

  /// nghttp2 gave up on the connection (a flood, bytes that are not HTTP/2): GOAWAY says why,
  /// once, and the connection closes. Nothing more is read, so a flooding client's further
  /// frames wait in the kernel while `LingeringClose` lets it take the GOAWAY.
  private func fail(_ result: Int, context: ChannelHandlerContext) {
    guard let session else { return }
    let code =
      result == Int(NGHTTP2_ERR_FLOODED.rawValue)
      ? NGHTTP2_ENHANCE_YOUR_CALM : NGHTTP2_PROTOCOL_ERROR
    nghttp2_session_terminate_session(session, code.rawValue)
    isClosing = true
    send(context: context, evenIfUnwritable: true)
    context.close(promise: nil)
  }

  // MARK: Output

  /// Writes what the session has to send while the connection can take it, flushing every
  /// `writeSize` bytes so that writability keeps up. `evenIfUnwritable` is for the last words
  /// of a failing connection: GOAWAY and the few control frames queued before it.
  private func send(context: ChannelHandlerContext, evenIfUnwritable: Bool = false) {
    guard let session else { return }
    var output: ByteBuffer?
    var written = 0
    while context.channel.isWritable || (evenIfUnwritable && written < Self.writeSize) {
      var bytes: UnsafePointer<UInt8>?
      let count = cngh_mem_send(session, &bytes)
      guard count > 0, let bytes else {
        if count < 0 { isClosing = true }
        break
      }
      if output == nil {
        output = context.channel.allocator.buffer(capacity: max(count, Self.writeSize))
      }
      output!.writeBytes(UnsafeRawBufferPointer(start: bytes, count: count))
      written += count
      if output!.readableBytes >= Self.writeSize {
        context.writeAndFlush(wrapOutboundOut(output.take()!), promise: nil)
      }
    }
    if let output { context.writeAndFlush(wrapOutboundOut(output), promise: nil) }
    closeIfDone(context: context)
  }

  /// Closes once the session has nothing left to read or write: after a GOAWAY either way, when
  /// the streams it left open are done.
  private func closeIfDone(context: ChannelHandlerContext) {
    guard let session else { return }
    let done =
      isClosing
      || (nghttp2_session_want_read(session) == 0 && nghttp2_session_want_write(session) == 0)
    guard done, context.channel.isActive else { return }
    isClosing = true
    context.close(promise: nil)
  }

  // MARK: Back-pressure

  func read(context: ChannelHandlerContext) {
    guard !isClosing else { return }
    readGate.read(context: context)
  }

  func channelWritabilityChanged(context: ChannelHandlerContext) {
    if context.channel.isWritable && !isClosing {
      send(context: context)
      if !isClosing && context.channel.isWritable { readGate.writabilityChanged(context: context) }
    }
    context.fireChannelWritabilityChanged()
  }

  // MARK: Streams (called back by the session)

  func streamBegan(_ id: Int32) {
    streams[id] = Stream(head: HTTP2RequestHead(sizeLimit: maxHeaderSize))
    deadlines?.streamOpened()
  }

  func headerReceived(
    _ id: Int32, name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>
  ) {
    streams[id]?.head.add(name: name, value: value)
  }

  /// The request's head is complete: answer it now, whether or not a body follows.
  func headComplete(_ id: Int32) {
    guard let session, let stream = streams[id] else { return }
    let head = stream.head
    let started = NIODeadline.now()
    let answer: Answer
    if head.isTooLarge {
      answer = Answer(response: .headersTooLarge, includeBody: true)
    } else if let site = router.site(forAuthority: head.siteAuthority) {
      answer = Responder.answer(head.summary, site: site)
    } else {
      answer = Answer(response: .misdirected, includeBody: true)
    }
    let response = answer.response
    let sendBody = answer.includeBody && response.body.readableBytes > 0
    stream.answer = answer
    if sendBody { stream.bodyLeft = response.body }
    if submitResponse(id, fields: response.http2Fields, withBody: sendBody, session: session) != 0 {
      // The stream is already closed (reset meanwhile): nothing will be sent for it.
      stream.finished = true
    }
    answeredInBatch.append(id)
    ServerMetrics.shared.recordRequest(
      counters.counters(
        status: response.status.code, protocolName: "HTTP/2",
        site: router.metricsLabel(forAuthority: head.siteAuthority)),
      bodyBytes: answer.bodyBytes, started: started)
    accessLog?.record(
      method: head.method, target: head.path, status: response.status.code,
      bytes: answer.bodyBytes, started: started, userAgent: head.userAgent, remote: remote,
      protocolName: "HTTP/2")
  }

  /// The prepared fields plus `date`, whose value nghttp2 copies; the rest it reads in place.
  private func submitResponse(
    _ id: Int32, fields: HTTP2ResponseFields, withBody: Bool, session: OpaquePointer
  ) -> Int32 {
    var date = HTTPDate.now()
    return date.withUTF8 { date in
      withUnsafeTemporaryAllocation(of: nghttp2_nv.self, capacity: fields.count + 1) { pairs in
        for index in 0..<fields.count { pairs[index] = fields.pairs[index] }
        pairs[fields.count] = nghttp2_nv(
          name: UnsafeMutablePointer(mutating: Self.dateName.utf8Start),
          value: UnsafeMutablePointer(mutating: date.baseAddress!),
          namelen: Self.dateName.utf8CodeUnitCount, valuelen: date.count,
          flags: UInt8(NGHTTP2_NV_FLAG_NO_COPY_NAME.rawValue))
        return cngh_submit_response(
          session, id, pairs.baseAddress, fields.count + 1,
          withBody ? HTTP2SessionSetup.readBody : nil)
      }
    }
  }

  private static let dateName: StaticString = "date"

  /// Copies the next part of a stream's body into nghttp2's frame buffer; nil if the stream is
  /// gone.
  func readBody(
    _ id: Int32, into buffer: UnsafeMutableRawBufferPointer, isLast: inout Bool
  ) -> Int? {
    guard let stream = streams[id] else { return nil }
    let count = min(buffer.count, stream.bodyLeft.readableBytes)
    stream.bodyLeft.withUnsafeReadableBytes { body in
      buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: body.prefix(count)))
    }
    stream.bodyLeft.moveReaderIndex(forwardBy: count)
    isLast = stream.bodyLeft.readableBytes == 0
    return count
  }

  /// The response's last frame is serialized.
  func responseSent(_ id: Int32) {
    guard let session, let stream = streams[id], !stream.finished else { return }
    stream.finished = true
    stream.timeout?.cancel()
    stream.timeout = nil
    if nghttp2_session_get_stream_remote_close(session, id) == 0 {
      nghttp2_submit_rst_stream(
        session, UInt8(NGHTTP2_FLAG_NONE.rawValue), id, NGHTTP2_NO_ERROR.rawValue)
    }
  }

  func streamClosed(_ id: Int32) {
    guard let stream = streams.removeValue(forKey: id) else { return }
    stream.timeout?.cancel()
    deadlines?.streamClosed()
  }

  // MARK: Response timeouts

  private func startResponseTimers(context: ChannelHandlerContext) {
    guard !answeredInBatch.isEmpty else { return }
    for id in answeredInBatch {
      guard let stream = streams[id], !stream.finished else { continue }
      stream.timeout = context.eventLoop.assumeIsolated().scheduleTask(
        in: responseTimeout
      ) { [self] in
        responseTimedOut(id)
      }
    }
    answeredInBatch.removeAll(keepingCapacity: true)
  }

  /// The response could not be handed over in time: the stream is reset, and the part of the
  /// body never handed over is dropped.
  private func responseTimedOut(_ id: Int32) {
    guard let session, let context, let stream = streams[id], !stream.finished else { return }
    stream.finished = true
    stream.timeout = nil
    stream.bodyLeft = ByteBuffer()
    nghttp2_submit_rst_stream(
      session, UInt8(NGHTTP2_FLAG_NONE.rawValue), id, NGHTTP2_CANCEL.rawValue)
    send(context: context)
  }
}

extension Optional {
  /// The value, leaving nil behind.
  fileprivate mutating func take() -> Wrapped? {
    defer { self = nil }
    return self
  }
}
