import AASAACME
import Foundation
import Logging

/// The listener's TLS, whichever flag gave it, with what start-up says about it.
public struct ListenerTLS: Sendable {
  public var server: ServerTLS
  public var summary: String
  public var curlTrustOption: String
  public var warnings: [String]
  /// `--tls-dir`: what keeps the certificates current.
  public var reloader: CertificateReloader?

  /// `--acme`: the challenges this process puts up, shared with its manager.
  public var acmeBoard: ACMEChallengeBoard?

  static func load(configuration: ServerConfiguration, logger: Logger) throws(StartupError)
    -> ListenerTLS?
  {
    if let acme = configuration.acme { return try loadACME(acme, configuration, logger: logger) }
    if case .directory(let directory) = configuration.tls {
      let loaded = try CertificateReloader.load(
        directory: directory, allowUntrusted: configuration.allowUntrustedCertificate,
        settleTime: configuration.settleTime, logger: logger)
      return ListenerTLS(
        server: .bySNI(loaded.reloader.store), summary: loaded.summary, curlTrustOption: "",
        warnings: loaded.warnings, reloader: loaded.reloader)
    }
    guard
      let loaded = try TLSSetup.load(
        configuration.tls, allowUntrusted: configuration.allowUntrustedCertificate)
    else { return nil }
    return ListenerTLS(
      server: .single(loaded.context), summary: loaded.summary,
      curlTrustOption: loaded.curlTrustOption, warnings: loaded.warnings, reloader: nil)
  }

  /// `--acme`: the folder's certificates, read as `--tls-dir` reads them (its checks, reloads,
  /// and a bad file keeping the old certificate), and until a name has one, a self-signed
  /// placeholder made at start-up: the server answers at once, and clients that check
  /// certificates refuse the placeholder rather than getting another site's certificate.
  private static func loadACME(
    _ acme: ACMESettings, _ configuration: ServerConfiguration, logger: Logger
  ) throws(StartupError) -> ListenerTLS {
    let storage = acme.manager.storage
    do {
      try FileManager.default.createDirectory(
        atPath: storage.certificatesDirectory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    } catch {
      throw StartupError("cannot make the --acme-dir folder \(storage.certificatesDirectory)")
    }
    let placeholder: TLSSetup.Loaded
    do {
      let made = try SelfSignedCertificate.make()
      placeholder = try TLSSetup.makeContext(
        certificatePEM: Array(made.certificatePEM.utf8), keyPEM: Array(made.privateKeyPEM.utf8),
        certificateFile: "(placeholder)", keyFile: "(placeholder)", allowUntrusted: true)
    } catch {
      throw StartupError("cannot make the placeholder certificate for --acme")
    }
    let loaded = try CertificateReloader.load(
      directory: storage.certificatesDirectory,
      allowUntrusted: configuration.allowUntrustedCertificate,
      settleTime: configuration.settleTime, logger: logger,
      placeholder: CertificateTable.Entry(
        name: CertificateTable.defaultName, dnsNames: [], notValidAfter: 0,
        context: placeholder.context))
    let board = ACMEChallengeBoard()
    let responder = ACMEChallengeResponder(
      board: board, storage: storage,
      onDemand: acme.askURL.map { OnDemandGuard(configuration: .init(askURL: $0)) })
    return ListenerTLS(
      server: .acme(loaded.reloader.store, responder),
      summary: "ACME: " + loaded.summary + " (the self-signed placeholder until a name has one)",
      curlTrustOption: "", warnings: loaded.warnings, reloader: loaded.reloader, acmeBoard: board)
  }
}
