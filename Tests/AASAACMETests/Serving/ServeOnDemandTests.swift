import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import NIOTLS
import TestSupport
import Testing

/// `--acme-ask`: names no site has are ordered only when the operator's endpoint says yes, and
/// a flood of random server names orders nothing, asks a bounded number of questions, and every
/// handshake still completes at once.
@Suite(
  "aasa-serve --acme-ask against Pebble", .enabled(if: PebbleCA.runs, PebbleCA.skipReason),
  .programsTimeLimit)
struct ServeOnDemandTests {
  /// The endpoint: 200 for `allowed.example.test`, 403 for every other name; each question a
  /// line in `asks`. It binds a port the system chooses and writes it to the file `argv[1]`
  /// once it listens (renamed into place, so a reader never sees half of it): a port found free
  /// by the test and bound later by the endpoint could be taken by another test's program
  /// meanwhile.
  static let endpoint = """
    import http.server, os, sys
    class Ask(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            with open(sys.argv[2], "a") as log:
                log.write(self.path + "\\n")
            self.send_response(200 if self.path.endswith("domain=allowed.example.test") else 403)
            self.send_header("Content-Length", "0")
            self.end_headers()
        def log_message(self, *arguments):
            pass
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Ask)
    with open(sys.argv[1] + ".tmp", "w") as port:
        port.write(str(server.server_address[1]))
    os.rename(sys.argv[1] + ".tmp", sys.argv[1])
    server.serve_forever()
    """

  @Test func theAskGuardUnderAThousandRandomNames() async throws {
    try await ACMEServeFixture.with(names: ["a.example.test"]) { fixture in
      let python = try ExecutableLookup.require("python3")
      let script = try fixture.folder.write("ask.py", Self.endpoint)
      let asks = fixture.folder.file("asks.log")
      let portFile = fixture.folder.file("ask.port")
      let ask = try SpawnedProcess(python, [script, portFile, asks])
      defer { ask.kill() }
      try await fixture.wait("the ask endpoint") {
        FileManager.default.fileExists(atPath: portFile) || !ask.isRunning
      }
      let askPort = try #require(
        Int(try String(contentsOfFile: portFile, encoding: .utf8)), "the endpoint did not start")
      let server = try await fixture.serve(
        label: "ask", ["--acme-ask", "http://127.0.0.1:\(askPort)/check", "--admin", "127.0.0.1:0"])
      try await server.waitUntilListening()
      let client = try TLSProbe()

      // An approved name is ordered after its first handshake, which did not wait for it.
      #expect(try await client.handshake(port: fixture.tlsPort, serverName: "allowed.example.test"))
      try await fixture.wait("the approved name's certificate") {
        fixture.hasCertificate("allowed.example.test")
      }

      // A thousand names nobody approved: every handshake completes, nothing is ordered.
      var completed = 0
      for _ in 0..<1000 {
        let name = "r\(UInt64.random(in: 0...UInt64.max)).example.test"
        if try await client.handshake(port: fixture.tlsPort, serverName: name) { completed += 1 }
      }
      #expect(completed == 1000)
      try await Task.sleep(for: .seconds(2))
      #expect(server.count("ordering a certificate") == 2, "\(server.log)")
      let questions = ((try? String(contentsOfFile: asks, encoding: .utf8)) ?? "")
        .split(separator: "\n")
      // At most 60 questions a minute, the approved one among them.
      #expect(questions.count <= 60, "\(questions.count) questions")
      #expect(questions.count >= 2)
      let admin = try #require(server.log.firstMatch(of: /admin on http:\/\/127\.0\.0\.1:(\d+)/))
      let curl = try ExecutableLookup.require("curl")
      let metrics = try await ChildProcess.run(
        curl, ["-sS", "--max-time", "5", "http://127.0.0.1:\(admin.1)/metrics"]
      ).stdout
      var refused = 0
      for line in metrics.split(separator: "\n")
      where line.hasPrefix("aasa_acme_ondemand_denied_total{") {
        refused += Int(Double(line.split(separator: " ").last ?? "") ?? 0)
      }
      #expect(refused == 1000, "\(metrics)")
      await server.stop()
    }
  }
}

/// TLS handshakes from the test, accepting any certificate: did the server complete one?
final class TLSProbe: Sendable {
  let context: NIOSSLContext

  init() throws {
    var configuration = TLSConfiguration.makeClientConfiguration()
    configuration.certificateVerification = .none
    configuration.applicationProtocols = ["h2", "http/1.1"]
    context = try NIOSSLContext(configuration: configuration)
  }

  func handshake(port: Int, serverName: String) async throws -> Bool {
    let group = MultiThreadedEventLoopGroup.singleton
    let done = group.next().makePromise(of: Bool.self)
    let context = self.context
    let channel = try await ClientBootstrap(group: group)
      .channelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHandler(
            try NIOSSLClientHandler(context: context, serverHostname: serverName))
          try channel.pipeline.syncOperations.addHandler(HandshakeWaiter(done: done))
        }
      }
      .connect(host: "127.0.0.1", port: port).get()
    let completed = try await done.futureResult.get()
    try? await channel.close()
    return completed
  }

  /// Says once whether the handshake completed: on its event, or on an error or a close
  /// before it.
  final class HandshakeWaiter: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    let done: EventLoopPromise<Bool>
    private var said = false

    init(done: EventLoopPromise<Bool>) { self.done = done }

    private func say(_ completed: Bool) {
      guard !said else { return }
      said = true
      done.succeed(completed)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
      if case .handshakeCompleted = event as? TLSUserEvent { say(true) }
      context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
      say(false)
      context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
      say(false)
      context.fireChannelInactive()
    }
  }
}
