import AASACore
import AASAHosting
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
/// session queues by itself (SETTINGS and PING acknowledgements, the resets of refused streams)
/// is bounded here, not by nghttp2, which counts only the acknowledgements: input is fed in
/// slices of `inputSlice` bytes, and once the session's queue holds more than
/// `HTTP2SessionSetup.maxQueuedFrames` frames the connection is closed with GOAWAY
/// ENHANCE_YOUR_CALM. A request head is dropped as soon as it is answered, so an open stream
/// (one whose client keeps its window shut) costs about a hundred bytes, not the up to
/// `maxHeaderSize` bytes of values its head may hold. Memory per connection is thereby bounded
/// whatever the client sends: see docs/aasa-serve.md, "Bounded resources".
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
  ///
  /// Small on purpose: a client can keep 100 of them open per connection (by keeping its window
  /// shut), so the request's head lives apart (`heads`) and only while it is read, and response
  /// deadlines are one queue and one timer per connection rather than a timer per stream.
  final class Stream {
    /// Keeps the response's header fields and body alive while nghttp2 may still read them.
    var answer: Answer?
    /// The part of the body nghttp2 has not taken yet.
    var bodyLeft = ByteBuffer()
    /// The response's last frame is serialized (or the stream was reset): nothing more to send.
    var finished = false
  }

  private let router: SiteRouter
  private let accessLog: AccessLog?
  private let remote: String
  private let maxHeaderSize: Int
  private let responseTimeout: TimeAmount
  private let deadlines: ConnectionDeadlines?
  /// Follows the frames, so that the header timeout covers a header block left unfinished.
  private var frames = HTTP2FrameScanner()

  private var session: OpaquePointer?
  private var context: ChannelHandlerContext?
  private(set) var streams: [Int32: Stream] = [:]
  /// The heads of requests whose header block is being read: at most one at a time in
  /// practice (a header block's frames come one after another), each dropped once answered.
  private(set) var heads: [Int32: HTTP2RequestHead] = [:]
  /// Streams answered since the last read batch ended: those not finished by the end of the
  /// batch get a response deadline (most never need one).
  private var answeredInBatch: [Int32] = []
  /// Streams whose response must be handed over by the time given, oldest first (the timeout is
  /// the same for all, so the order of answering is the order of deadlines). Entries of streams
  /// finished meanwhile stay until their time, or until the queue is compacted.
  private var responseDeadlines = CircularBuffer<(stream: Int32, deadline: NIODeadline)>()
  /// Fires at the first deadline of `responseDeadlines`.
  private var responseTimer: Scheduled<Void>?
  private var readGate = ReadWhileWritable()
  private var counters = RequestCounterCache()
  /// Nothing more is read: the session failed, or it has nothing more to do.
  private var isClosing = false
  /// Streams the session refused (RST_STREAM REFUSED_STREAM: opened over the limit of
  /// concurrent streams), counted as their resets are sent.
  private var refusedStreams = 0

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
    responseTimer?.cancel()
    responseTimer = nil
    streams = [:]
    heads = [:]
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
    if let deadlines {
      frames.scan(bytes)
      deadlines.framesScanned(midRequest: frames.isMidRequest)
    }
    let result = bytes.withUnsafeReadableBytes { raw -> Int in
      var offset = 0
      while offset < raw.count {
        // Once the session has failed the connection (a GOAWAY is queued) nothing more is fed
        // to it: a malformed frame after such a failure once reached an assertion in nghttp2
        // (CVE-2026-27135), and there is nothing more to answer anyway.
        guard nghttp2_session_want_read(session) != 0 else { return 0 }
        let count = min(Self.inputSlice, raw.count - offset)
        let slice = UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + count)])
        let consumed = cngh_mem_recv(
          session, slice.bindMemory(to: UInt8.self).baseAddress, slice.count)
        if consumed < 0 { return consumed }
        if nghttp2_session_get_outbound_queue_size(session) > HTTP2SessionSetup.maxQueuedFrames {
          // What a client that reads can take is written first: only a queue that stays over
          // the bound (the client does not read) is a flood.
          send(context: context)
          guard !isClosing else { return 0 }
          if nghttp2_session_get_outbound_queue_size(session) > HTTP2SessionSetup.maxQueuedFrames {
            return Int(NGHTTP2_ERR_FLOODED.rawValue)
          }
        }
        offset += count
      }
      return 0
    }
    if result < 0 { fail(result, context: context) }
  }

  /// Input is given to the session this much at a time, and the session's queue looked at
  /// after each piece: a read batch can hold a megabyte, and without the look the frames a
  /// client can make the session queue with one megabyte (about 80,000 resets) would all be
  /// held before the first check.
  static let inputSlice = 16_384

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
    if refusedStreams > Self.maxRefusedStreams && !isClosing {
      fail(Int(NGHTTP2_ERR_FLOODED.rawValue), context: context)
      return
    }
    closeIfDone(context: context)
  }

  /// Streams a connection may have refused before it is closed as a flood (GOAWAY
  /// ENHANCE_YOUR_CALM). A client learns the limit of 100 from the server's SETTINGS and
  /// refused streams are its own to retry, so only a client that keeps opening streams past the
  /// limit gets here: one that never acknowledges the SETTINGS makes nghttp2 refuse every stream
  /// past 100 and queue a reset for each (about 150 bytes for 12 bytes sent), which nghttp2
  /// itself does not count as a flood. Also what keeps such a client from holding the
  /// connection's buffers for its idle timeout.
  static let maxRefusedStreams = 1000

  /// The session sent a RST_STREAM REFUSED_STREAM.
  func streamRefused() {
    refusedStreams += 1
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
    streams[id] = Stream()
    heads[id] = HTTP2RequestHead(sizeLimit: maxHeaderSize)
    deadlines?.streamOpened()
  }

  func headerReceived(
    _ id: Int32, name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>
  ) {
    heads[id]?.add(name: name, value: value)
  }

  /// The request's head is complete: answer it now, whether or not a body follows.
  func headComplete(_ id: Int32) {
    guard let session, let stream = streams[id], let head = heads.removeValue(forKey: id) else {
      return
    }
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
    if let link = answer.link {
      ServerMetrics.shared.recordLinkAnswer(
        link, site: router.metricsLabel(forAuthority: head.siteAuthority))
    }
    accessLog?.record(
      method: head.method, target: head.path, status: response.status.code,
      bytes: answer.bodyBytes, started: started, userAgent: head.userAgent, remote: remote,
      protocolName: "HTTP/2", host: router.accessLogHost(forAuthority: head.siteAuthority),
      answer: answer.link)
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
    if nghttp2_session_get_stream_remote_close(session, id) == 0 {
      nghttp2_submit_rst_stream(
        session, UInt8(NGHTTP2_FLAG_NONE.rawValue), id, NGHTTP2_NO_ERROR.rawValue)
    }
  }

  func streamClosed(_ id: Int32) {
    heads[id] = nil
    guard streams.removeValue(forKey: id) != nil else { return }
    deadlines?.streamClosed()
  }

  // MARK: Response timeouts

  private func startResponseTimers(context: ChannelHandlerContext) {
    guard !answeredInBatch.isEmpty else { return }
    let deadline = NIODeadline.now() + responseTimeout
    for id in answeredInBatch {
      guard let stream = streams[id], !stream.finished else { continue }
      responseDeadlines.append((id, deadline))
    }
    answeredInBatch.removeAll(keepingCapacity: true)
    resetStalledStreamsOverTheLimit(context: context)
    // Entries of streams finished early are dropped now and then, so the queue holds about
    // as many entries as there are streams open.
    if responseDeadlines.count > 2 * Int(HTTP2SessionSetup.maxConcurrentStreams) {
      responseDeadlines.removeAll { streams[$0.stream].map { $0.finished } ?? true }
    }
    scheduleResponseTimer(context: context)
  }

  /// Streams per connection whose response may wait on a flow-control window the client keeps
  /// shut. Each holds nghttp2's stream and its queued body (about 900 bytes), and a client that
  /// sets SETTINGS_INITIAL_WINDOW_SIZE to 0 would otherwise hold 100 per connection until the
  /// response timeout. A client that wants its answers opens its windows; one that asks for
  /// more than this many while keeping them shut gets the rest reset (CANCEL) at once.
  static let maxStalledStreams = 16

  /// Resets, newest first, the answered streams whose window is shut beyond
  /// `maxStalledStreams`.
  private func resetStalledStreamsOverTheLimit(context: ChannelHandlerContext) {
    guard let session, responseDeadlines.count > Self.maxStalledStreams else { return }
    var stalled = 0
    var reset = false
    for entry in responseDeadlines {
      guard let stream = streams[entry.stream], !stream.finished,
        nghttp2_session_get_stream_remote_window_size(session, entry.stream) <= 0
      else { continue }
      stalled += 1
      guard stalled > Self.maxStalledStreams else { continue }
      cancel(stream, id: entry.stream, session: session)
      reset = true
    }
    if reset { send(context: context) }
  }

  /// Resets an answered stream whose response will not be handed over (RST_STREAM CANCEL); the
  /// part of its body never handed over is dropped.
  private func cancel(_ stream: Stream, id: Int32, session: OpaquePointer) {
    stream.finished = true
    stream.bodyLeft = ByteBuffer()
    nghttp2_submit_rst_stream(
      session, UInt8(NGHTTP2_FLAG_NONE.rawValue), id, NGHTTP2_CANCEL.rawValue)
  }

  /// Sets the timer for the first deadline of a stream still unfinished, if it is not set.
  private func scheduleResponseTimer(context: ChannelHandlerContext) {
    while let first = responseDeadlines.first, streams[first.stream].map({ $0.finished }) ?? true {
      responseDeadlines.removeFirst()
    }
    guard responseTimer == nil, let first = responseDeadlines.first else { return }
    responseTimer = context.eventLoop.assumeIsolated().scheduleTask(deadline: first.deadline) {
      [self] in
      responseTimer = nil
      responseDeadlinesPassed()
    }
  }

  /// Responses not handed over in time: each such stream is reset, and the part of its body
  /// never handed over is dropped.
  private func responseDeadlinesPassed() {
    guard let session, let context else { return }
    let now = NIODeadline.now()
    var reset = false
    while let first = responseDeadlines.first, first.deadline <= now {
      responseDeadlines.removeFirst()
      guard let stream = streams[first.stream], !stream.finished else { continue }
      cancel(stream, id: first.stream, session: session)
      reset = true
    }
    if reset { send(context: context) }
    if context.channel.isActive { scheduleResponseTimer(context: context) }
  }
}

extension Optional {
  /// The value, leaving nil behind.
  fileprivate mutating func take() -> Wrapped? {
    defer { self = nil }
    return self
  }
}
