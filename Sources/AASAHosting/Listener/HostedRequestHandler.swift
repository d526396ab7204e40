import NIOCore
import NIOHTTP1

/// Reads one request at a time (`HTTPServerPipelineHandler` holds back pipelined ones): judges
/// its head first (``HostedHandler/refusal(beforeBody:)``, the declared length, the listener's
/// ``BodyBudget``), then reads its body up to the handler's limit, asks the ``HostedHandler`` off
/// the event loop, and writes the answer, then hands the listener's recorder a
/// ``HostedExchange`` (the access log line, the request metrics). A refusal is written at once and the connection closes: the rest of the body is never read.
final class HostedRequestHandler: ChannelInboundHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  private let handler: any HostedHandler
  private let deadlines: ConnectionDeadlines
  private let budget: BodyBudget
  private let record: @Sendable (HostedExchange) -> Void
  /// Each answer closes its connection (``HostedHandler/answersOneRequestPerConnection``).
  private let closesAfterAnswer: Bool
  private var head: HTTPRequestHead?
  private var body: [UInt8] = []
  /// The bytes of ``budget`` this request holds: its declared length, or the chunks so far.
  private var held = 0
  /// Whether the head declared its length (and took it from the budget whole).
  private var declared = false
  private var started = NIODeadline.now()
  /// The request was refused: the answer is written, the rest is not read.
  private var refused = false

  init(
    handler: any HostedHandler, deadlines: ConnectionDeadlines, budget: BodyBudget,
    record: @escaping @Sendable (HostedExchange) -> Void
  ) {
    self.handler = handler
    self.deadlines = deadlines
    self.budget = budget
    self.record = record
    self.closesAfterAnswer = handler.answersOneRequestPerConnection
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    // A body cut short by the client's close (or a refusal) gives its share back.
    budget.giveBack(held)
    held = 0
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let head):
      deadlines.requestBodyStarted()
      started = deadlines.lastActivity
      self.head = head
      body = []
      refused = false
      declared = false
      let remote = context.channel.remoteAddress?.ipAddress
      if let refusal = handler.refusal(beforeBody: Self.request(head, body: [], remote: remote)) {
        refuse(refusal, context: context)
        return
      }
      if let length = head.headers.first(name: "content-length").flatMap(Int.init) {
        // A declared length over the limit is refused before a byte of the body is read, and
        // one within it takes its whole share of the budget now.
        guard length <= handler.maximumBodySize else {
          refuse(handler.tooLarge(), context: context)
          return
        }
        guard budget.take(length) else {
          refuse(handler.overloaded(), context: context)
          return
        }
        held = length
        declared = true
      }
      if head.headers.first(name: "expect")?.lowercased() == "100-continue" {
        // curl asks before sending a body over 1 KB, and waits a second for the answer.
        context.writeAndFlush(
          wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .continue))),
          promise: nil)
      }
    case .body(var buffer):
      guard !refused, head != nil else { return }
      if buffer.readableBytes > handler.maximumBodySize - body.count {
        refuse(handler.tooLarge(), context: context)
        return
      }
      if !declared {
        // Sent in chunks: each takes its share as it comes.
        guard budget.take(buffer.readableBytes) else {
          refuse(handler.overloaded(), context: context)
          return
        }
        held += buffer.readableBytes
      }
      body += buffer.readBytes(length: buffer.readableBytes) ?? []
    case .end:
      guard !refused, let head else { return }
      self.head = nil
      deadlines.requestAnswering()
      let request = Self.request(head, body: body, remote: context.channel.remoteAddress?.ipAddress)
      body = []
      // The body's share goes with the request, given back once the answer is written.
      let share = held
      held = 0
      let handler = self.handler
      let budget = self.budget
      let channel = context.channel
      let deadlines = NIOLoopBound(self.deadlines, eventLoop: context.eventLoop)
      let record = recorder(head: head, remote: request.remoteAddress)
      let keepAlive = head.isKeepAlive && !closesAfterAnswer
      Task { [handler, channel, record, request, head, budget, deadlines] in
        let response = await handler.respond(to: request)
        budget.giveBack(share)
        HostedResponseWriter.write(response, for: head, on: channel, keepAlive: keepAlive) {
          deadlines.value.answerWritten(at: .now())
        }
        record(response)
      }
    }
  }

  private static func request(_ head: HTTPRequestHead, body: [UInt8], remote: String?)
    -> HostedRequest
  {
    HostedRequest(
      method: head.method.rawValue, target: head.uri,
      headers: head.headers.map { (name: $0.name, value: $0.value) }, body: body,
      remoteAddress: remote)
  }

  /// Answers with `response` and closes: the rest of the body is never read.
  private func refuse(_ response: HostedResponse, context: ChannelHandlerContext) {
    refused = true
    body = []
    deadlines.requestAnswering()
    guard let head else { return }
    HostedResponseWriter.write(response, for: head, on: context.channel, keepAlive: false)
    recorder(head: head, remote: context.channel.remoteAddress?.ipAddress)(response)
  }

  /// Hands a finished request to the listener's recorder; callable from any thread.
  private func recorder(head: HTTPRequestHead, remote: String?)
    -> @Sendable (HostedResponse) -> Void
  {
    let record = self.record
    let started = self.started
    let protocolName = head.version.minor == 0 ? "HTTP/1.0" : "HTTP/1.1"
    let userAgent = head.headers.first(name: "user-agent")
    return { response in
      record(
        HostedExchange(
          method: head.method.rawValue, target: head.uri,
          status: UInt(clamping: response.status), bodyBytes: response.body.count,
          started: started, userAgent: userAgent, remoteAddress: remote,
          protocolName: protocolName))
    }
  }
}

/// Writes a ``HostedResponse`` on a channel, from any thread: on the channel's event loop, so that
/// no promise is made off it. A loop that has already shut down (the server stopping while a
/// check was still running) drops the write instead of leaving a promise that is never kept.
enum HostedResponseWriter {
  /// - Parameter written: Run on the channel's event loop once the answer is handed to it.
  static func write(
    _ response: HostedResponse, for head: HTTPRequestHead, on channel: Channel, keepAlive: Bool,
    written: (@Sendable () -> Void)? = nil
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
      written?()
      channel.writeAndFlush(HTTPServerResponsePart.end(nil)).whenComplete { _ in
        if !keepAlive { channel.close(promise: nil) }
      }
    }
  }
}
