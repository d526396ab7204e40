import Foundation
import TestSupport

/// Certificates made at test time with the `openssl` command line, in a temporary directory.
/// Never committed.
struct TestCertificate {
  var certificatePath: String
  var keyPath: String

  /// A self-signed certificate a TLS server can use: SAN `localhost` and IP `127.0.0.1` by default,
  /// key usage `digitalSignature` (NIOSSL insists), valid for `days`.
  static func selfSigned(
    in directory: TemporaryDirectory, name: String = "server", commonName: String = "localhost",
    alternativeNames: String = "DNS:localhost,IP:127.0.0.1", days: Int = 365,
    keyType: KeyType = .ec
  ) async throws -> TestCertificate {
    let certificatePath = directory.file("\(name).pem")
    let keyPath = directory.file("\(name)-key.pem")
    try await OpenSSL.run(
      ["req", "-x509", "-nodes"] + keyType.arguments + [
        "-keyout", keyPath, "-out", certificatePath, "-days", String(days),
        "-subj", "/CN=\(commonName)/O=AASA Live Check Tests",
        "-addext", "subjectAltName=\(alternativeNames)",
        "-addext", "keyUsage=critical,digitalSignature,keyCertSign",
        "-addext", "basicConstraints=critical,CA:TRUE",
      ])
    return TestCertificate(certificatePath: certificatePath, keyPath: keyPath)
  }

  enum KeyType {
    case ec, rsa
    /// A key Apple's fetcher refuses: RSA under 2048 bits.
    case weakRSA

    var arguments: [String] {
      switch self {
      case .ec: ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1"]
      case .rsa: ["-newkey", "rsa:2048"]
      case .weakRSA: ["-newkey", "rsa:1024"]
      }
    }
  }

  /// Signs `content` as an iOS 8 era association file:
  /// `openssl cms -sign -nodetach -binary -outform DER|PEM`.
  func sign(_ content: String, in directory: TemporaryDirectory, pem: Bool = false) async throws
    -> [UInt8]
  {
    let input = try directory.write("to-sign-\(UUID().uuidString).json", content)
    let output = directory.file("signed-\(UUID().uuidString)")
    try await OpenSSL.run([
      "cms", "-sign", "-in", input, "-signer", certificatePath, "-inkey", keyPath,
      "-outform", pem ? "PEM" : "DER", "-nodetach", "-binary", "-out", output,
    ])
    return Array(try Data(contentsOf: URL(fileURLWithPath: output)))
  }
}

/// The shared HTTPS stub serves a self-signed certificate as its own chain.
extension TestCertificate: ServingCertificate {
  var chainFile: String { certificatePath }
  var keyFile: String { keyPath }
}
