import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import TestSupport
import Testing

@testable import AASAACME

/// ARI (RFC 9773) and profiles, which Pebble 2.4 lacks, against a stub CA over HTTPS on
/// 127.0.0.1: the renewal window and its Retry-After read, `replaces` and `profile` sent on the
/// order only when given.
@Suite("ACME: renewal information and profiles against a stub CA")
struct RenewalInfoStubTests {
  @Test func theWindowAndTheOrderFields() async throws {
    let stub = try await StubCA.start()
    var configuration = ACMEClient.Configuration(
      directoryURL: stub.url("/dir"), trustRootFile: stub.rootFile)
    configuration.requestTimeout = .seconds(10)
    let client = try ACMEClient(configuration)
    do {
      let directory = try await client.directory()
      #expect(directory.meta?.profiles?["shortlived"] != nil)
      let info = try #require(
        try await client.renewalInfo(certificateID: "aYhba4dGQEHhs3uEe6CuLN4ByNQ.AIdlQyE"))
      #expect(info.start == Date(timeIntervalSince1970: 1_900_000_000))
      #expect(info.end == Date(timeIntervalSince1970: 1_900_086_400))
      #expect(info.retryAfter == .seconds(21_600))
      #expect(stub.paths.contains("/renewal-info/aYhba4dGQEHhs3uEe6CuLN4ByNQ.AIdlQyE"))

      let account = ACMEAccount(
        url: stub.url("/account/1"), key: AccountKey(), status: "valid", created: false)
      _ = try await client.newOrder(
        for: ["a.example.test"], account: account, replaces: "aYhba4dGQEHhs3uEe6CuLN4ByNQ.AIdlQyE",
        profile: "shortlived")
      _ = try await client.newOrder(for: ["b.example.test"], account: account)
      let orders = stub.orderPayloads
      #expect(orders.count == 2)
      #expect(orders.first?["replaces"] == "aYhba4dGQEHhs3uEe6CuLN4ByNQ.AIdlQyE")
      #expect(orders.first?["profile"] == "shortlived")
      #expect(orders.last?["replaces"] == nil && orders.last?["profile"] == nil)
    } catch {
      try? await client.shutdown()
      await stub.stop()
      throw error
    }
    try await client.shutdown()
    await stub.stop()
  }
}

/// The few answers of a CA the test needs, over HTTPS with a root made at test time.
final class StubCA: Sendable {
  let channel: Channel
  let rootFile: String
  let folder: TemporaryDirectory
  private let seen = NIOLockedValueBox<(paths: [String], orders: [[String: String]])>(([], []))

  var port: Int { channel.localAddress?.port ?? 0 }
  func url(_ path: String) -> String { "https://127.0.0.1:\(port)\(path)" }
  var paths: [String] { seen.withLockedValue { $0.paths } }
  var orderPayloads: [[String: String]] { seen.withLockedValue { $0.orders } }

  private init(channel: Channel, rootFile: String, folder: TemporaryDirectory) {
    self.channel = channel
    self.rootFile = rootFile
    self.folder = folder
  }

  static func start() async throws -> StubCA {
    let folder = try TemporaryDirectory(label: "stub-ca")
    let (root, leaf, key) = try PebbleCA.makeHTTPSCertificate()
    let rootFile = try folder.write("root.pem", root)
    let context = try NIOSSLContext(
      configuration: .makeServerConfiguration(
        certificateChain: try NIOSSLCertificate.fromPEMBytes(Array(leaf.utf8)).map {
          .certificate($0)
        }, privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(key.utf8), format: .pem))))
    let box = Box()
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          let sync = channel.pipeline.syncOperations
          try sync.addHandler(NIOSSLServerHandler(context: context))
          try sync.configureHTTPServerPipeline()
          try sync.addHandler(Handler(box: box))
        }
      }
      .bind(host: "127.0.0.1", port: 0).get()
    let stub = StubCA(channel: channel, rootFile: rootFile, folder: folder)
    box.stub.withLockedValue { $0 = stub }
    return stub
  }

  func stop() async { try? await channel.close() }

  /// The stub, once started, for the handlers made before it exists.
  final class Box: Sendable {
    let stub = NIOLockedValueBox<StubCA?>(nil)
  }

  /// What the stub answers for `method path` with `body`: status, headers, JSON.
  func answer(_ method: HTTPMethod, _ path: String, _ body: [UInt8]) -> (
    HTTPResponseStatus, [(String, String)], String
  ) {
    let nonce = [("Replay-Nonce", "nonce\(UInt32.random(in: 0...UInt32.max))")]
    seen.withLockedValue { $0.paths.append(path) }
    switch path {
    case "/dir":
      return (
        .ok, [],
        #"{"newNonce":"\#(url("/nonce"))","newAccount":"\#(url("/account"))","newOrder":"\#(url("/order"))","renewalInfo":"\#(url("/renewal-info"))","meta":{"profiles":{"classic":"90 days","shortlived":"6 days"}}}"#
      )
    case "/nonce":
      return (.ok, nonce, "")
    case _ where path.hasPrefix("/renewal-info/"):
      return (
        .ok, [("Retry-After", "21600")],
        #"{"suggestedWindow":{"start":"2030-03-17T17:46:40Z","end":"2030-03-18T17:46:40Z"}}"#
      )
    case "/order":
      if let jws = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
        let payload = (jws["payload"] as? String).flatMap(Base64URL.decode),
        let order = try? JSONSerialization.jsonObject(with: Data(payload)) as? [String: Any]
      {
        seen.withLockedValue { $0.orders.append(order.compactMapValues { $0 as? String }) }
      }
      return (
        .created, nonce + [("Location", url("/order/1"))],
        #"{"status":"pending","identifiers":[],"authorizations":[],"finalize":"\#(url("/finalize/1"))"}"#
      )
    default:
      return (.notFound, nonce, "{}")
    }
  }

  final class Handler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart
    let box: Box
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []

    init(box: Box) { self.box = box }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      switch unwrapInboundIn(data) {
      case .head(let head):
        self.head = head
        body = []
      case .body(let buffer):
        body += buffer.readableBytesView
      case .end:
        guard let head, let stub = box.stub.withLockedValue({ $0 }) else { return }
        let (status, extra, json) = stub.answer(head.method, head.uri, body)
        var headers = HTTPHeaders(extra)
        headers.add(name: "Content-Type", value: "application/json")
        headers.add(name: "Content-Length", value: "\(json.utf8.count)")
        context.write(
          wrapOutboundOut(.head(.init(version: head.version, status: status, headers: headers))),
          promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: json)))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
      }
    }
  }
}
