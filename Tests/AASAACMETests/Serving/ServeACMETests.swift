import Crypto
import Foundation
import SwiftASN1
import TestSupport
import Testing
import X509

@testable import AASAACME

/// `aasa-serve --acme` end to end: the built server obtains, serves, keeps and renews its sites'
/// certificates from a real ACME server (Debian's Pebble), every connection on 127.0.0.1.
@Suite(
  "aasa-serve --acme against Pebble", .enabled(if: PebbleCA.runs, PebbleCA.skipReason),
  .programsTimeLimit)
struct ServeACMETests {
  static let names = ["a.example.test", "b.example.test", "c.example.test"]

  /// Three sites, three certificates over TLS-ALPN-01 on the serving port, each served to
  /// clients that verify it; before they exist, the server answers at once with the
  /// placeholder. A restart on the same folder orders nothing and serves them at once.
  @Test func threeSitesAreIssuedAndARestartOrdersNothing() async throws {
    try await ACMEServeFixture.with(names: Self.names) { fixture in
      let server = try await fixture.serve(label: "first")
      try await server.waitUntilListening()
      // Answering at once, before any certificate (with the placeholder, if none is there yet).
      #expect(try await fixture.get("a.example.test", insecure: true).status == 200)
      try await fixture.wait("three certificates") {
        Self.names.allSatisfy(fixture.hasCertificate)
      }
      for name in Self.names {
        try await fixture.wait("\(name) served with its certificate") {
          try await fixture.get(name).status == 200
        }
        let key = "\(fixture.acmeDirectory)/certificates/\(name).key"
        let attributes = try FileManager.default.attributesOfItem(atPath: key)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
      }
      #expect(server.count("ordering a certificate") == 3, "\(server.log)")
      #expect(server.count("certificate issued by") == 3)
      #expect(
        !FileManager.default.fileExists(
          atPath: "\(fixture.acmeDirectory)/locks/a.example.test.lock"))
      await server.stop()

      let again = try await fixture.serve(label: "second")
      try await again.waitUntilListening()
      for name in Self.names {
        #expect(try await fixture.get(name).status == 200, "\(name) right after the restart")
      }
      try await Task.sleep(for: .seconds(2))
      #expect(again.count("ordering a certificate") == 0, "\(again.log)")
      #expect(!again.log.contains("made at"), "no new account")
      await again.stop()
    }
  }

  /// TLS-ALPN-01 on the serving port, for a challenge another replica wrote to the folder: a
  /// client offering exactly `acme-tls/1` for that name gets the challenge certificate (one
  /// dNSName, the critical acmeIdentifier holding SHA-256 of the key authorization) and the
  /// protocol; any other client, or another name, gets the normal certificate.
  @Test func theChallengeCertificateOnlyForAValidation() async throws {
    try await ACMEServeFixture.with(names: ["a.example.test"]) { fixture in
      // Passive: it orders nothing, so the only challenge is the one written here.
      let server = try await fixture.serve(label: "passive", ["--acme-passive"])
      try await server.waitUntilListening()
      let keyAuthorization = try #require(
        KeyAuthorization(token: "dGVzdC10b2tlbi1mb3ItYWxwbg", thumbprint: "dGh1bWJwcmludA"))
      try ACMEStorage(directory: fixture.acmeDirectory).saveChallenge(
        PendingChallenge(
          name: "a.example.test", type: .tlsALPN01, keyAuthorization: keyAuthorization)
      )

      let validation = try await Self.handshake(
        port: fixture.tlsPort, name: "a.example.test", alpn: "acme-tls/1")
      #expect(validation.output.contains("ALPN protocol: acme-tls/1"), "\(validation.output)")
      let certificate = try #require(validation.certificate)
      let names = try #require(try certificate.extensions.subjectAlternativeNames)
      #expect(Array(names) == [.dnsName("a.example.test")])
      let identifier = try #require(
        certificate.extensions.first { $0.oid == TLSALPNChallengeCertificate.acmeIdentifierOID })
      #expect(identifier.critical)
      let octets = try ASN1OctetString(derEncoded: identifier.value)
      #expect(Array(octets.bytes) == keyAuthorization.sha256)

      // A browser offering acme-tls/1 among others, and a validation of another name: normal.
      for (name, alpn) in [("a.example.test", "h2,acme-tls/1"), ("b.example.test", "acme-tls/1")] {
        let other = try await Self.handshake(port: fixture.tlsPort, name: name, alpn: alpn)
        let served = try #require(other.certificate, "\(other.output)")
        #expect(
          served.extensions.first { $0.oid == TLSALPNChallengeCertificate.acmeIdentifierOID } == nil
        )
        #expect(!other.output.contains("ALPN protocol: acme-tls/1"))
      }
      #expect(server.count("ordering a certificate") == 0)
      await server.stop()
    }
  }

  /// HTTP-01 on `--acme-http-port`: a certificate issued; any other path on that port is 404.
  @Test func http01OnItsOwnPort() async throws {
    try await ACMEServeFixture.with(names: ["h.example.test"]) { fixture in
      // The serving port is not Pebble's tlsPort: only HTTP-01 can succeed.
      let port = try await LoopbackPorts.free()
      let server = try await fixture.serve(
        port: port, label: "http01", ["--acme-http-port", "\(fixture.httpPort)"])
      try await server.waitUntilListening()
      try await fixture.wait("the HTTP-01 certificate") {
        try await fixture.get("h.example.test", port: port).status == 200
      }
      let curl = try ExecutableLookup.require("curl")
      let other = try await ChildProcess.run(
        curl,
        [
          "-sS", "--max-time", "5", "-o", "/dev/null", "-w", "%{http_code}", "-H",
          "Host: h.example.test", "http://127.0.0.1:\(fixture.httpPort)/index.html",
        ])
      #expect(other.stdout == "404")
      await server.stop()
    }
  }

  /// One site with `--root`: its name is `--acme-domain`'s; without that flag the server says
  /// what is missing and does not start.
  @Test func oneSiteWithRootAndDomain() async throws {
    try await ACMEServeFixture.with(names: []) { fixture in
      try ACMEServeFixture.addSite("d.example.test", in: fixture.folder)
      let root = "\(fixture.sites)/d.example.test"
      let server = try await fixture.serve(
        label: "root", ["--root", root, "--acme-domain", "d.example.test"])
      try await server.waitUntilListening()
      try await fixture.wait("the --acme-domain certificate") {
        try await fixture.get("d.example.test").status == 200
      }
      await server.stop()
      let refused = try await ChildProcess.run(
        BuiltProducts.executable("aasa-serve"), ["--root", root, "--acme", "--port", "0"])
      #expect(refused.status == 2)
      #expect(refused.stderr.contains("--acme-domain"), "\(refused.stderr)")
    }
  }

  /// With `--watch-interval 0` nothing polls the folder: the manager hands each certificate it
  /// stores to the certificate table in process, so it is served at once, without SIGHUP (it
  /// was served only after one: the table learnt of it by reading the folder).
  @Test func aNewCertificateIsServedWithoutPollingTheFolder() async throws {
    try await ACMEServeFixture.with(names: ["w.example.test"]) { fixture in
      let server = try await fixture.serve(label: "no-poll", ["--watch-interval", "0"])
      try await server.waitUntilListening()
      try await fixture.wait("the certificate served without a scan of the folder") {
        try await fixture.get("w.example.test").status == 200
      }
      #expect(server.count("new certificate w.example.test for w.example.test is in use") == 1)
      await server.stop()
    }
  }

  /// Pebble refuses half the good nonces with `badNonce`: issuance succeeds regardless.
  @Test func badNoncesAreRetried() async throws {
    try await ACMEServeFixture.with(names: ["n.example.test"], nonceReject: 50) { fixture in
      let server = try await fixture.serve(label: "nonce")
      try await server.waitUntilListening()
      try await fixture.wait("the certificate despite badNonce") {
        try await fixture.get("n.example.test").status == 200
      }
      await server.stop()
    }
  }

  /// One name cannot be validated (it is on Pebble's block list): it is refused, said in the
  /// CA's words, and backs off, while the others are issued.
  @Test func aFailingNameHoldsUpNoOther() async throws {
    try await ACMEServeFixture.with(
      names: ["a.example.test", "b.example.test", PebbleCA.blockedName]
    ) { fixture in
      let server = try await fixture.serve(label: "isolation")
      try await server.waitUntilListening()
      try await fixture.wait("the two good names") {
        fixture.hasCertificate("a.example.test") && fixture.hasCertificate("b.example.test")
      }
      try await fixture.wait("the refusal in the log") {
        server.count("\(PebbleCA.blockedName): order failed") == 1
      }
      let refusal = try #require(
        server.log.split(separator: "\n").first {
          $0.contains("\(PebbleCA.blockedName): order failed")
        })
      #expect(refusal.contains("rejectedIdentifier") && refusal.contains("next attempt"))
      #expect(refusal.contains("(attempt 1)"))
      try await Task.sleep(for: .seconds(2))
      // Backing off: not tried again within seconds.
      #expect(server.count("\(PebbleCA.blockedName): order failed") == 1)
      #expect(!fixture.hasCertificate(PebbleCA.blockedName))
      await server.stop()
    }
  }

  /// Two replicas share the folder and start together: each name is ordered once in all, and
  /// the replica off Pebble's port gets its validations answered by the other, which reads
  /// the challenges from the folder.
  @Test func replicasOrderEachNameOnce() async throws {
    try await ACMEServeFixture.with(names: Self.names) { fixture in
      let otherPort = try await LoopbackPorts.free()
      let first = try await fixture.serve(label: "replica-a")
      let second = try await fixture.serve(port: otherPort, label: "replica-b")
      try await first.waitUntilListening()
      try await second.waitUntilListening()
      try await fixture.wait("three certificates") {
        Self.names.allSatisfy(fixture.hasCertificate)
      }
      try await Task.sleep(for: .seconds(1))
      let orders = first.count("ordering a certificate") + second.count("ordering a certificate")
      #expect(orders == 3, "A:\n\(first.log)\nB:\n\(second.log)")
      #expect(first.count("order failed") + second.count("order failed") == 0)
      for name in Self.names {
        try await fixture.wait("\(name) on replica B") {
          try await fixture.get(name, port: otherPort).status == 200
        }
      }
      await first.stop()
      await second.stop()
    }
  }

  /// A replica killed mid-order leaves its lock behind; the other takes it over once its lease
  /// has passed, and issues the certificate.
  @Test func aKilledReplicasLockIsTakenOver() async throws {
    try await ACMEServeFixture.with(names: ["k.example.test"]) { fixture in
      let otherPort = try await LoopbackPorts.free()
      // Its CA makes the account, then never answers the order: the replica holds the lock,
      // mid-order, until it is killed.
      let hole = try await StubACMEServer.start(ordersHang: true)
      let doomed = try await fixture.serve(
        port: otherPort, label: "doomed", directoryURL: hole.directoryURL,
        caRoot: hole.rootFile, ["--acme-lock-lease", "3"])
      try await doomed.waitUntilListening()
      try await fixture.wait("the doomed replica's lock", timeout: .seconds(20)) {
        FileManager.default.fileExists(atPath: "\(fixture.acmeDirectory)/locks/k.example.test.lock")
      }
      doomed.kill()
      _ = await doomed.process.wait(timeout: .seconds(5))
      let lock = "\(fixture.acmeDirectory)/locks/k.example.test.lock"
      let left = FileManager.default.fileExists(atPath: lock)
      let survivor = try await fixture.serve(label: "survivor", ["--acme-lock-lease", "3"])
      try await survivor.waitUntilListening()
      try await fixture.wait("the survivor's certificate", timeout: .seconds(30)) {
        try await fixture.get("k.example.test").status == 200
      }
      #expect(survivor.count("ordering a certificate") == 1, "\(survivor.log)")
      #expect(left, "the killed replica's lock was left behind")
      await survivor.stop()
      await hole.stop()
    }
  }

  /// Certificates of 24 seconds: each is renewed once a third of its lifetime is left, and a
  /// client verifying every answer across the swaps sees no failure.
  @Test func shortLivedCertificatesRenewUnderLoad() async throws {
    try await ACMEServeFixture.with(names: ["r.example.test"], validity: 24) { fixture in
      let server = try await fixture.serve(label: "renewal")
      try await server.waitUntilListening()
      try await fixture.wait("the first certificate") {
        try await fixture.get("r.example.test").status == 200
      }
      var failures: [String] = []
      var requests = 0
      let end = ContinuousClock.now + .seconds(26)
      while ContinuousClock.now < end {
        let answer = try await fixture.get("r.example.test")
        requests += 1
        if answer.status != 200 { failures.append("\(answer.status) \(answer.error)") }
        try await Task.sleep(for: .milliseconds(100))
      }
      #expect(
        failures.isEmpty, "\(failures.count) of \(requests): \(failures.prefix(3))\n\(server.log)")
      #expect(server.count("certificate renewed by") >= 1, "\(server.log)")
      await server.stop()
    }
  }

  /// A stored certificate replaced by one whose key does not match is refused by the loader,
  /// and the old one keeps being served.
  @Test func aTamperedCertificateIsRefused() async throws {
    try await ACMEServeFixture.with(names: ["t.example.test"]) { fixture in
      let server = try await fixture.serve(label: "tamper")
      try await server.waitUntilListening()
      try await fixture.wait("the certificate") {
        try await fixture.get("t.example.test").status == 200
      }
      let keyFile = "\(fixture.acmeDirectory)/certificates/t.example.test.key"
      try P256.Signing.PrivateKey().pemRepresentation.write(
        toFile: keyFile, atomically: true, encoding: .utf8)
      try await fixture.wait("the refusal") {
        server.log.contains("refusing the new certificate t.example.test")
      }
      #expect(try await fixture.get("t.example.test").status == 200)
      await server.stop()
    }
  }

  /// `openssl s_client` with `name` as SNI offering `alpn`: what it printed, and the
  /// certificate it was shown.
  static func handshake(port: Int, name: String, alpn: String) async throws -> (
    output: String, certificate: Certificate?
  ) {
    let openssl = try ExecutableLookup.require("openssl")
    let result = try await ChildProcess.run(
      openssl,
      [
        "s_client", "-connect", "127.0.0.1:\(port)", "-servername", name, "-alpn", alpn,
        "-showcerts",
      ], stdin: "", timeout: .seconds(20))
    let output = result.stdout + result.stderr
    guard let begin = output.range(of: "-----BEGIN CERTIFICATE-----"),
      let end = output.range(
        of: "-----END CERTIFICATE-----", range: begin.upperBound..<output.endIndex)
    else { return (output, nil) }
    let pem = String(output[begin.lowerBound..<end.upperBound])
    return (output, try Certificate(pemEncoded: pem))
  }
}
