import Foundation
import NIOCore
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
    /// Requirements of Apple's and Google's fetchers the certificate does not meet, served
    /// anyway because of `--allow-untrusted-certificate`.
    public var warnings: [String] = []
  }

  /// The protocols offered, in order of preference.
  public static let applicationProtocols = ["h2", "http/1.1"]

  /// - Parameter allowUntrusted: Serve a certificate Apple's and Google's fetchers would refuse
  ///   (see `CertificateRequirements`), with a warning, instead of refusing to start.
  public static func load(_ source: TLSSource, allowUntrusted: Bool = false) throws(StartupError)
    -> Loaded?
  {
    switch source {
    case .none, .directory:
      // A folder of certificates is `CertificateReloader`'s.
      return nil
    case .selfSigned:
      let made: SelfSignedCertificate
      do {
        made = try SelfSignedCertificate.make()
      } catch {
        throw StartupError("cannot make a self-signed certificate")
      }
      var loaded = try makeContext(
        certificatePEM: Array(made.certificatePEM.utf8), keyPEM: Array(made.privateKeyPEM.utf8),
        certificateFile: "(self-signed)", keyFile: "(self-signed)", allowUntrusted: true)
      loaded.summary = "self-signed certificate for localhost and 127.0.0.1 (made at start-up)"
      loaded.curlTrustOption = "-k "
      return loaded
    case .files(let certificateFile, let keyFile):
      return try makeContext(
        certificatePEM: readFile(certificateFile, what: "certificate"),
        keyPEM: readFile(keyFile, what: "private key"), certificateFile: certificateFile,
        keyFile: keyFile, allowUntrusted: allowUntrusted)
    }
  }

  /// How long a connection the server closes waits for the client's close_notify. NIOSSL's
  /// default is 5 s, and its timer keeps the closed connection's handler and buffers (about
  /// 18 KB) alive that long even when the client has already gone: 170 MB resident after 20,000
  /// `openssl s_time` connections, against 41 MB with this. The answer and our close_notify are
  /// already sent, so the client's reply changes nothing; nginx does not wait for it at all.
  static let closeNotifyWait = TimeAmount.milliseconds(250)

  static func readFile(_ path: String, what: String) throws(StartupError) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else {
      let reason =
        FileManager.default.fileExists(atPath: path) ? "it cannot be read" : "no such file"
      throw StartupError("cannot read the \(what) file \(path): \(reason)")
    }
    return Array(data)
  }

  static func makeContext(
    certificatePEM: [UInt8], keyPEM: [UInt8], certificateFile: String, keyFile: String,
    allowUntrusted: Bool
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
    let mismatch = StartupError(
      "the private key \(keyFile) does not belong to the certificate \(certificateFile) "
        + "(its public key differs); the first certificate in the file must be the one the key signs for"
    )
    let problems = CertificateRequirements.problems(leaf: leaf, file: certificateFile)
    if !problems.isEmpty && !allowUntrusted {
      throw StartupError(
        .configuration,
        lines: problems + [
          "Apple's and Google's fetchers refuse such a certificate; replace it, or pass "
            + "--allow-untrusted-certificate to serve it anyway"
        ])
    }
    var summary = "certificate \(certificateFile)"
    var curlTrustOption = ""
    if let parsed = try? Certificate(derEncoded: leaf.toDERBytes()) {
      // Checked here for a clear message; BoringSSL's own complaint would be cryptic.
      if let privateKey = try? Certificate.PrivateKey(
        pemEncoded: String(decoding: keyPEM, as: UTF8.self)),
        privateKey.publicKey != parsed.publicKey
      {
        throw mismatch
      }
      summary += " for \(parsed.subject), valid until \(parsed.notValidAfter)"
      if parsed.issuer == parsed.subject { curlTrustOption = "--cacert \(certificateFile) " }
    }
    var configuration = TLSConfiguration.makeServerConfiguration(
      certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
    configuration.applicationProtocols = applicationProtocols
    configuration.minimumTLSVersion = .tlsv12
    configuration.cipherSuites = ServerCipherOrder.tls12Suites
    configuration.shutdownTimeout = Self.closeNotifyWait
    do {
      let context = try NIOSSLContext(configuration: configuration)
      var warnings = problems
      if !ServerCipherOrder.preferServerOrder(in: context) {
        warnings.append("TLS 1.2 cipher suites are chosen in the client's order of preference")
      }
      return Loaded(
        context: context, summary: summary, curlTrustOption: curlTrustOption,
        warnings: warnings)
    } catch {
      // BoringSSL's own words name its source files; a mismatch is what this comes down to.
      throw mismatch
    }
  }
}
