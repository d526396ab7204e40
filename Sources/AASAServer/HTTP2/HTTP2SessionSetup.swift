import CNGHTTP2

/// Makes the `nghttp2_session` of an `HTTP2Connection`: the settings it announces, the limits it
/// enforces, and the C callbacks through which it reports requests. The callbacks find their
/// connection through the session's user data and do nothing but hand over to it.
enum HTTP2SessionSetup {
  /// Acknowledgements and resets the session may queue while the client does not read; past
  /// this nghttp2 fails the connection as a flood (NGHTTP2_ERR_FLOODED: GOAWAY ENHANCE_YOUR_CALM).
  /// nghttp2's default; nginx-like servers allow a few hundred.
  static let maxQueuedControlFrames = 1000
  /// Streams a client may have open at once. Requests are answered at once, so this is plenty.
  static let maxConcurrentStreams: UInt32 = 100

  static func makeSession(for connection: HTTP2Connection, maxHeaderListSize: Int)
    -> OpaquePointer?
  {
    var callbacks: OpaquePointer?
    guard nghttp2_session_callbacks_new(&callbacks) == 0 else { return nil }
    defer { nghttp2_session_callbacks_del(callbacks) }
    nghttp2_session_callbacks_set_on_begin_headers_callback(callbacks, beginHeaders)
    nghttp2_session_callbacks_set_on_header_callback(callbacks, header)
    nghttp2_session_callbacks_set_on_frame_recv_callback(callbacks, frameReceived)
    nghttp2_session_callbacks_set_on_frame_send_callback(callbacks, frameSent)
    nghttp2_session_callbacks_set_on_stream_close_callback(callbacks, streamClosed)

    var options: OpaquePointer?
    guard nghttp2_option_new(&options) == 0 else { return nil }
    defer { nghttp2_option_del(options) }
    nghttp2_option_set_max_outbound_ack(options, maxQueuedControlFrames)
    // At most this many entries in one SETTINGS frame (there are seven kinds).
    nghttp2_option_set_max_settings(options, 32)
    // The HPACK encoder's table, whatever larger size the client allows.
    nghttp2_option_set_max_deflate_dynamic_table_size(options, 4096)
    // A server has no use for closed streams (they serve RFC 7540 priorities only), and keeping
    // them would let a client make it remember thousands.
    nghttp2_option_set_no_closed_streams(options, 1)

    var session: OpaquePointer?
    let userData = Unmanaged.passUnretained(connection).toOpaque()
    guard nghttp2_session_server_new2(&session, callbacks, userData, options) == 0 else {
      return nil
    }
    let settings = [
      nghttp2_settings_entry(
        settings_id: Int32(NGHTTP2_SETTINGS_MAX_CONCURRENT_STREAMS.rawValue),
        value: maxConcurrentStreams),
      nghttp2_settings_entry(
        settings_id: Int32(NGHTTP2_SETTINGS_INITIAL_WINDOW_SIZE.rawValue), value: 65535),
      // Twice the limit, so that a head merely too large is answered with 431 on its stream,
      // as HTTP/1.1 does; `HTTP2RequestHead` stops keeping values past the limit anyway.
      nghttp2_settings_entry(
        settings_id: Int32(NGHTTP2_SETTINGS_MAX_HEADER_LIST_SIZE.rawValue),
        value: UInt32(clamping: maxHeaderListSize)),
      // Stream priorities are ignored: every answer is one small file.
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

  private static func connection(_ userData: UnsafeMutableRawPointer?) -> HTTP2Connection? {
    guard let userData else { return nil }
    return Unmanaged<HTTP2Connection>.fromOpaque(userData).takeUnretainedValue()
  }

  private static func isRequestHead(_ frame: UnsafePointer<nghttp2_frame>) -> Bool {
    frame.pointee.hd.type == UInt8(NGHTTP2_HEADERS.rawValue)
      && frame.pointee.headers.cat == NGHTTP2_HCAT_REQUEST
  }

  private static let beginHeaders: nghttp2_on_begin_headers_callback = { _, frame, userData in
    guard let frame, isRequestHead(frame), let connection = connection(userData) else { return 0 }
    connection.streamBegan(frame.pointee.hd.stream_id)
    return 0
  }

  private static let header: nghttp2_on_header_callback = {
    _, frame, name, nameLength, value, valueLength, _, userData in
    guard let frame, isRequestHead(frame), let connection = connection(userData) else { return 0 }
    connection.headerReceived(
      frame.pointee.hd.stream_id, name: UnsafeBufferPointer(start: name, count: nameLength),
      value: UnsafeBufferPointer(start: value, count: valueLength))
    return 0
  }

  private static let frameReceived: nghttp2_on_frame_recv_callback = { _, frame, userData in
    guard let frame, isRequestHead(frame), let connection = connection(userData) else { return 0 }
    connection.headComplete(frame.pointee.hd.stream_id)
    return 0
  }

  /// A response's last frame (HEADERS without a body, or the last DATA) ends its stream.
  private static let frameSent: nghttp2_on_frame_send_callback = { _, frame, userData in
    guard let frame, let connection = connection(userData) else { return 0 }
    let header = frame.pointee.hd
    let isResponsePart =
      header.type == UInt8(NGHTTP2_HEADERS.rawValue) || header.type == UInt8(NGHTTP2_DATA.rawValue)
    if isResponsePart && header.flags & UInt8(NGHTTP2_FLAG_END_STREAM.rawValue) != 0 {
      connection.responseSent(header.stream_id)
    }
    return 0
  }

  private static let streamClosed: nghttp2_on_stream_close_callback = {
    _, streamID, _, userData in
    connection(userData)?.streamClosed(streamID)
    return 0
  }

  /// The body of every response, read from the snapshot a frame at a time as flow control
  /// allows.
  static let readBody: cngh_body_reader = {
    _, streamID, buffer, length, flags, _, userData in
    guard let buffer, let flags, let connection = connection(userData) else {
      return Int(NGHTTP2_ERR_CALLBACK_FAILURE.rawValue)
    }
    var isLast = false
    guard
      let count = connection.readBody(
        streamID, into: UnsafeMutableRawBufferPointer(start: buffer, count: length),
        isLast: &isLast)
    else {
      // The stream is gone: reset it rather than fail the connection.
      return Int(NGHTTP2_ERR_TEMPORAL_CALLBACK_FAILURE.rawValue)
    }
    if isLast { flags.pointee |= NGHTTP2_DATA_FLAG_EOF.rawValue }
    return count
  }
}
