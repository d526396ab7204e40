import Foundation
import NIOSSL
import X509

/// Turns the TLS flags into an `NIOSSLContext` offering HTTP/2 and HTTP/1.1 by ALPN. Every way
/// the files can be wrong becomes a `StartupError` naming the file and the problem.
public enum TLSSetup {
  /// What start-up reports about the certificate in use.
  public struct Loaded: Sendable {
    public var context: NIOSSLContext
    public var summary: String
    /// What `curl` needs to trust this certificate: `-k` for one made at start-up, `--cacert`
    /// for a self-signed file, nothing for a certificate from a public authority.
    public var curlTrustOption: String
  }

  /// The protocols offered, in order of preference.
  public static let applicationProtocols = ["h2", "http/1.1"]

  public static func load(_ source: TLSSource) throws(StartupError) -> Loaded? {
    switch source {
    case .none:
      return nil
    case .selfSigned:
      let made: SelfSignedCertificate
      do {
        made = try SelfSignedCertificate.make()
      } catch {
        throw StartupError("cannot make a self-signed certificate: \(error)")
      }
      var loaded = try makeContext(
        certificatePEM: Array(made.certificatePEM.utf8), keyPEM: Array(made.privateKeyPEM.utf8),
        certificateFile: "(self-signed)", keyFile: "(self-signed)")
      loaded.summary = "self-signed certificate for localhost and 127.0.0.1 (made at start-up)"
      loaded.curlTrustOption = "-k "
      return loaded
    case .files(let certificateFile, let keyFile):
      return try makeContext(
        certificatePEM: readFile(certificateFile, what: "certificate"),
        keyPEM: readFile(keyFile, what: "private key"), certificateFile: certificateFile,
        keyFile: keyFile)
    }
  }

  static func readFile(_ path: String, what: String) throws(StartupError) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else {
      let reason =
        FileManager.default.fileExists(atPath: path) ? "it cannot be read" : "no such file"
      throw StartupError("cannot read the \(what) file \(path): \(reason)")
    }
    return Array(data)
  }

  static func makeContext(
    certificatePEM: [UInt8], keyPEM: [UInt8], certificateFile: String, keyFile: String
  ) throws(StartupError) -> Loaded {
    let chain: [NIOSSLCertificate]
    do {
      chain = try NIOSSLCertificate.fromPEMBytes(certificatePEM)
    } catch {
      throw StartupError(
        "\(certificateFile) is not a PEM certificate chain (expected '-----BEGIN CERTIFICATE-----' blocks)"
      )
    }
    guard let leaf = chain.first else {
      throw StartupError(
        "\(certificateFile) holds no certificate (expected '-----BEGIN CERTIFICATE-----' blocks)")
    }
    let key: NIOSSLPrivateKey
    do {
      key = try NIOSSLPrivateKey(bytes: keyPEM, format: .pem)
    } catch {
      throw StartupError(
        "\(keyFile) is not a PEM private key (EC or RSA, unencrypted: '-----BEGIN PRIVATE KEY-----', "
          + "'-----BEGIN EC PRIVATE KEY-----' or '-----BEGIN RSA PRIVATE KEY-----')")
    }
    var summary = "certificate \(certificateFile)"
    var curlTrustOption = ""
    if let parsed = try? Certificate(derEncoded: leaf.toDERBytes()) {
      // Checked here for a clear message; BoringSSL's own complaint would be cryptic.
      if let privateKey = try? Certificate.PrivateKey(
        pemEncoded: String(decoding: keyPEM, as: UTF8.self)),
        privateKey.publicKey != parsed.publicKey
      {
        throw StartupError(
          "the private key \(keyFile) does not belong to the certificate \(certificateFile) "
            + "(its public key differs); the first certificate in the file must be the one the key signs for"
        )
      }
      summary += " for \(parsed.subject), valid until \(parsed.notValidAfter)"
      if parsed.issuer == parsed.subject { curlTrustOption = "--cacert \(certificateFile) " }
      if parsed.notValidAfter < Date() {
        summary += " (EXPIRED: Apple and Google will refuse it)"
      }
    }
    var configuration = TLSConfiguration.makeServerConfiguration(
      certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
    configuration.applicationProtocols = applicationProtocols
    configuration.minimumTLSVersion = .tlsv12
    do {
      let context = try NIOSSLContext(configuration: configuration)
      return Loaded(context: context, summary: summary, curlTrustOption: curlTrustOption)
    } catch {
      throw StartupError(
        "cannot use \(certificateFile) with \(keyFile): \(error) (does the key match the certificate?)"
      )
    }
  }
}
