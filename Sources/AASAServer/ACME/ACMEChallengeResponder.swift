import AASAACME
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL

/// Answers the CA's validations: for a TLS-ALPN-01 handshake (ALPN exactly `acme-tls/1`), the
/// challenge certificate of a name with a pending challenge, in a context that speaks only
/// `acme-tls/1`; for an HTTP-01 request, the key authorization. A challenge is looked up on the
/// board of this process first, then in `--acme-dir/challenges/` (another replica's order),
/// off the event loop. Contexts are made once per challenge and kept until it is replaced.
public final class ACMEChallengeResponder: Sendable {
  let board: ACMEChallengeBoard
  let storage: ACMEStorage
  /// `--acme-ask`: told of server names no site has.
  let onDemand: OnDemandGuard?
  private let contexts = NIOLockedValueBox<[String: (KeyAuthorization, NIOSSLContext)]>([:])

  public init(board: ACMEChallengeBoard, storage: ACMEStorage, onDemand: OnDemandGuard? = nil) {
    self.board = board
    self.storage = storage
    self.onDemand = onDemand
  }

  /// The pending challenge of `name` (a host key), from memory or from the folder. Reads a
  /// file: call it off the event loop.
  func pendingChallenge(for name: String, type: ACMEChallengeType) -> PendingChallenge? {
    if let pending = board.challenge(for: name), pending.type == type { return pending }
    guard let stored = storage.loadChallenge(name: name), stored.type == type else { return nil }
    return stored
  }

  /// The challenge context for `serverName`, or nil when the name has no pending TLS-ALPN-01
  /// challenge (the client then gets the normal certificate). Never blocks the event loop: the
  /// folder is read, and a certificate made, on NIO's thread pool.
  func challengeContext(forServerName serverName: String, on eventLoop: EventLoop)
    -> EventLoopFuture<NIOSSLContext?>
  {
    guard let name = HostName.key(forName: serverName[...]) else {
      return eventLoop.makeSucceededFuture(nil)
    }
    if let pending = board.challenge(for: name), pending.type == .tlsALPN01,
      let cached = contexts.withLockedValue({ $0[name] }), cached.0 == pending.keyAuthorization
    {
      return eventLoop.makeSucceededFuture(cached.1)
    }
    return NIOThreadPool.singleton.runIfActive(eventLoop: eventLoop) { [self] in
      guard let pending = pendingChallenge(for: name, type: .tlsALPN01) else { return nil }
      if let cached = contexts.withLockedValue({ $0[name] }), cached.0 == pending.keyAuthorization {
        return cached.1
      }
      let made = try TLSALPNChallengeCertificate.make(
        name: name, keyAuthorization: pending.keyAuthorization)
      var configuration = TLSConfiguration.makeServerConfiguration(
        certificateChain: [
          .certificate(try NIOSSLCertificate(bytes: Array(made.certificatePEM.utf8), format: .pem))
        ],
        privateKey: .privateKey(
          try NIOSSLPrivateKey(bytes: Array(made.privateKeyPEM.utf8), format: .pem)))
      configuration.applicationProtocols = [TLSALPNChallengeCertificate.alpnProtocol]
      configuration.minimumTLSVersion = .tlsv12
      let context = try NIOSSLContext(configuration: configuration)
      contexts.withLockedValue {
        // Bounded by the names with a challenge: an old one is replaced, never added to.
        if $0.count > 1024 { $0.removeAll() }
        $0[name] = (pending.keyAuthorization, context)
      }
      return context
    }
  }
}
