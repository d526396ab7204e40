import CNGHTTP2
import NIOCore

/// One HTTP/2 connection served by an `nghttp2_session`, below NIOSSL: decrypted bytes in, frames
/// out. The session does no I/O of its own (mem_recv / mem_send): every read batch is fed to it,
/// and what it has to send then is written as one buffer and flushed once, when the batch ends.
///
/// Back-pressure: while the connection cannot take more output the handler neither reads nor
/// asks the session for output, so a client that sends without reading leaves its frames in the
/// kernel, and what the session would answer (SETTINGS and PING acknowledgements) stays bounded
/// by the session's own limits (`nghttp2_option_set_max_outbound_ack`), past which nghttp2 fails
/// the connection as a flood.
///
/// Confined to its channel's event loop. The C callbacks find the handler through the session's
/// user data (`Unmanaged`, unretained: the handler outlives its session, which it frees).
final class NGHTTP2Connection: ChannelDuplexHandler {
  typealias InboundIn = ByteBuffer
  typealias OutboundIn = ByteBuffer
  typealias OutboundOut = ByteBuffer

  private let answer: PreparedAnswer
  private var session: OpaquePointer?
  private var pendingRead = false
  private var closing = false

  init(answer: PreparedAnswer) {
    self.answer = answer
  }

  // MARK: Session life

  func handlerAdded(context: ChannelHandlerContext) {
    session = makeSession()
    if session == nil { context.close(promise: nil) }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    freeSession()
  }

  func channelInactive(context: ChannelHandlerContext) {
    freeSession()
    context.fireChannelInactive()
  }

  func errorCaught(context: ChannelHandlerContext, error: Error) {
    context.close(promise: nil)
  }

  private func freeSession() {
    if let session {
      nghttp2_session_del(session)
      self.session = nil
    }
  }

  private func makeSession() -> OpaquePointer? {
    var callbacks: OpaquePointer?
    guard nghttp2_session_callbacks_new(&callbacks) == 0 else { return nil }
    defer { nghttp2_session_callbacks_del(callbacks) }
    nghttp2_session_callbacks_set_on_frame_recv_callback(callbacks, Self.frameReceived)

    var options: OpaquePointer?
    guard nghttp2_option_new(&options) == 0 else { return nil }
    defer { nghttp2_option_del(options) }
    // Control frames the session answers by itself (SETTINGS and PING acknowledgements) queue
    // up only to this many; past it the session fails with NGHTTP2_ERR_FLOODED.
    nghttp2_option_set_max_outbound_ack(options, 1000)
    // At most this many entries in one SETTINGS frame.
    nghttp2_option_set_max_settings(options, 32)
    // The HPACK encoder's table, whatever the client allows.
    nghttp2_option_set_max_deflate_dynamic_table_size(options, 4096)
    // A server has no use for closed streams (they serve RFC 7540 priorities only).
    nghttp2_option_set_no_closed_streams(options, 1)

    var session: OpaquePointer?
    let userData = Unmanaged.passUnretained(self).toOpaque()
    guard nghttp2_session_server_new2(&session, callbacks, userData, options) == 0 else {
      return nil
    }
    let settings = [
      nghttp2_settings_entry(
        settings_id: Int32(NGHTTP2_SETTINGS_MAX_CONCURRENT_STREAMS.rawValue), value: 100),
      nghttp2_settings_entry(
        settings_id: Int32(NGHTTP2_SETTINGS_INITIAL_WINDOW_SIZE.rawValue), value: 65535),
      nghttp2_settings_entry(
        settings_id: Int32(NGHTTP2_SETTINGS_MAX_HEADER_LIST_SIZE.rawValue), value: 16384),
      nghttp2_settings_entry(
        settings_id: Int32(NGHTTP2_SETTINGS_NO_RFC7540_PRIORITIES.rawValue), value: 1),
    ]
    guard
      nghttp2_submit_settings(session, UInt8(NGHTTP2_FLAG_NONE.rawValue), settings, settings.count)
        == 0
    else {
      nghttp2_session_del(session)
      return nil
    }
    return session
  }

  // MARK: Input

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard let session, !closing else { return }
    let bytes = unwrapInboundIn(data)
    let consumed = bytes.withUnsafeReadableBytes { raw in
      cngh_mem_recv(session, raw.bindMemory(to: UInt8.self).baseAddress, raw.count)
    }
    if consumed < 0 {
      // A flood or a client that does not speak HTTP/2: say why, once, and close.
      let code =
        consumed == NGHTTP2_ERR_FLOODED.rawValue
        ? NGHTTP2_ENHANCE_YOUR_CALM : NGHTTP2_PROTOCOL_ERROR
      nghttp2_session_terminate_session(session, code.rawValue)
      closing = true
      sendPending(context: context, evenIfUnwritable: true)
      context.close(promise: nil)
    }
  }

  func channelReadComplete(context: ChannelHandlerContext) {
    guard let session, !closing else { return }
    sendPending(context: context, evenIfUnwritable: false)
    if nghttp2_session_want_read(session) == 0 && nghttp2_session_want_write(session) == 0 {
      closing = true
      context.close(promise: nil)
    }
  }

  /// Writes all the session has to send as one buffer, and flushes it.
  private func sendPending(context: ChannelHandlerContext, evenIfUnwritable: Bool) {
    guard let session, evenIfUnwritable || context.channel.isWritable else { return }
    var output: ByteBuffer?
    while true {
      var chunk: UnsafePointer<UInt8>?
      let count = cngh_mem_send(session, &chunk)
      guard count > 0, let chunk else { break }
      let bytes = UnsafeRawBufferPointer(start: chunk, count: count)
      if output == nil {
        output = context.channel.allocator.buffer(capacity: max(count, 4096))
      }
      output!.writeBytes(bytes)
    }
    if let output {
      context.writeAndFlush(wrapOutboundOut(output), promise: nil)
    }
  }

  // MARK: Back-pressure

  func read(context: ChannelHandlerContext) {
    if context.channel.isWritable {
      context.read()
    } else {
      pendingRead = true
    }
  }

  func channelWritabilityChanged(context: ChannelHandlerContext) {
    if context.channel.isWritable, !closing {
      sendPending(context: context, evenIfUnwritable: false)
      if pendingRead {
        pendingRead = false
        context.read()
      }
    }
    context.fireChannelWritabilityChanged()
  }

  // MARK: Answers

  /// A request is complete once its HEADERS or DATA frame ends the stream: answer it.
  private static let frameReceived: nghttp2_on_frame_recv_callback = { session, frame, userData in
    guard let session, let frame, let userData else { return 0 }
    let header = frame.pointee.hd
    let endsStream = header.flags & UInt8(NGHTTP2_FLAG_END_STREAM.rawValue) != 0
    let isRequestPart =
      header.type == UInt8(NGHTTP2_HEADERS.rawValue) || header.type == UInt8(NGHTTP2_DATA.rawValue)
    guard endsStream, isRequestPart else { return 0 }
    let connection = Unmanaged<NGHTTP2Connection>.fromOpaque(userData).takeUnretainedValue()
    let fields = connection.answer.fields
    // A failure here is the stream's (closed meanwhile), not the connection's.
    _ = cngh_submit_response(
      session, header.stream_id, fields.baseAddress, fields.count, nil, NGHTTP2Connection.readBody)
    return 0
  }

  /// Copies the next part of the body; the stream's user data is how much it already sent.
  private static let readBody: cngh_body_reader = {
    session, streamID, buffer, length, flags, _, userData in
    guard let session, let buffer, let flags, let userData else {
      return Int(NGHTTP2_ERR_CALLBACK_FAILURE.rawValue)
    }
    let body = Unmanaged<NGHTTP2Connection>.fromOpaque(userData).takeUnretainedValue().answer.body
    let sent = Int(bitPattern: nghttp2_session_get_stream_user_data(session, streamID))
    let count = min(length, body.count - sent)
    if count > 0 {
      UnsafeMutableRawPointer(buffer).copyMemory(from: body.baseAddress! + sent, byteCount: count)
    }
    if sent + count == body.count {
      flags.pointee |= NGHTTP2_DATA_FLAG_EOF.rawValue
    } else {
      nghttp2_session_set_stream_user_data(
        session, streamID, UnsafeMutableRawPointer(bitPattern: sent + count))
    }
    return count
  }
}
