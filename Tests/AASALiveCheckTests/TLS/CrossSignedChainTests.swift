import AASALiveCheck
import AASASigned
import Crypto
import Foundation
import SwiftASN1
import TestSupport
import Testing
import X509

/// The security review's F2: a certificate set of N CAs each cross-signed by every other made
/// swift-certificates' path search factorial (N = 8: 121 s of CPU for one `check` in a debug
/// build, each CA more about N times as long). Every place that judges certificates a stranger
/// chose goes through ``ChainSearch``: a server's chain (`check`, and a remote file to lint) and
/// the certificates of a signed association file. What shows the search bounded is its own
/// account (only the first 8 searched, the budget's note), which the old search never gave; the
/// wall-clock bound is only against a blow-up of hours: a full run of the suite on 2 cores once
/// kept a fetch that takes a quarter of a second alone waiting 128 s for threads.
@Suite struct CrossSignedChainTests {
  let directory: TemporaryDirectory
  static let bound: Duration = .seconds(600)

  init() throws { directory = try TemporaryDirectory() }

  @Test func aServerSendingEightCrossSignedCAsIsJudgedQuicklyAndSaysWhatWasLeftOut()
    async throws
  {
    let set = try CrossSignedSet(count: 8)
    // The signed file carries the same 56 certificates, signed by the same leaf.
    let signed = try await set.signedAssociation(in: directory)
    let server = try set.serverCertificate(in: directory)
    let started = ContinuousClock.now
    let report = try await withServer(
      certificate: server,
      routes: { path in
        path == "/.well-known/apple-app-site-association"
          ? StubHTTPS.Answer(
            headers: [("Content-Type", "application/pkcs7-mime")], body: signed)
          : Fixtures.correctSite(path)
      }
    ) { server in
      await LiveCheck(
        options: try Fixtures.options(server, trusting: try set.unrelatedRoot(in: directory))
      ).run()
    }
    let elapsed = ContinuousClock.now - started
    #expect(elapsed < Self.bound, "the check took \(elapsed)")

    let chain = try #require(report.requirement("tls-chain"))
    #expect(chain.status == .fail)
    #expect(
      chain.detail.contains(
        "56 other certificates came with it; only the first 8, in the order sent, were searched"),
      "\(chain.detail)")
    let trust = try #require(
      report.check(of: .association)?.requirements.first { $0.name == "signer-trust" })
    #expect(trust.status == .warn)
    #expect(trust.detail.contains("56 other certificates came with it"), "\(trust.detail)")
  }

  @Test func aRemoteFileBehindEightCrossSignedCAsIsRefusedQuickly() async throws {
    let set = try CrossSignedSet(count: 8)
    let server = try set.serverCertificate(in: directory)
    let roots = try TrustRoots.caFile(try set.unrelatedRoot(in: directory).certificatePath)
    let started = ContinuousClock.now
    let failure = try await withServer(certificate: server, routes: Fixtures.correctSite) {
      server -> RemoteFile.FetchError? in
      do {
        _ = try await RemoteFile.fetch(
          url: server.url + "/.well-known/apple-app-site-association", trust: roots,
          timeoutSeconds: Fixtures.timeout)
        return nil
      } catch {
        return error as? RemoteFile.FetchError
      }
    }
    let elapsed = ContinuousClock.now - started
    #expect(elapsed < Self.bound, "the fetch took \(elapsed)")
    let reason = try #require(failure).reason
    #expect(reason.contains("the certificate fails tls-chain"), "\(reason)")
    #expect(reason.contains("only the first 8"), "\(reason)")
  }

  /// A real chain, sent with repeats and strangers around it, is still found: repeats are not
  /// counted against the cap, and the chain's own certificates come first as servers send them.
  @Test func aRealChainSentWithRepeatsIsTrusted() async throws {
    let root = try Issued.selfSigned("Test Root")
    let middle = try Issued(subject: "Test Intermediate", by: root, isAuthority: true)
    let leaf = try Issued(subject: "site.test", by: middle, isAuthority: false)
    let strangers = try (0..<20).map { try Issued.selfSigned("Stranger \($0)").certificate }
    let sent =
      [middle.certificate, middle.certificate, leaf.certificate, middle.certificate] + strangers
    let outcome = await ChainSearch().validate(
      leaf: leaf.certificate, intermediates: sent, roots: CertificateStore([root.certificate])
    ) { RFC5280Policy() }
    #expect(outcome.isValid)
    #expect(outcome.distinctIntermediates == 21)
    #expect(outcome.searchedIntermediates == 8)
    #expect(!outcome.stoppedAtBudget)
  }

  /// The caller's budget of issuer questions ends the search and is said in words.
  @Test func theCallersBudgetEndsTheSearch() async throws {
    let root = try Issued.selfSigned("Test Root")
    let upper = try Issued(subject: "Upper Intermediate", by: root, isAuthority: true)
    let lower = try Issued(subject: "Lower Intermediate", by: upper, isAuthority: true)
    let leaf = try Issued(subject: "site.test", by: lower, isAuthority: false)
    let roots = CertificateStore([root.certificate])
    let chain = [lower.certificate, upper.certificate]
    let enough = await ChainSearch(issuerLookups: 2).validate(
      leaf: leaf.certificate, intermediates: chain, roots: roots
    ) { RFC5280Policy() }
    #expect(enough.isValid)
    let short = await ChainSearch(issuerLookups: 1).validate(
      leaf: leaf.certificate, intermediates: chain, roots: roots
    ) { RFC5280Policy() }
    #expect(!short.isValid)
    #expect(short.stoppedAtBudget)
    #expect(
      short.notes == [
        "the search for a chain stopped after 1 partial chains without reaching a root"
      ])
  }
}

/// A certificate made in the test with its key, by swift-certificates and swift-crypto.
struct Issued {
  let name: String
  let certificate: Certificate
  let key: P256.Signing.PrivateKey

  init(
    subject: String, key: P256.Signing.PrivateKey = P256.Signing.PrivateKey(),
    issuerName: String, issuerKey: P256.Signing.PrivateKey, isAuthority: Bool,
    serial: Int = Int.random(in: 1...Int(Int32.max))
  ) throws {
    let now = Date()
    let extensions: Certificate.Extensions
    if isAuthority {
      extensions = try Certificate.Extensions {
        Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
        Critical(KeyUsage(keyCertSign: true))
      }
    } else {
      extensions = try Certificate.Extensions {
        Critical(KeyUsage(digitalSignature: true))
        try ExtendedKeyUsage([.serverAuth])
        SubjectAlternativeNames([
          .dnsName(subject), .ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1])),
        ])
      }
    }
    certificate = try Certificate(
      version: .v3, serialNumber: Certificate.SerialNumber(serial),
      publicKey: Certificate.PublicKey(key.publicKey),
      notValidBefore: now - 3600, notValidAfter: now + 30 * 86_400,
      issuer: try DistinguishedName { CommonName(issuerName) },
      subject: try DistinguishedName { CommonName(subject) },
      signatureAlgorithm: .ecdsaWithSHA256, extensions: extensions,
      issuerPrivateKey: Certificate.PrivateKey(issuerKey))
    self.name = subject
    self.key = key
  }

  init(subject: String, by issuer: Issued, isAuthority: Bool) throws {
    try self.init(
      subject: subject, issuerName: issuer.name, issuerKey: issuer.key, isAuthority: isAuthority)
  }

  static func selfSigned(_ name: String) throws -> Issued {
    let key = P256.Signing.PrivateKey()
    return try Issued(
      subject: name, key: key, issuerName: name, issuerKey: key, isAuthority: true)
  }

  var pem: String { get throws { try certificate.serializeAsPEM().pemString } }
}

/// The review's worst input: CAs `CA0…CA(N-1)`, one key each, every one cross-signed by every
/// other (N·(N-1) intermediates), and a leaf for 127.0.0.1 issued by CA0. No path reaches a
/// trusted root, so a search without bounds tries them all.
struct CrossSignedSet {
  let leaf: Issued
  let intermediates: [Certificate]

  init(count: Int) throws {
    let keys = (0..<count).map { _ in P256.Signing.PrivateKey() }
    var intermediates: [Certificate] = []
    for subject in 0..<count {
      for issuer in 0..<count where issuer != subject {
        intermediates.append(
          try Issued(
            subject: "CA\(subject)", key: keys[subject], issuerName: "CA\(issuer)",
            issuerKey: keys[issuer], isAuthority: true, serial: 100 + subject * count + issuer
          ).certificate)
      }
    }
    leaf = try Issued(
      subject: "127.0.0.1", issuerName: "CA0", issuerKey: keys[0], isAuthority: false)
    self.intermediates = intermediates
  }

  /// The leaf and every intermediate, leaf first, as a TLS server sends them, with the leaf's key.
  func serverCertificate(in directory: TemporaryDirectory) throws -> TestCertificate {
    let chain = try ([leaf.certificate] + intermediates).map {
      try $0.serializeAsPEM().pemString
    }
    return TestCertificate(
      certificatePath: try directory.write("cross-chain.pem", chain.joined(separator: "\n") + "\n"),
      keyPath: try directory.write("cross-leaf-key.pem", leaf.key.pemRepresentation + "\n"))
  }

  /// A root nothing here chains to: the trust store of the check.
  func unrelatedRoot(in directory: TemporaryDirectory) throws -> TestCertificate {
    let root = try Issued.selfSigned("Unrelated Root")
    return TestCertificate(
      certificatePath: try directory.write("unrelated-root.pem", try root.pem + "\n"),
      keyPath: try directory.write("unrelated-root-key.pem", root.key.pemRepresentation + "\n"))
  }

  /// The fixture association file, CMS-signed by the leaf with every intermediate in the message
  /// (`openssl cms -sign -certfile`), as DER.
  func signedAssociation(in directory: TemporaryDirectory) async throws -> [UInt8] {
    let server = try serverCertificate(in: directory)
    let others = try directory.write(
      "cross-intermediates.pem",
      try intermediates.map { try $0.serializeAsPEM().pemString }.joined(separator: "\n") + "\n")
    let signer = TestCertificate(
      certificatePath: try directory.write("cross-leaf.pem", try leaf.pem + "\n"),
      keyPath: server.keyPath)
    return try await signer.sign(Fixtures.association, in: directory, carrying: others)
  }
}
