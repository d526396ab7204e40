import Foundation
import NIOCore
import NIOPosix
import NIOSSL

// The HTTP/2 floor on libnghttp2: the same TLS, socket options and answer as `h2-floor`, with an
// nghttp2 session in place of NIOHTTP2 (see `NGHTTP2Connection`).
let arguments = CommandLine.arguments
guard arguments.count == 5, let port = Int(arguments[1]) else {
  print("usage: h2-floor-nghttp2 PORT CERT.pem KEY.pem FILE")
  exit(2)
}
var tls = TLSConfiguration.makeServerConfiguration(
  certificateChain: try NIOSSLCertificate.fromPEMFile(arguments[2]).map { .certificate($0) },
  privateKey: .privateKey(try NIOSSLPrivateKey(file: arguments[3], format: .pem)))
tls.applicationProtocols = ["h2"]
let context = try NIOSSLContext(configuration: tls)
let file = try Data(contentsOf: URL(fileURLWithPath: arguments[4]))
let answer = PreparedAnswer(body: Array(file), contentType: "application/json")

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
      try sync.addHandler(NGHTTP2Connection(answer: answer))
    }
  }
  .bind(host: "127.0.0.1", port: port).wait()
print("h2-floor-nghttp2 listening on \(port)")
try channel.closeFuture.wait()
