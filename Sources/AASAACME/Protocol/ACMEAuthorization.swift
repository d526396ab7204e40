/// An authorization (RFC 8555 §7.1.4): one name, its state, and the challenges that prove
/// control of it.
public struct ACMEAuthorization: Equatable, Sendable {
  public var url: String
  public var identifier: ACMEIdentifier
  public var status: Status
  public var challenges: [ACMEChallenge]

  public enum Status: String, Codable, Sendable {
    case pending, valid, invalid, deactivated, expired, revoked
  }

  struct Body: Decodable {
    var identifier: ACMEIdentifier
    var status: Status
    var challenges: [ACMEChallenge]
  }

  init(url: String, body: Body) {
    self.url = url
    identifier = body.identifier
    status = body.status
    // Only the first few: a CA offers one of each type.
    challenges = Array(body.challenges.prefix(16))
  }

  /// The problem of the challenge that failed, when the authorization is invalid.
  public var failure: ACMEProblem? { challenges.lazy.compactMap(\.error).first }
}

/// A challenge of an authorization (RFC 8555 §7.1.5, §8).
public struct ACMEChallenge: Codable, Equatable, Sendable {
  /// `tls-alpn-01`, `http-01`, `dns-01`, …
  public var type: String
  public var url: String
  public var status: Status
  public var token: String?
  public var error: ACMEProblem?

  public enum Status: String, Codable, Sendable {
    case pending, processing, valid, invalid
  }
}

/// The challenge types this client can answer.
public enum ACMEChallengeType: String, Sendable, CaseIterable {
  /// RFC 8737: a TLS handshake on port 443 speaking `acme-tls/1`.
  case tlsALPN01 = "tls-alpn-01"
  /// RFC 8555 §8.3: `GET /.well-known/acme-challenge/TOKEN` on port 80.
  case http01 = "http-01"
}
