import Crypto
import Foundation
import TestSupport
import X509

/// A certificate authority made for one test, and leaf certificates it signs for host names:
/// clients trust the authority (`curl --cacert`), so a handshake that succeeds proves the server
/// picked the certificate naming the host. Nothing is committed; every key is made at run time.
struct TestCertificateAuthority {
  let key = P256.Signing.PrivateKey()
  let certificate: Certificate
  /// The authority's certificate as a PEM file, for `--cacert` and `-CAfile`.
  let file: String

  init(in directory: TemporaryDirectory) throws {
    let name = try DistinguishedName { CommonName("aasa test authority") }
    let now = Date()
    certificate = try Certificate(
      version: .v3, serialNumber: Certificate.SerialNumber(),
      publicKey: Certificate.PublicKey(key.publicKey), notValidBefore: now - 3600,
      notValidAfter: now + 2 * 24 * 3600, issuer: name, subject: name,
      signatureAlgorithm: .ecdsaWithSHA256,
      extensions: Certificate.Extensions {
        Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
        Critical(KeyUsage(keyCertSign: true))
      },
      issuerPrivateKey: Certificate.PrivateKey(key))
    file = try directory.write("authority.pem", certificate.serializeAsPEM().pemString)
  }

  /// A leaf for `names` whose subject is `CN=commonName`, and its key, both PEM.
  func issue(
    commonName: String, names: [String], notValidBefore: Date = Date() - 3600,
    notValidAfter: Date = Date() + 24 * 3600
  ) throws -> (chain: String, key: String) {
    let leafKey = P256.Signing.PrivateKey()
    let leaf = try Certificate(
      version: .v3, serialNumber: Certificate.SerialNumber(),
      publicKey: Certificate.PublicKey(leafKey.publicKey), notValidBefore: notValidBefore,
      notValidAfter: notValidAfter, issuer: certificate.subject,
      subject: try DistinguishedName { CommonName(commonName) },
      signatureAlgorithm: .ecdsaWithSHA256,
      extensions: Certificate.Extensions {
        Critical(KeyUsage(digitalSignature: true))
        try ExtendedKeyUsage([.serverAuth])
        SubjectAlternativeNames(names.map { .dnsName($0) })
      },
      issuerPrivateKey: Certificate.PrivateKey(key))
    let chain =
      try leaf.serializeAsPEM().pemString + "\n" + certificate.serializeAsPEM().pemString + "\n"
    return (chain, leafKey.pemRepresentation + "\n")
  }
}

/// The subject common name of the certificate a server presents for `serverName` (no SNI at
/// all when nil), as `openssl s_client` shows it.
func presentedCommonName(port: Int, serverName: String?) async throws -> String? {
  let sni = serverName.map { ["-servername", $0] } ?? ["-noservername"]
  for _ in 0..<3 {
    let result = try await run(
      ExecutableLookup.require("openssl"), ["s_client", "-connect", "127.0.0.1:\(port)"] + sni,
      input: "")
    let text = (result.stdout + result.stderr).replacingOccurrences(of: " ", with: "")
    // OpenSSL 3 prints `subject=CN = name`, OpenSSL 1.1 `subject=/CN=name`.
    if let match = text.firstMatch(of: /subject=\/?CN=([^\n,\/]+)/) {
      return String(match.1)
    }
  }
  return nil
}
