import Foundation
import SwiftASN1
import TestSupport
import Testing
import X509

@testable import AASAACME

/// The client against a real ACME server: Debian's Pebble, on 127.0.0.1 only, validating the
/// challenges this test answers on loopback. Each takes seconds alone; the limit leaves room for
/// the whole suite's load on two cores, where tests that block a thread of the runner's pool
/// delay these.
@Suite(
  "ACME: issuance against Pebble", .enabled(if: PebbleCA.runs, PebbleCA.skipReason),
  .programsTimeLimit)
struct PebbleIssuanceTests {
  struct Fixture {
    var ca: PebbleCA
    var http: HTTP01Responder
    var tls: TLSALPN01Responder
    var client: ACMEClient
  }

  /// Pebble with its own responders and a client trusting its HTTPS root; all stopped after.
  static func withPebble(
    nonceReject: Int = 0, badNonceRetries: Int = 5, externalAccountKeys: [String: String]? = nil,
    _ body: (Fixture) async throws -> Void
  ) async throws {
    let http = try await HTTP01Responder.start()
    let tls = try await TLSALPN01Responder.start()
    let ca: PebbleCA
    do {
      ca = try await PebbleCA.start(
        httpPort: http.port, tlsPort: tls.port, nonceReject: nonceReject,
        externalAccountKeys: externalAccountKeys)
    } catch {
      await http.stop()
      await tls.stop()
      throw error
    }
    var configuration = ACMEClient.Configuration(
      directoryURL: ca.directoryURL, trustRootFile: ca.trustRootFile)
    configuration.pollInterval = .milliseconds(100)
    configuration.requestTimeout = .seconds(10)
    configuration.badNonceRetries = badNonceRetries
    let client = try ACMEClient(configuration)
    do {
      try await body(Fixture(ca: ca, http: http, tls: tls, client: client))
    } catch {
      Issue.record("Pebble's log:\n\(ca.log)")
      try? await client.shutdown()
      await ca.stop()
      await http.stop()
      await tls.stop()
      throw error
    }
    try await client.shutdown()
    await ca.stop()
    await http.stop()
    await tls.stop()
  }

  /// The chain is for `names` and the issued key, and each certificate is signed by the next.
  static func expectIssued(_ issued: IssuedCertificate, for names: [String]) throws {
    let sans = try #require(try issued.leaf.extensions.subjectAlternativeNames)
    #expect(Set(sans) == Set(names.map { GeneralName.dnsName($0) }))
    let key = try Certificate.PrivateKey(pemEncoded: issued.privateKeyPEM)
    #expect(issued.leaf.publicKey == key.publicKey)
    #expect(issued.certificates.count >= 2)
    for (certificate, issuer) in zip(issued.certificates, issued.certificates.dropFirst()) {
      #expect(certificate.issuer == issuer.subject)
      #expect(issuer.publicKey.isValidSignature(certificate.signature, for: certificate))
    }
    #expect(issued.chainPEM.hasPrefix("-----BEGIN CERTIFICATE-----"))
  }

  @Test func anAccountAndACertificateForTwoNamesOverTLSALPN01() async throws {
    try await Self.withPebble { fixture in
      let key = AccountKey()
      let account = try await fixture.client.account(key: key, contact: ["mailto:ops@example.test"])
      #expect(account.created)
      #expect(account.url.hasPrefix("https://127.0.0.1:"))
      // The same key finds the same account, and makes none.
      let found = try await fixture.client.account(key: key, onlyReturnExisting: true)
      #expect(found.url == account.url)
      #expect(!found.created)

      let names = ["shop.example.test", "www.shop.example.test"]
      let issued = try await fixture.client.issueCertificate(
        for: names, account: account, solver: fixture.tls, within: .seconds(45))
      try Self.expectIssued(issued, for: names)
      #expect(issued.challengesAnswered == 2)
      // Pebble validated both names through acme-tls/1 handshakes with their SNI.
      let answers = fixture.tls.state.answers
      for name in names { #expect(answers.contains("acme-tls/1 \(name)"), "\(answers)") }
      #expect(fixture.tls.state.isEmpty)
      #expect(fixture.http.state.answers.isEmpty)
    }
  }

  @Test func aCertificateOverHTTP01() async throws {
    try await Self.withPebble { fixture in
      let account = try await fixture.client.account(key: AccountKey())
      let issued = try await fixture.client.issueCertificate(
        for: ["links.example.test"], account: account, solver: fixture.http, within: .seconds(45))
      try Self.expectIssued(issued, for: ["links.example.test"])
      #expect(issued.challengesAnswered == 1)
      let answers = fixture.http.state.answers
      #expect(answers.contains { $0.hasPrefix("http-01 links.example.test") }, "\(answers)")
      #expect(fixture.http.state.isEmpty)
    }
  }

  /// Pebble refuses half the nonces it handed out; each refused request is sent again with the
  /// fresh nonce of the refusal.
  @Test func badNonceIsRetriedWithTheFreshNonce() async throws {
    try await Self.withPebble(nonceReject: 50, badNonceRetries: 40) { fixture in
      let account = try await fixture.client.account(key: AccountKey())
      let issued = try await fixture.client.issueCertificate(
        for: ["nonce.example.test"], account: account, solver: fixture.tls, within: .seconds(45))
      try Self.expectIssued(issued, for: ["nonce.example.test"])
      #expect(await fixture.client.badNonceRetries > 0)
    }
  }

  /// With no retries allowed, the first refused nonce ends the request, said in words.
  @Test func badNonceBeyondTheBoundIsReported() async throws {
    try await Self.withPebble(nonceReject: 100, badNonceRetries: 2) { fixture in
      let error = await #expect(throws: ACMEError.self) {
        _ = try await fixture.client.account(key: AccountKey())
      }
      #expect(error?.acmeProblem?.isBadNonce == true)
      #expect(
        error?.description.hasPrefix(
          "ACME newAccount: the CA refused the request's nonce (badNonce)")
          == true, "\(String(describing: error))")
      #expect(await fixture.client.badNonceRetries == 2)
    }
  }

  /// A second order for a name already validated by the account needs no challenge.
  @Test func aSecondOrderReusesTheValidAuthorization() async throws {
    try await Self.withPebble { fixture in
      let account = try await fixture.client.account(key: AccountKey())
      let first = try await fixture.client.issueCertificate(
        for: ["again.example.test"], account: account, solver: fixture.tls, within: .seconds(45))
      #expect(first.challengesAnswered == 1)
      let presented = fixture.tls.state.presented
      let second = try await fixture.client.issueCertificate(
        for: ["again.example.test"], account: account, solver: fixture.tls, within: .seconds(45))
      try Self.expectIssued(second, for: ["again.example.test"])
      #expect(second.challengesAnswered == 0)
      #expect(fixture.tls.state.presented == presented)
      #expect(second.orderURL != first.orderURL)
      #expect(second.leaf.serialNumber != first.leaf.serialNumber)
    }
  }

  /// The CA's refusals reach the caller as its problem, in words.
  @Test func theCAsProblemsAreSaidInWords() async throws {
    try await Self.withPebble { fixture in
      let error = await #expect(throws: ACMEError.self) {
        _ = try await fixture.client.account(key: AccountKey(), onlyReturnExisting: true)
      }
      #expect(error?.acmeProblem?.acmeType == "accountDoesNotExist")
      #expect(
        error?.description.hasPrefix(
          "ACME newAccount: no account exists for this key (accountDoesNotExist)") == true,
        "\(String(describing: error))")

      let account = try await fixture.client.account(key: AccountKey())
      let refused = await #expect(throws: ACMEError.self) {
        _ = try await fixture.client.issueCertificate(
          for: [PebbleCA.blockedName], account: account, solver: fixture.tls,
          within: .seconds(30))
      }
      #expect(refused?.acmeProblem?.acmeType == "rejectedIdentifier")
      let text = refused?.description ?? ""
      #expect(
        text.hasPrefix("ACME newOrder: the CA will not issue for this name (rejectedIdentifier): "),
        "\(text)")
      #expect(text.contains(PebbleCA.blockedName), "\(text)")
      #expect(fixture.tls.state.presented == 0)
    }
  }

  /// A CA that requires external account binding refuses an account without it, in words, and
  /// makes one with the binding's HS256 MAC; a wrong MAC key is refused.
  @Test func externalAccountBindingIsSentWhenTheCARequiresIt() async throws {
    let macKey = (0..<32).map { _ in UInt8.random(in: 0...255) }
    try await Self.withPebble(externalAccountKeys: ["kid-eab": Base64URL.encode(macKey)]) {
      fixture in
      #expect(try await fixture.client.directory().meta?.externalAccountRequired == true)
      let unbound = await #expect(throws: ACMEError.self) {
        _ = try await fixture.client.account(key: AccountKey())
      }
      #expect(unbound?.acmeProblem?.acmeType == "externalAccountRequired")
      #expect(
        unbound?.description.hasPrefix(
          "ACME newAccount: the CA requires external account binding (externalAccountRequired)")
          == true, "\(String(describing: unbound))")

      let wrong = ExternalAccountBinding(keyID: "kid-eab", macKey: macKey.map { $0 ^ 0xff })
      let refused = await #expect(throws: ACMEError.self) {
        _ = try await fixture.client.account(key: AccountKey(), externalAccountBinding: wrong)
      }
      #expect(refused?.acmeProblem != nil, "\(String(describing: refused))")

      let binding = ExternalAccountBinding(keyID: "kid-eab", macKey: macKey)
      let account = try await fixture.client.account(
        key: AccountKey(), externalAccountBinding: binding)
      #expect(account.created)
      let issued = try await fixture.client.issueCertificate(
        for: ["bound.example.test"], account: account, solver: fixture.tls, within: .seconds(45))
      try Self.expectIssued(issued, for: ["bound.example.test"])
    }
  }

  /// A name whose challenge is not answered fails validation with the CA's reason, and what was
  /// presented is taken away.
  @Test func aFailedValidationSaysWhy() async throws {
    try await Self.withPebble { fixture in
      let account = try await fixture.client.account(key: AccountKey())
      let silent = SilentSolver()
      let error = await #expect(throws: ACMEError.self) {
        _ = try await fixture.client.issueCertificate(
          for: ["silent.example.test"], account: account, solver: silent, within: .seconds(30))
      }
      guard case .authorizationFailed(let name, let problem) = error else {
        Issue.record("\(String(describing: error))")
        return
      }
      #expect(name == "silent.example.test")
      let type = problem?.acmeType ?? ""
      #expect(
        ["unauthorized", "connection", "incorrectResponse"].contains(type),
        "\(String(describing: problem))")
      #expect(
        error?.description.hasPrefix("ACME: silent.example.test could not be validated: ") == true)
      #expect(silent.state.presented == 1)
      #expect(silent.state.isEmpty)
    }
  }
}

/// Presents nothing anywhere: the CA's HTTP-01 request finds no answer.
final class SilentSolver: ACMEChallengeSolver {
  let type = ACMEChallengeType.http01
  let state = ResponderState<String>()
  func present(_ challenge: PendingChallenge) async throws {
    state.present(challenge.token, "")
  }
  func remove(_ challenge: PendingChallenge) async { state.remove(challenge.token) }
}
