import Foundation
import SwiftASN1
import X509

extension ACMEClient {
  /// A new order for `names` (RFC 8555 §7.4).
  /// `replaces` is the ARI certID of the certificate this order renews (RFC 9773 §5);
  /// `profile` a name from the directory's `meta.profiles` (draft-ietf-acme-profiles).
  public func newOrder(
    for names: [String], account: ACMEAccount, replaces: String? = nil, profile: String? = nil
  ) async throws -> ACMEOrder {
    guard !names.isEmpty, names.count <= 100 else {
      throw ACMEError.unusable("an order names 1 to 100 names, not \(names.count)")
    }
    for name in names where !Self.isPlausibleName(name) {
      throw ACMEError.unusable("\(ACMEProblem.clipped(name)) is not a DNS name")
    }
    struct Request: Encodable {
      var identifiers: [ACMEIdentifier]
      // Left out of the JSON when nil.
      var replaces: String?
      var profile: String?
    }
    let payload = try ACMEJSON.encode(
      Request(identifiers: names.map(ACMEIdentifier.dns), replaces: replaces, profile: profile))
    let response = try await post(
      try await directory().newOrder, payload: payload, key: account.key,
      signer: .kid(account.url), request: "newOrder")
    guard let location = response.location else {
      throw ACMEError.unexpectedResponse("newOrder answered with no Location")
    }
    return try Self.order(at: try ACMEURL.check(location, "the order URL"), from: response)
  }

  /// The order at `url` as it is now.
  public func order(at url: String, account: ACMEAccount) async throws -> ACMEOrder {
    try await orderAndRetryAfter(at: url, account: account).order
  }

  /// The authorization at `url` as it is now.
  public func authorization(at url: String, account: ACMEAccount) async throws -> ACMEAuthorization
  {
    try await authorizationAndRetryAfter(at: url, account: account).authorization
  }

  /// Tells the CA that `challenge`'s response is in place (`{}`, RFC 8555 §7.5.1).
  @discardableResult
  public func respond(to challenge: ACMEChallenge, account: ACMEAccount) async throws
    -> ACMEChallenge
  {
    let response = try await post(
      try ACMEURL.check(challenge.url, "a challenge URL"), payload: Array("{}".utf8),
      key: account.key, signer: .kid(account.url), request: "challenge \(challenge.type)")
    return try ACMEJSON.decode(ACMEChallenge.self, from: response.body, what: "the challenge")
  }

  /// Sends the CSR of a `ready` order (RFC 8555 §7.4).
  public func finalize(_ order: ACMEOrder, with request: CertificateRequest, account: ACMEAccount)
    async throws -> ACMEOrder
  {
    struct Finalize: Encodable { var csr: String }
    let payload = try ACMEJSON.encode(Finalize(csr: Base64URL.encode(try request.derBytes())))
    let response = try await post(
      try ACMEURL.check(order.finalize, "the finalize URL"), payload: payload, key: account.key,
      signer: .kid(account.url), request: "finalize")
    return try Self.order(at: order.url, from: response)
  }

  /// The certificate chain in PEM, leaf first (RFC 8555 §7.4.2), each certificate checked to
  /// parse.
  public func downloadCertificate(at url: String, account: ACMEAccount) async throws
    -> (pem: String, certificates: [Certificate])
  {
    let response = try await post(
      try ACMEURL.check(url, "the certificate URL"), payload: nil, key: account.key,
      signer: .kid(account.url), request: "certificate download",
      accept: "application/pem-certificate-chain", cap: ACMETransport.chainCap)
    guard response.body.allSatisfy({ $0 < 0x80 }) else {
      throw ACMEError.unexpectedResponse("the certificate chain is not PEM text")
    }
    let pem = String(decoding: response.body, as: UTF8.self)
    let certificates: [Certificate]
    do {
      certificates = try PEMDocument.parseMultiple(pemString: pem).map {
        try Certificate(pemDocument: $0)
      }
    } catch {
      throw ACMEError.unexpectedResponse(
        "the certificate chain does not parse: \(ErrorWords.of(error))")
    }
    guard !certificates.isEmpty else {
      throw ACMEError.unexpectedResponse("the certificate chain holds no certificate")
    }
    return (pem, certificates)
  }

  // MARK: Polling

  /// Polls the order until its status is one of `statuses`; `invalid` throws the order's problem.
  func waitForOrder(
    _ url: String, until statuses: Set<ACMEOrder.Status>, account: ACMEAccount,
    deadline: ContinuousClock.Instant
  ) async throws -> ACMEOrder {
    while true {
      let (order, retryAfter) = try await orderAndRetryAfter(at: url, account: account)
      if statuses.contains(order.status) { return order }
      if order.status == .invalid { throw ACMEError.orderFailed(problem: order.error) }
      try await pause(
        retryAfter, before: deadline,
        waitingFor: "the order to be \(order.status == .processing ? "issued" : "ready")")
    }
  }

  /// Polls an authorization until it is decided: `valid` returns, anything else throws with
  /// the failed challenge's problem.
  func waitForAuthorization(
    _ url: String, account: ACMEAccount, deadline: ContinuousClock.Instant
  ) async throws {
    while true {
      let (authorization, retryAfter) = try await authorizationAndRetryAfter(
        at: url, account: account)
      switch authorization.status {
      case .valid: return
      case .pending:
        try await pause(
          retryAfter, before: deadline,
          waitingFor: "the validation of \(ACMEProblem.clipped(authorization.identifier.value))")
      default:
        throw ACMEError.authorizationFailed(
          name: authorization.identifier.value, problem: authorization.failure)
      }
    }
  }

  /// Sleeps as long as `Retry-After` asks (the poll interval without one), at most the longest
  /// poll wait, and never past `deadline`, which throws once reached.
  func pause(
    _ retryAfter: Duration?, before deadline: ContinuousClock.Instant, waitingFor what: String
  )
    async throws
  {
    let remaining = deadline - ContinuousClock.now
    guard remaining > .zero else {
      throw ACMEError.deadlineExceeded("timed out waiting for \(what)")
    }
    let wait = min(retryAfter ?? configuration.pollInterval, configuration.longestPollWait)
    try await Task.sleep(for: min(wait, remaining))
  }

  private func orderAndRetryAfter(at url: String, account: ACMEAccount) async throws
    -> (order: ACMEOrder, retryAfter: Duration?)
  {
    let response = try await post(
      try ACMEURL.check(url, "the order URL"), payload: nil, key: account.key,
      signer: .kid(account.url), request: "order")
    return (try Self.order(at: url, from: response), response.retryAfter())
  }

  private func authorizationAndRetryAfter(at url: String, account: ACMEAccount) async throws
    -> (authorization: ACMEAuthorization, retryAfter: Duration?)
  {
    let response = try await post(
      try ACMEURL.check(url, "an authorization URL"), payload: nil, key: account.key,
      signer: .kid(account.url), request: "authorization")
    let body = try ACMEJSON.decode(
      ACMEAuthorization.Body.self, from: response.body, what: "the authorization")
    return (ACMEAuthorization(url: url, body: body), response.retryAfter())
  }

  private static func order(at url: String, from response: ACMETransport.Response) throws
    -> ACMEOrder
  {
    let body = try ACMEJSON.decode(ACMEOrder.Body.self, from: response.body, what: "the order")
    guard body.authorizations.count <= 100 else {
      throw ACMEError.unexpectedResponse(
        "the order lists \(body.authorizations.count) authorizations")
    }
    return ACMEOrder(url: url, body: body)
  }

  /// Printable ASCII with no spaces or slashes, at most 253 characters: the CA judges the rest
  /// (and says so in its problem).
  static func isPlausibleName(_ name: String) -> Bool {
    !name.isEmpty && name.utf8.count <= 253
      && name.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7f && $0 != UInt8(ascii: "/") }
  }
}
