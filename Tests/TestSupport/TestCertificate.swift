import Crypto
import Foundation
import SwiftASN1
import X509
import _CryptoExtras

/// A self-signed certificate and its key, as PEM files in a test's temporary directory: a TLS
/// server's certificate, a signer of an association file, an upload key to fingerprint. Made at
/// run time with swift-certificates and swift-crypto rather than an `openssl req` subprocess, so
/// that no test waits on a program for one; nothing is committed.
public struct TestCertificate: ServingCertificate {
  /// The certificate (or, for a chain a test puts together itself, the leaf first).
  public let certificatePath: String
  /// The private key, PKCS#8 PEM, as `openssl req` wrote it.
  public let keyPath: String

  public var chainFile: String { certificatePath }
  public var keyFile: String { keyPath }

  /// Names files a test has written itself, such as a chain from its own authorities.
  public init(certificatePath: String, keyPath: String) {
    self.certificatePath = certificatePath
    self.keyPath = keyPath
  }

  /// The kind of key a certificate is made with.
  public enum KeyType: Sendable {
    /// P-256, what `aasa-serve --self-signed` and most sites use.
    case ec
    /// RSA 2048.
    case rsa
    /// RSA 1024: a key Apple's fetcher refuses (RSA under 2048 bits).
    case weakRSA
    /// Ed25519: a key Apple's fetcher refuses (no TLS client of Apple's takes it).
    case ed25519
  }

  /// A name in the certificate's subjectAltName.
  public enum AlternativeName: Sendable, Hashable {
    case dns(String)
    /// An IP address, as its bytes (4 for IPv4, 16 for IPv6).
    case ipAddress([UInt8])

    /// The loopback address 127.0.0.1, where the tests' servers listen.
    public static let loopback = AlternativeName.ipAddress([127, 0, 0, 1])
  }

  /// A self-signed certificate a TLS server can use: SAN `localhost` and IP `127.0.0.1` by
  /// default (no subjectAltName at all when `alternativeNames` is empty), key usage
  /// `digitalSignature` (NIOSSL insists) and `keyCertSign`, `CA:TRUE` (so that a client told to
  /// trust the file takes it as a root, as BoringSSL and curl do), valid from an hour ago until `days` from now,
  /// or from `notValidBefore` to `notValidAfter` when given. The subject is `O=organization`,
  /// when given, then `CN=commonName`. Written as `name.pem` and `name-key.pem`.
  public static func selfSigned(
    in directory: TemporaryDirectory, name: String = "server", commonName: String = "localhost",
    organization: String? = nil,
    alternativeNames: [AlternativeName] = [.dns("localhost"), .loopback], days: Int = 365,
    notValidBefore: Date? = nil, notValidAfter: Date? = nil, keyType: KeyType = .ec
  ) throws -> TestCertificate {
    let (key, keyPEM) = try keyType.makeKey()
    let subject = try DistinguishedName {
      if let organization { OrganizationName(organization) }
      CommonName(commonName)
    }
    let publicKey = key.publicKey
    let identifier = SubjectKeyIdentifier(hash: publicKey)
    let now = Date()
    let certificate = try Certificate(
      version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: publicKey,
      // An hour back, as TestAuthority does: the certificate's time is whole seconds, and one
      // starting "now" rounded up is not yet valid for a handshake in the same second.
      notValidBefore: notValidBefore ?? now - 3600,
      notValidAfter: notValidAfter ?? now + Double(days) * 24 * 3600, issuer: subject,
      subject: subject, signatureAlgorithm: keyType.signatureAlgorithm,
      extensions: Certificate.Extensions {
        Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
        Critical(KeyUsage(digitalSignature: true, keyCertSign: true))
        identifier
        AuthorityKeyIdentifier(keyIdentifier: identifier.keyIdentifier)
        if !alternativeNames.isEmpty {
          SubjectAlternativeNames(alternativeNames.map(\.generalName))
        }
      },
      issuerPrivateKey: key)
    return TestCertificate(
      certificatePath: try directory.write(
        "\(name).pem", try certificate.serializeAsPEM().pemString + "\n"),
      keyPath: try directory.write("\(name)-key.pem", keyPEM + "\n"))
  }

  /// The certificate, parsed from its file.
  public var certificate: Certificate {
    get throws {
      try Certificate(pemEncoded: String(contentsOfFile: certificatePath, encoding: .utf8))
    }
  }

  /// The certificate's DER bytes: what a `.der` or `.cer` file holds.
  public var derBytes: [UInt8] {
    get throws {
      var serializer = DER.Serializer()
      try serializer.serialize(certificate)
      return serializer.serializedBytes
    }
  }

  /// The SHA-256 of the certificate's DER bytes as `AB:CD:…`, the form Android's
  /// `assetlinks.json` and `openssl x509 -fingerprint -sha256` use.
  public var sha256Fingerprint: String {
    get throws {
      SHA256.hash(data: try derBytes).map { String(format: "%02X", $0) }.joined(separator: ":")
    }
  }

  /// Signs `content` as an iOS 8 era association file, with the real
  /// `openssl cms -sign -nodetach -binary -outform DER|PEM`: a peer's signature, not one this
  /// package made. `carrying`, a PEM file of further certificates, goes into the message too
  /// (`-certfile`).
  public func sign(
    _ content: String, in directory: TemporaryDirectory, pem: Bool = false,
    carrying others: String? = nil
  ) async throws -> [UInt8] {
    let input = try directory.write("to-sign-\(UUID().uuidString).json", content)
    let output = directory.file("signed-\(UUID().uuidString)")
    try await OpenSSL.run(
      [
        "cms", "-sign", "-in", input, "-signer", certificatePath, "-inkey", keyPath,
        "-outform", pem ? "PEM" : "DER", "-nodetach", "-binary", "-out", output,
      ] + (others.map { ["-certfile", $0] } ?? []))
    return Array(try Data(contentsOf: URL(fileURLWithPath: output)))
  }
}

extension TestCertificate.KeyType {
  /// A new key of this kind, and its PEM file's text: PKCS#8 for every kind, as `openssl req`
  /// writes it (an RSA key too, rather than swift-crypto's PKCS#1 default).
  fileprivate func makeKey() throws -> (key: Certificate.PrivateKey, pem: String) {
    switch self {
    case .ec:
      let key = P256.Signing.PrivateKey()
      return (Certificate.PrivateKey(key), key.pemRepresentation)
    case .rsa:
      let key = try _RSA.Signing.PrivateKey(keySize: .bits2048)
      return (Certificate.PrivateKey(key), key.pkcs8PEMRepresentation)
    case .weakRSA:
      // swift-crypto makes a key under 2048 bits only when told that it is unsafe.
      let key = try _RSA.Signing.PrivateKey(unsafeKeySize: .init(bitCount: 1024))
      return (Certificate.PrivateKey(key), key.pkcs8PEMRepresentation)
    case .ed25519:
      let key = Certificate.PrivateKey(Curve25519.Signing.PrivateKey())
      return (key, try key.serializeAsPEM().pemString)
    }
  }

  fileprivate var signatureAlgorithm: Certificate.SignatureAlgorithm {
    switch self {
    case .ec: .ecdsaWithSHA256
    case .rsa, .weakRSA: .sha256WithRSAEncryption
    case .ed25519: .ed25519
    }
  }
}

extension TestCertificate.AlternativeName {
  fileprivate var generalName: GeneralName {
    switch self {
    case .dns(let name): .dnsName(name)
    case .ipAddress(let bytes): .ipAddress(ASN1OctetString(contentBytes: ArraySlice(bytes)))
    }
  }
}
