import Crypto
import Foundation
import SwiftASN1
import X509

/// A certificate authority made for one test, and the leaves it signs: clients trust the
/// authority (`--ca-file`, `curl --cacert`, a trust store the test builds), so a handshake that
/// succeeds proves the server presented the leaf the test meant. Nothing is committed; every key
/// is made at run time, with swift-certificates rather than an `openssl` subprocess, so that no
/// test waits on a program for one.
public struct TestAuthority {
  public let key = P256.Signing.PrivateKey()
  public let certificate: Certificate
  /// The authority's certificate alone, as a PEM file: the file a client is told to trust.
  public let file: String

  /// Makes the authority, valid from an hour ago for `days`, and writes it to `fileName`.
  public init(in directory: TemporaryDirectory, fileName: String = "authority.pem", days: Int = 200)
    throws
  {
    let name = try DistinguishedName { CommonName("aasa test authority") }
    let now = Date()
    certificate = try Certificate(
      version: .v3, serialNumber: Certificate.SerialNumber(),
      publicKey: Certificate.PublicKey(key.publicKey), notValidBefore: now - 3600,
      notValidAfter: now + Double(days) * 24 * 3600, issuer: name, subject: name,
      signatureAlgorithm: .ecdsaWithSHA256,
      extensions: Certificate.Extensions {
        Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
        Critical(KeyUsage(keyCertSign: true))
      },
      issuerPrivateKey: Certificate.PrivateKey(key))
    file = try directory.write(fileName, certificate.serializeAsPEM().pemString + "\n")
  }

  /// A server leaf for `names` (and, with `loopbackAddress`, the IP address 127.0.0.1) whose
  /// subject is `CN=commonName`: the chain (leaf, then this authority) and the key, both PEM.
  public func issue(
    commonName: String, names: [String], loopbackAddress: Bool = false,
    notValidBefore: Date = Date() - 3600, notValidAfter: Date = Date() + 24 * 3600
  ) throws -> (chain: String, key: String) {
    let leafKey = P256.Signing.PrivateKey()
    let addresses =
      loopbackAddress ? [GeneralName.ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1]))] : []
    let leaf = try Certificate(
      version: .v3, serialNumber: Certificate.SerialNumber(),
      publicKey: Certificate.PublicKey(leafKey.publicKey), notValidBefore: notValidBefore,
      notValidAfter: notValidAfter, issuer: certificate.subject,
      subject: try DistinguishedName { CommonName(commonName) },
      signatureAlgorithm: .ecdsaWithSHA256,
      extensions: Certificate.Extensions {
        Critical(KeyUsage(digitalSignature: true))
        try ExtendedKeyUsage([.serverAuth])
        SubjectAlternativeNames(names.map { GeneralName.dnsName($0) } + addresses)
      },
      issuerPrivateKey: Certificate.PrivateKey(key))
    let chain =
      try leaf.serializeAsPEM().pemString + "\n" + certificate.serializeAsPEM().pemString + "\n"
    return (chain, leafKey.pemRepresentation + "\n")
  }
}

/// A certificate and key a test server presents, as PEM files: what ``StubHTTPS`` needs of one.
public protocol ServingCertificate: Sendable {
  /// The leaf first, then any certificate that helps a client build the chain.
  var chainFile: String { get }
  /// The leaf's private key.
  var keyFile: String { get }
}

/// A ``TestAuthority`` and the one leaf it signs for 127.0.0.1 (an IP address name) and
/// `dnsNames` (`localhost`): what a test's HTTPS stub presents. The leaf lasts 90 days and a
/// half, so that the whole days a check counts cannot change between two checks of one test.
public struct LoopbackCertificate: ServingCertificate {
  /// The authority's certificate alone: the file the program under test is told to trust.
  public let authorityFile: String
  /// The leaf, then the authority.
  public let chainFile: String
  /// The leaf's P-256 key.
  public let keyFile: String

  /// Writes `authority.pem`, `chain.pem` and `key.pem` (with `name` and a dash in front, when
  /// given, so that one directory can hold several).
  public init(
    in directory: TemporaryDirectory, dnsNames: [String] = ["localhost"], name: String? = nil
  ) throws {
    let prefix = name.map { "\($0)-" } ?? ""
    let authority = try TestAuthority(in: directory, fileName: "\(prefix)authority.pem")
    let now = Date()
    let leaf = try authority.issue(
      commonName: "localhost", names: dnsNames, loopbackAddress: true, notValidBefore: now - 3600,
      notValidAfter: now + 90 * 24 * 3600 + 12 * 3600)
    authorityFile = authority.file
    chainFile = try directory.write("\(prefix)chain.pem", leaf.chain)
    keyFile = try directory.write("\(prefix)key.pem", leaf.key)
  }
}
