import AASA
import AASASigned
import NIOCore
import NIOPosix
import NIOSSL
import NIOTLS
import X509

/// Connects to the site, completes a TLS handshake and keeps the certificate chain the server
/// presented, without judging it: ``CertificateJudge`` does that, so that an untrusted or
/// expired certificate is reported as what it is rather than as a failed connection.
///
/// This is a separate connection from the HTTP fetches: AsyncHTTPClient does not hand out the
/// peer's certificates.
public enum TLSProbe {
  /// The chain as sent, leaf first. With `connectingTo`, the connection goes to that address and
  /// port instead (`--connect-to`), while the handshake still names the site's host.
  public static func peerChain(
    of site: SiteAddress, connectingTo target: (host: String, port: Int)? = nil,
    timeout: TimeAmount, group: any EventLoopGroup
  ) async throws -> [Certificate] {
    var configuration = TLSConfiguration.makeClientConfiguration()
    // Any verification mode but `.none` makes NIOSSL call the custom callback below, which
    // accepts every chain and records it; NIOSSL's own hostname check is off too, as
    // ``CertificateJudge`` makes its own.
    configuration.certificateVerification = .noHostnameVerification
    let context = try NIOSSLContext(configuration: configuration)
    let recorder = ChainRecorder(eventLoop: group.next())
    let sniHost = site.hostIsIPAddress ? nil : site.host

    let bootstrap = ClientBootstrap(group: group)
      .connectTimeout(timeout)
      .channelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          let tls = try NIOSSLClientHandler(
            context: context, serverHostname: sniHost,
            customVerificationCallback: { certificates, promise in
              recorder.record(certificates)
              promise.succeed(.certificateVerified)
            })
          try channel.pipeline.syncOperations.addHandler(tls)
          try channel.pipeline.syncOperations.addHandler(HandshakeWaiter(recorder.handshake))
        }
      }
    let channel: any Channel
    do {
      channel = try await bootstrap.connect(
        host: target?.host ?? site.host, port: target?.port ?? site.port
      ).get()
    } catch {
      recorder.handshake.fail(error)  // Every promise is completed, even when nothing connected.
      throw error
    }
    defer { channel.close(promise: nil) }
    let deadline = channel.eventLoop.scheduleTask(in: timeout) {
      recorder.handshake.fail(TLSProbeTimeout(timeout: timeout))
    }
    defer { deadline.cancel() }
    try await recorder.handshake.futureResult.get()
    let certificates: [Certificate]
    do {
      certificates = try recorder.certificates.map {
        try Certificate(derEncoded: $0.toDERBytes())
      }
    } catch {
      // swift-certificates does not read RSA keys under 2048 bits: say what Apple says of them.
      if let leaf = recorder.certificates.first, let refused = TLSProbeRefusedKey(leaf: leaf) {
        throw refused
      }
      throw error
    }
    guard !certificates.isEmpty else { throw TLSProbeNoCertificate() }
    return certificates
  }
}

/// The handshake did not finish in time.
public struct TLSProbeTimeout: Error, CustomStringConvertible {
  public var timeout: TimeAmount
  public var description: String {
    "the TLS handshake did not finish within \(Double(timeout.nanoseconds) / 1e9) seconds"
  }
}

/// The leaf's key is one Apple's fetcher refuses and swift-certificates cannot read (RSA under
/// 2048 bits), so the chain cannot be judged; the key is, as `aasa-serve` judges it.
public struct TLSProbeRefusedKey: Error, CustomStringConvertible {
  /// What ``CertificateKeyDemands`` says of the key.
  public var refusal: String

  init?(leaf: NIOSSLCertificate) {
    let kind = (try? leaf.extractPublicKey().toSPKIBytes())
      .flatMap { PublicKeyParts(subjectPublicKeyInfo: $0) }
      .flatMap {
        CertificateKeyKind(
          algorithm: $0.algorithm, curve: $0.curve, rsaModulusBits: $0.rsaModulusBits)
      }
    guard let refusal = CertificateKeyDemands.refusal(of: kind) else { return nil }
    self.refusal = refusal
  }

  /// The `tls-key` line, failed.
  public var requirement: Requirement { CertificateJudge.refusedKey(refusal) }

  public var description: String { requirement.detail }
}

/// The server completed a handshake without sending a certificate.
public struct TLSProbeNoCertificate: Error, CustomStringConvertible {
  public var description: String { "the server sent no certificate" }
}

/// Holds the peer's chain between the verification callback and the caller.
private final class ChainRecorder: @unchecked Sendable {
  // Written once on the channel's event loop before `handshake` completes; read after.
  private(set) var certificates: [NIOSSLCertificate] = []
  let handshake: EventLoopPromise<Void>

  init(eventLoop: any EventLoop) {
    handshake = eventLoop.makePromise()
  }

  func record(_ certificates: [NIOSSLCertificate]) { self.certificates = certificates }
}

/// Completes the promise when the TLS handshake succeeds, fails it on any error or close.
private final class HandshakeWaiter: ChannelInboundHandler, @unchecked Sendable {
  typealias InboundIn = ByteBuffer
  private let promise: EventLoopPromise<Void>

  init(_ promise: EventLoopPromise<Void>) { self.promise = promise }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if case TLSUserEvent.handshakeCompleted = event { promise.succeed() }
    context.fireUserInboundEventTriggered(event)
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    promise.fail(error)
    context.close(promise: nil)
  }

  func channelInactive(context: ChannelHandlerContext) {
    promise.fail(ChannelError.eof)
    context.fireChannelInactive()
  }
}
