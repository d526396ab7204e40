import CNGHTTP2

/// Makes the `nghttp2_session` of an `HTTP2Connection`: the settings it announces, the limits it
/// enforces, and the C callbacks through which it reports requests. The callbacks find their
/// connection through the session's user data and do nothing but hand over to it.
enum HTTP2SessionSetup {
  /// SETTINGS and PING acknowledgements the session may queue while the client does not read;
  /// past this nghttp2 fails the connection as a flood (NGHTTP2_ERR_FLOODED: GOAWAY
  /// ENHANCE_YOUR_CALM). nghttp2's default; nginx-like servers allow a few hundred.
  static let maxQueuedControlFrames = 1000
  /// Streams a client may have open at once. Requests are answered at once, so this is plenty.
  static let maxConcurrentStreams: UInt32 = 100
  /// Frames of every kind the session may hold queued for a client: a response's HEADERS per
  /// open stream plus the control frames above. nghttp2 counts only acknowledgements against
  /// `maxQueuedControlFrames`; the resets it queues by itself (a refused stream gets
  /// RST_STREAM REFUSED_STREAM) it does not count at all, so a client that never reads could
  /// make it queue one for every 13 bytes it sends. `HTTP2Connection` checks the whole queue
  /// after every slice of input against this bound.
  static let maxQueuedFrames = Int(maxConcurrentStreams) + maxQueuedControlFrames
  /// RST_STREAM frames a client may send at once, and per second after that, before the
  /// connection is closed: the rapid-reset attack (CVE-2023-44487). nghttp2's defaults, set
  /// explicitly so that a library without the limit cannot be used.
  static let streamResetBurst: UInt64 = 1000
  static let streamResetsPerSecond: UInt64 = 33
  /// CONTINUATION frames allowed after one HEADERS (CVE-2024-28182); nghttp2's default. A
  /// request head fits in a few.
  static let maxContinuations = 8

  /// Names the flood limits the linked libnghttp2 lacks, or nil when it has both: the server
  /// refuses to start without them, as the version number alone cannot tell a patched 1.52
  /// from an unpatched one.
  static var missingFloodLimits: String? {
    var options: OpaquePointer?
    guard nghttp2_option_new(&options) == 0 else { return "libnghttp2 could not be initialised" }
    defer { nghttp2_option_del(options) }
    var missing: [String] = []
    if cngh_set_stream_reset_rate_limit(options, streamResetBurst, streamResetsPerSecond) == 0 {
      missing.append("nghttp2_option_set_stream_reset_rate_limit (CVE-2023-44487, rapid reset)")
    }
    if cngh_set_max_continuations(options, maxContinuations) == 0 {
      missing.append("nghttp2_option_set_max_continuations (CVE-2024-28182, CONTINUATION flood)")
    }
    guard !missing.isEmpty else { return nil }
    return "the linked libnghttp2 \(String(cString: nghttp2_version(0).pointee.version_str)) "
      + "lacks the HTTP/2 flood limits "
      + missing.joined(separator: " and ")
      + "; install 1.61.0 or later, or a distribution build with these fixes "
      + "(Debian 12: libnghttp2-14 1.52.0-1+deb12u2 or later)"
  }

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
    // Both exist: `SiteServer.bind` refused to start otherwise (`missingFloodLimits`).
    _ = cngh_set_stream_reset_rate_limit(options, streamResetBurst, streamResetsPerSecond)
    _ = cngh_set_max_continuations(options, maxContinuations)
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
    } else if header.type == UInt8(NGHTTP2_RST_STREAM.rawValue)
      && frame.pointee.rst_stream.error_code == NGHTTP2_REFUSED_STREAM.rawValue
    {
      connection.streamRefused()
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
