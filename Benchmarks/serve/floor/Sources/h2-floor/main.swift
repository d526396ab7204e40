import Foundation
import NIOCore
import NIOHPACK
import NIOHTTP2
import NIOPosix
import NIOSSL

/// Answers every request stream with the same HEADERS and DATA frames, straight from the
/// connection's frames (no child channel per stream), as aasa-serve's responder does.
final class FixedAnswer: ChannelInboundHandler {
  typealias InboundIn = HTTP2Frame
  typealias OutboundOut = HTTP2Frame

  let headers: HPACKHeaders
  let body: ByteBuffer

  init(headers: HPACKHeaders, body: ByteBuffer) {
    self.headers = headers
    self.body = body
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let frame = unwrapInboundIn(data)
    guard case .headers = frame.payload else { return }
    let head = HTTP2Frame.FramePayload.Headers(headers: headers, endStream: false)
    context.write(
      wrapOutboundOut(HTTP2Frame(streamID: frame.streamID, payload: .headers(head))), promise: nil)
    let data = HTTP2Frame.FramePayload.Data(data: .byteBuffer(body), endStream: true)
    context.write(
      wrapOutboundOut(HTTP2Frame(streamID: frame.streamID, payload: .data(data))), promise: nil)
    context.flush()
  }
}

let arguments = CommandLine.arguments
guard arguments.count == 5, let port = Int(arguments[1]) else {
  print("usage: h2-floor PORT CERT.pem KEY.pem FILE")
  exit(2)
}
var tls = TLSConfiguration.makeServerConfiguration(
  certificateChain: try NIOSSLCertificate.fromPEMFile(arguments[2]).map { .certificate($0) },
  privateKey: .privateKey(try NIOSSLPrivateKey(file: arguments[3], format: .pem)))
tls.applicationProtocols = ["h2"]
let context = try NIOSSLContext(configuration: tls)
let file = try String(contentsOfFile: arguments[4], encoding: .utf8)
let body = ByteBuffer(string: file)
let headers: HPACKHeaders = [
  ":status": "200", "content-type": "application/json", "content-length": "\(body.readableBytes)",
]

let group = MultiThreadedEventLoopGroup(numberOfThreads: System.coreCount)
let channel = try ServerBootstrap(group: group)
  .serverChannelOption(.backlog, value: 1024)
  .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
  .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
  .childChannelOption(.maxMessagesPerRead, value: 16)
  .childChannelInitializer { channel in
    channel.eventLoop.makeCompletedFuture {
      let sync = channel.pipeline.syncOperations
      try sync.addHandler(NIOSSLServerHandler(context: context))
      try sync.addHandler(NIOHTTP2Handler(mode: .server))
      try sync.addHandler(FixedAnswer(headers: headers, body: body))
    }
  }
  .bind(host: "127.0.0.1", port: port).wait()
print("h2-floor listening on \(port)")
try channel.closeFuture.wait()
