import Crypto
import X509

/// A certificate the CA issued, with its key.
public struct IssuedCertificate: Sendable {
  /// The chain as the CA sent it, leaf first.
  public var chainPEM: String
  /// The certificate's new P-256 key.
  public var privateKeyPEM: String
  /// The chain, parsed.
  public var certificates: [Certificate]
  public var orderURL: String
  /// How many challenges were answered: none when every authorization was already valid.
  public var challengesAnswered: Int

  public var leaf: Certificate { certificates[0] }
}

extension ACMEClient {
  /// Runs a whole order for `names`: authorizations that are already valid are skipped, the
  /// others answered through `solver` (all at once), then the order is finalized with a new
  /// P-256 key and the chain downloaded. Throws when the CA refuses, a name fails validation,
  /// or `timeout` passes; challenges presented are removed in every case.
  public func issueCertificate(
    for names: [String], account: ACMEAccount, solver: some ACMEChallengeSolver,
    within timeout: Duration, replaces: String? = nil, profile: String? = nil
  ) async throws -> IssuedCertificate {
    let deadline = ContinuousClock.now + timeout
    let order = try await newOrder(
      for: names, account: account, replaces: replaces, profile: profile)
    let answered = try await authorize(order, account: account, solver: solver, deadline: deadline)
    let ready = try await waitForOrder(
      order.url, until: [.ready, .valid], account: account, deadline: deadline)
    guard ready.status == .ready else {
      throw ACMEError.unexpectedResponse("the order was finalized by someone else")
    }
    let request = try CertificateRequest(names: names)
    _ = try await finalize(ready, with: request, account: account)
    let issued = try await waitForOrder(
      order.url, until: [.valid], account: account, deadline: deadline)
    guard let url = issued.certificate else {
      throw ACMEError.unexpectedResponse("the valid order has no certificate URL")
    }
    let (pem, certificates) = try await downloadCertificate(at: url, account: account)
    guard certificates[0].publicKey == Certificate.PublicKey(request.privateKey.publicKey) else {
      throw ACMEError.unexpectedResponse("the certificate is not for the key of the request")
    }
    return IssuedCertificate(
      chainPEM: pem, privateKeyPEM: request.privateKey.pemRepresentation,
      certificates: certificates, orderURL: order.url, challengesAnswered: answered)
  }

  /// Answers every pending authorization of `order` with `solver`; returns how many.
  func authorize(
    _ order: ACMEOrder, account: ACMEAccount, solver: some ACMEChallengeSolver,
    deadline: ContinuousClock.Instant
  ) async throws -> Int {
    var presented: [PendingChallenge] = []
    do {
      var started: [(authorization: String, challenge: ACMEChallenge)] = []
      for url in order.authorizations {
        let authorization = try await authorization(at: url, account: account)
        let name = authorization.identifier.value
        switch authorization.status {
        case .valid:
          continue
        case .pending:
          let challenge = try Self.challenge(of: authorization, type: solver.type)
          guard let token = challenge.token,
            let keyAuthorization = KeyAuthorization(token: token, accountKey: account.key)
          else {
            throw ACMEError.unexpectedResponse(
              "the challenge for \(ACMEProblem.clipped(name)) has no usable token")
          }
          let pending = PendingChallenge(
            name: name, type: solver.type, keyAuthorization: keyAuthorization)
          try await solver.present(pending)
          presented.append(pending)
          started.append((url, challenge))
        default:
          throw ACMEError.authorizationFailed(name: name, problem: authorization.failure)
        }
      }
      for (_, challenge) in started where challenge.status == .pending {
        try await respond(to: challenge, account: account)
      }
      for (url, _) in started {
        try await waitForAuthorization(url, account: account, deadline: deadline)
      }
    } catch {
      for pending in presented { await solver.remove(pending) }
      throw error
    }
    for pending in presented { await solver.remove(pending) }
    return presented.count
  }

  static func challenge(of authorization: ACMEAuthorization, type: ACMEChallengeType) throws
    -> ACMEChallenge
  {
    if let challenge = authorization.challenges.first(where: { $0.type == type.rawValue }) {
      return challenge
    }
    let offered = authorization.challenges.map { ACMEProblem.clipped($0.type) }
    throw ACMEError.unusable(
      "the CA offers no \(type.rawValue) challenge for \(ACMEProblem.clipped(authorization.identifier.value)) (it offers \(offered.joined(separator: ", ")))"
    )
  }
}
