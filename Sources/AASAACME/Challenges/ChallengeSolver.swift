/// One challenge to answer: the name, the type, and what proves control.
public struct PendingChallenge: Hashable, Sendable {
  public var name: String
  public var type: ACMEChallengeType
  public var keyAuthorization: KeyAuthorization

  public var token: String { keyAuthorization.token }

  public init(name: String, type: ACMEChallengeType, keyAuthorization: KeyAuthorization) {
    self.name = name
    self.type = type
    self.keyAuthorization = keyAuthorization
  }
}

/// What answers the CA's validation: puts a challenge's response in place before the client
/// tells the CA to validate, and takes it away afterwards.
///
/// A TLS-ALPN-01 solver makes the name's challenge certificate (``TLSALPNChallengeCertificate``)
/// and serves it to `acme-tls/1` handshakes for that name; an HTTP-01 solver serves the key
/// authorization at `/.well-known/acme-challenge/TOKEN`.
public protocol ACMEChallengeSolver: Sendable {
  /// The challenge type this solver answers.
  var type: ACMEChallengeType { get }
  /// Makes `challenge` answerable; the CA validates once this returns.
  func present(_ challenge: PendingChallenge) async throws
  /// Stops answering `challenge`: called once its authorization is decided, whatever the outcome.
  func remove(_ challenge: PendingChallenge) async
}
