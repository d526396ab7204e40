import Crypto
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import SwiftASN1
import TestSupport
import X509

@testable import AASAACME

/// A small ACME CA over HTTPS on 127.0.0.1, for what Pebble 2.4 lacks: ACME Renewal Information
/// (RFC 9773) and profiles. It issues real certificates (under a root made here) for every
/// order, with authorizations already valid (as a CA that reuses them), so the server under test
/// runs its whole order flow; it records every order's payload and every ARI question, with
/// the time each arrived. It checks no signature: the client's JWS is tested against Pebble.
final class StubACMEServer: Sendable {
  /// What the stub answers to `GET renewalInfo/<certID>`: given the certificate ID, which
  /// certificate it is (0 for the first the stub issued; nil for one it did not issue) and how
  /// many questions came before for that ID.
  struct RenewalAnswer: Sendable {
    var start: Date
    var end: Date
    /// `Retry-After` in seconds; nil sends none.
    var retryAfter: Int?
  }
  typealias RenewalPolicy =
    @Sendable (_ certificateID: String, _ issuedIndex: Int?, _ asked: Int) -> RenewalAnswer

  struct Order: Sendable {
    var time: Date
    var fields: [String: String]
    var names: [String]
  }
  struct Question: Sendable {
    var time: Date
    var certificateID: String
    var answer: RenewalAnswer
  }
  struct Issued: Sendable {
    var certificateID: String
    var notBefore: Date
    var notAfter: Date
  }

  private struct State {
    var orders: [Order] = []
    var questions: [Question] = []
    var paths: [String] = []
    /// Order number → names, status, certificate PEM once finalized.
    var orderNames: [Int: [String]] = [:]
    var chains: [Int: String] = [:]
    var issued: [Issued] = []
  }

  let channel: Channel
  /// The root of the stub's HTTPS, for `--acme-ca-root`.
  let rootFile: String
  /// The root of the certificates it issues, for clients that verify them.
  let issuingRootFile: String
  let folder: TemporaryDirectory
  let validity: TimeInterval
  let profiles: [String: String]
  let renewalPolicy: RenewalPolicy
  private let issuer: Issuer
  private let state = NIOLockedValueBox(State())

  var port: Int { channel.localAddress?.port ?? 0 }
  func url(_ path: String) -> String { "https://127.0.0.1:\(port)\(path)" }
  var directoryURL: String { url("/dir") }
  var paths: [String] { state.withLockedValue { $0.paths } }
  var orders: [Order] { state.withLockedValue { $0.orders } }
  var questions: [Question] { state.withLockedValue { $0.questions } }
  var issued: [Issued] { state.withLockedValue { $0.issued } }
  /// The field values of each order's payload, as strings (`replaces`, `profile`).
  var orderPayloads: [[String: String]] { orders.map(\.fields) }

  /// The issuing root's key and name; P-256, with a subject key identifier that issued
  /// certificates carry as their authority key identifier (the first half of an ARI ID).
  private struct Issuer: Sendable {
    let keyBytes: [UInt8]
    let name: DistinguishedName
    let keyIdentifier: [UInt8]
    let rootPEM: String
    var key: P256.Signing.PrivateKey { try! P256.Signing.PrivateKey(rawRepresentation: keyBytes) }
  }

  private init(
    channel: Channel, rootFile: String, issuingRootFile: String, folder: TemporaryDirectory,
    validity: TimeInterval, profiles: [String: String], renewalPolicy: @escaping RenewalPolicy,
    issuer: Issuer
  ) {
    self.channel = channel
    self.rootFile = rootFile
    self.issuingRootFile = issuingRootFile
    self.folder = folder
    self.validity = validity
    self.profiles = profiles
    self.renewalPolicy = renewalPolicy
    self.issuer = issuer
  }

  /// A fixed window far away, asked again after 6 hours.
  static let fixedWindow: RenewalPolicy = { _, _, _ in
    RenewalAnswer(
      start: Date(timeIntervalSince1970: 1_900_000_000),
      end: Date(timeIntervalSince1970: 1_900_086_400), retryAfter: 21_600)
  }

  /// - Parameters:
  ///   - validity: Of each certificate issued, in seconds.
  ///   - profiles: `meta.profiles` of the directory; empty lists none.
  ///   - renewalInfo: Whether the directory offers `renewalInfo`.
  ///   - accountProblem: A problem type (`invalidContact`) every new account is refused with.
  ///   - unavailableDirectory: How many times the directory answers 503 before it answers.
  ///   - ordersHang: New orders are never answered (a CA that stalls mid-order).
  static func start(
    validity: TimeInterval = 3600, profiles: [String: String] = [:], renewalInfo: Bool = true,
    accountProblem: String? = nil, unavailableDirectory: Int = 0, ordersHang: Bool = false,
    renewalPolicy: @escaping RenewalPolicy = fixedWindow
  ) async throws -> StubACMEServer {
    let folder = try TemporaryDirectory(label: "stub-acme")
    let (root, leaf, key) = try PebbleCA.makeHTTPSCertificate()
    let rootFile = try folder.write("root.pem", root)
    let issuer = try makeIssuer()
    let issuingRootFile = try folder.write("issuing-root.pem", issuer.rootPEM)
    let context = try NIOSSLContext(
      configuration: .makeServerConfiguration(
        certificateChain: try NIOSSLCertificate.fromPEMBytes(Array(leaf.utf8)).map {
          .certificate($0)
        }, privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(key.utf8), format: .pem))))
    let box = NIOLockedValueBox<StubACMEServer?>(nil)
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          let sync = channel.pipeline.syncOperations
          try sync.addHandler(NIOSSLServerHandler(context: context))
          try sync.configureHTTPServerPipeline()
          try sync.addHandler(Handler(stub: { box.withLockedValue { $0 } }))
        }
      }
      .bind(host: "127.0.0.1", port: 0).get()
    let stub = StubACMEServer(
      channel: channel, rootFile: rootFile, issuingRootFile: issuingRootFile, folder: folder,
      validity: validity, profiles: profiles,
      renewalPolicy: renewalPolicy, issuer: issuer)
    stub.settings.withLockedValue {
      $0 = Settings(
        renewalInfo: renewalInfo, accountProblem: accountProblem,
        unavailableDirectory: unavailableDirectory, ordersHang: ordersHang)
    }
    box.withLockedValue { $0 = stub }
    return stub
  }

  private struct Settings {
    var renewalInfo = true
    var accountProblem: String?
    var unavailableDirectory = 0
    var ordersHang = false
  }
  private let settings = NIOLockedValueBox(Settings())

  func stop() async { try? await channel.close() }

  struct StubFailure: Error {}

  private static func makeIssuer() throws -> Issuer {
    let key = P256.Signing.PrivateKey()
    let name = try DistinguishedName { CommonName("aasa test stub ACME issuing root") }
    let keyIdentifier = Array(SHA256.hash(data: key.publicKey.x963Representation).prefix(20))
    let now = Date()
    let root = try Certificate(
      version: .v3, serialNumber: Certificate.SerialNumber(),
      publicKey: Certificate.PublicKey(key.publicKey),
      notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(86_400),
      issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256,
      extensions: try Certificate.Extensions {
        Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
        Critical(KeyUsage(keyCertSign: true))
        SubjectKeyIdentifier(keyIdentifier: ArraySlice(keyIdentifier))
      },
      issuerPrivateKey: Certificate.PrivateKey(key))
    return Issuer(
      keyBytes: Array(key.rawRepresentation), name: name, keyIdentifier: keyIdentifier,
      rootPEM: try root.serializeAsPEM().pemString)
  }

  /// A certificate for the CSR's names and key, valid from a minute ago for ``validity``.
  private func issue(csrDER: [UInt8]) throws -> (chain: String, issued: Issued) {
    let request = try CertificateSigningRequest(derEncoded: csrDER)
    let alternatives = try request.attributes.extensionRequest?.extensions.subjectAlternativeNames
    let names: [GeneralName] = alternatives.map { Array($0) } ?? []
    let now = Date()
    let notBefore = now.addingTimeInterval(-60)
    let notAfter = now.addingTimeInterval(validity)
    let leaf = try Certificate(
      version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: request.publicKey,
      notValidBefore: notBefore, notValidAfter: notAfter, issuer: issuer.name,
      subject: DistinguishedName(), signatureAlgorithm: .ecdsaWithSHA256,
      extensions: try Certificate.Extensions {
        Critical(BasicConstraints.notCertificateAuthority)
        Critical(KeyUsage(digitalSignature: true))
        try ExtendedKeyUsage([.serverAuth])
        AuthorityKeyIdentifier(keyIdentifier: ArraySlice(issuer.keyIdentifier))
        SubjectAlternativeNames(names)
      },
      issuerPrivateKey: Certificate.PrivateKey(issuer.key))
    guard let id = ACMEClient.certificateID(of: leaf) else { throw StubFailure() }
    return (
      try leaf.serializeAsPEM().pemString + "\n" + issuer.rootPEM,
      Issued(certificateID: id, notBefore: notBefore, notAfter: notAfter)
    )
  }

  /// The payload of a flattened JWS body, as a JSON object; nil for POST-as-GET or no JSON.
  private static func payload(of body: [UInt8]) -> [String: Any]? {
    guard let jws = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
      let encoded = jws["payload"] as? String, let bytes = Base64URL.decode(encoded),
      !bytes.isEmpty
    else { return nil }
    return try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
  }

  private func orderJSON(_ number: Int, names: [String], status: String) -> String {
    let identifiers = names.map { #"{"type":"dns","value":"\#($0)"}"# }.joined(separator: ",")
    let certificate = status == "valid" ? #","certificate":"\#(url("/cert/\(number)"))""# : ""
    return
      #"{"status":"\#(status)","identifiers":[\#(identifiers)],"authorizations":["\#(url("/authz/\(number)"))"],"finalize":"\#(url("/finalize/\(number)"))"\#(certificate)}"#
  }

  /// Status, extra headers, content type and body for `method path` with `body`; nil: no
  /// answer at all.
  func answer(_ method: HTTPMethod, _ path: String, _ body: [UInt8]) -> (
    HTTPResponseStatus, [(String, String)], String, String
  )? {
    let nonce = [("Replay-Nonce", "n\(UInt64.random(in: 0...UInt64.max))")]
    let json = "application/json"
    state.withLockedValue { $0.paths.append(path) }
    let parts = path.split(separator: "/").map(String.init)
    let number = parts.count == 2 ? Int(parts[1]) : nil
    switch (parts.first ?? "", number) {
    case ("not-acme", _):
      return (.ok, [], "text/html", "<html><body>A web page, not an ACME directory</body></html>")
    case ("dir", _):
      let unavailable = settings.withLockedValue { settings in
        guard settings.unavailableDirectory > 0 else { return false }
        settings.unavailableDirectory -= 1
        return true
      }
      if unavailable { return (.serviceUnavailable, [], "text/plain", "down for maintenance") }
      var directory: [String: Any] = [
        "newNonce": url("/nonce"), "newAccount": url("/account"), "newOrder": url("/order"),
      ]
      if settings.withLockedValue({ $0.renewalInfo }) {
        directory["renewalInfo"] = url("/renewal-info")
      }
      if !profiles.isEmpty { directory["meta"] = ["profiles": profiles] }
      let text = String(
        decoding: (try? JSONSerialization.data(withJSONObject: directory)) ?? Data(), as: UTF8.self)
      return (.ok, [], json, text)
    case ("nonce", _):
      return (.ok, nonce, json, "")
    case ("account", _):
      if let problem = settings.withLockedValue({ $0.accountProblem }) {
        return (
          .badRequest, nonce, "application/problem+json",
          #"{"type":"urn:ietf:params:acme:error:\#(problem)","detail":"the stub refuses new accounts","status":400}"#
        )
      }
      return (
        .created, nonce + [("Location", url("/account/1"))], json, #"{"status":"valid"}"#
      )
    case ("order", nil):
      if settings.withLockedValue({ $0.ordersHang }) { return nil }
      let payload = Self.payload(of: body) ?? [:]
      let names = (payload["identifiers"] as? [[String: Any]] ?? []).compactMap {
        $0["value"] as? String
      }
      let order = Order(
        time: Date(), fields: payload.compactMapValues { $0 as? String }, names: names)
      let number = state.withLockedValue { state in
        state.orders.append(order)
        let number = state.orders.count
        state.orderNames[number] = names
        return number
      }
      return (
        .created, nonce + [("Location", url("/order/\(number)"))], json,
        orderJSON(number, names: names, status: "ready")
      )
    case ("order", let number?):
      let (names, chain) = state.withLockedValue { ($0.orderNames[number], $0.chains[number]) }
      guard let names else { return (.notFound, nonce, json, "{}") }
      return (
        .ok, nonce, json, orderJSON(number, names: names, status: chain == nil ? "ready" : "valid")
      )
    case ("authz", let number?):
      let name = state.withLockedValue { $0.orderNames[number]?.first } ?? ""
      return (
        .ok, nonce, json,
        #"{"status":"valid","identifier":{"type":"dns","value":"\#(name)"},"challenges":[]}"#
      )
    case ("finalize", let number?):
      guard let names = state.withLockedValue({ $0.orderNames[number] }),
        let csr = (Self.payload(of: body)?["csr"] as? String).flatMap(Base64URL.decode),
        let (chain, issued) = try? issue(csrDER: csr)
      else {
        return (
          .badRequest, nonce, "application/problem+json",
          #"{"type":"urn:ietf:params:acme:error:badCSR","status":400}"#
        )
      }
      state.withLockedValue {
        $0.chains[number] = chain
        $0.issued.append(issued)
      }
      return (.ok, nonce, json, orderJSON(number, names: names, status: "valid"))
    case ("cert", let number?):
      let chain = state.withLockedValue { $0.chains[number] } ?? ""
      return (.ok, nonce, "application/pem-certificate-chain", chain)
    case ("renewal-info", _) where parts.count == 2:
      let id = parts[1]
      let time = Date()
      let (asked, index) = state.withLockedValue { state in
        (
          state.questions.filter { $0.certificateID == id }.count,
          state.issued.firstIndex { $0.certificateID == id }
        )
      }
      let answer = renewalPolicy(id, index, asked)
      state.withLockedValue {
        $0.questions.append(Question(time: time, certificateID: id, answer: answer))
      }
      let dates = ISO8601DateFormatter()
      dates.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
      return (
        .ok, answer.retryAfter.map { [("Retry-After", "\($0)")] } ?? [], json,
        #"{"suggestedWindow":{"start":"\#(dates.string(from: answer.start))","end":"\#(dates.string(from: answer.end))"}}"#
      )
    default:
      return (.notFound, nonce, "application/problem+json", "{}")
    }
  }

  final class Handler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart
    let stub: () -> StubACMEServer?
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []

    init(stub: @escaping () -> StubACMEServer?) { self.stub = stub }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      switch unwrapInboundIn(data) {
      case .head(let head):
        self.head = head
        body = []
      case .body(let buffer):
        body += buffer.readableBytesView
      case .end:
        guard let head, let stub = stub(),
          let (status, extra, type, text) = stub.answer(head.method, head.uri, body)
        else { return }
        var headers = HTTPHeaders(extra)
        headers.add(name: "Content-Type", value: type)
        headers.add(name: "Content-Length", value: "\(text.utf8.count)")
        context.write(
          wrapOutboundOut(.head(.init(version: head.version, status: status, headers: headers))),
          promise: nil)
        if head.method != .HEAD {
          context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: text)))), promise: nil)
        }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
      }
    }
  }
}
