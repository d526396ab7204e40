import NIOCore
import NIOHTTP1

/// Reads one request at a time (`HTTPServerPipelineHandler` holds back pipelined ones), its body
/// up to the handler's limit, asks the ``HostedHandler`` off the event loop, and writes the
/// answer with the access log line and the request metrics.
final class HostedRequestHandler: ChannelInboundHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  private let handler: any HostedHandler
  private let deadlines: ConnectionDeadlines
  private let accessLog: AccessLog?
  private let name: String
  private var head: HTTPRequestHead?
  private var body: [UInt8] = []
  private var started = NIODeadline.now()
  /// The body went over the limit: the answer is written, the rest is not read.
  private var refused = false
  private var counters = RequestCounterCache()

  init(
    handler: any HostedHandler, deadlines: ConnectionDeadlines, accessLog: AccessLog?, name: String
  ) {
    self.handler = handler
    self.deadlines = deadlines
    self.accessLog = accessLog
    self.name = name
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let head):
      deadlines.requestHeadReceived()
      started = deadlines.lastActivity
      self.head = head
      body = []
      refused = false
      // A declared length over the limit is refused before a byte of the body is read.
      if let length = head.headers.first(name: "content-length").flatMap(Int.init),
        length > handler.maximumBodySize
      {
        refuse(context: context)
      } else if head.headers.first(name: "expect")?.lowercased() == "100-continue" {
        // curl asks before sending a body over 1 KB, and waits a second for the answer.
        context.writeAndFlush(
          wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .continue))),
          promise: nil)
      }
    case .body(var buffer):
      guard !refused, head != nil else { return }
      if buffer.readableBytes > handler.maximumBodySize - body.count {
        refuse(context: context)
        return
      }
      body += buffer.readBytes(length: buffer.readableBytes) ?? []
    case .end:
      guard !refused, let head else { return }
      self.head = nil
      let request = HostedRequest(
        method: head.method.rawValue, target: head.uri,
        headers: head.headers.map { (name: $0.name, value: $0.value) }, body: body,
        remoteAddress: context.channel.remoteAddress?.ipAddress)
      body = []
      let handler = self.handler
      let channel = context.channel
      let record = recorder(head: head, remote: request.remoteAddress)
      Task { [handler, channel, record, request, head] in
        let response = await handler.respond(to: request)
        HostedResponseWriter.write(response, for: head, on: channel, keepAlive: head.isKeepAlive)
        record(response)
      }
    }
  }

  /// Answers with the handler's 413 and closes: the rest of the body is never read.
  private func refuse(context: ChannelHandlerContext) {
    refused = true
    guard let head else { return }
    let response = handler.tooLarge()
    HostedResponseWriter.write(response, for: head, on: context.channel, keepAlive: false)
    recorder(head: head, remote: context.channel.remoteAddress?.ipAddress)(response)
  }

  /// Records a finished request in the access log and the metrics; callable from any thread.
  private func recorder(head: HTTPRequestHead, remote: String?)
    -> @Sendable (HostedResponse) -> Void
  {
    let accessLog = self.accessLog
    let started = self.started
    let name = self.name
    let protocolName = head.version.minor == 0 ? "HTTP/1.0" : "HTTP/1.1"
    let userAgent = head.headers.first(name: "user-agent")
    return { response in
      let status = UInt(clamping: response.status)
      ServerMetrics.shared.recordRequest(
        ServerMetrics.shared.requestCounters(
          status: status, protocolName: protocolName, site: name),
        bodyBytes: response.body.count, started: started)
      accessLog?.record(
        method: head.method.rawValue, target: head.uri, status: status,
        bytes: response.body.count, started: started, userAgent: userAgent,
        remote: remote ?? "-", protocolName: protocolName)
    }
  }
}

/// Writes a ``HostedResponse`` on a channel, from any thread: on the channel's event loop, so that
/// no promise is made off it. A loop that has already shut down (the server stopping while a
/// check was still running) drops the write instead of leaving a promise that is never kept.
enum HostedResponseWriter {
  static func write(
    _ response: HostedResponse, for head: HTTPRequestHead, on channel: Channel, keepAlive: Bool
  ) {
    var headers = HTTPHeaders()
    for (name, value) in response.headers { headers.add(name: name, value: value) }
    headers.replaceOrAdd(name: "content-length", value: String(response.body.count))
    if !keepAlive { headers.replaceOrAdd(name: "connection", value: "close") }
    let responseHead = HTTPResponseHead(
      version: head.version, status: HTTPResponseStatus(statusCode: response.status),
      headers: headers)
    let body = head.method != .HEAD && !response.body.isEmpty ? response.body : nil
    channel.eventLoop.execute {
      channel.write(HTTPServerResponsePart.head(responseHead), promise: nil)
      if let body {
        channel.write(
          HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(bytes: body))), promise: nil)
      }
      channel.writeAndFlush(HTTPServerResponsePart.end(nil)).whenComplete { _ in
        if !keepAlive { channel.close(promise: nil) }
      }
    }
  }
}
