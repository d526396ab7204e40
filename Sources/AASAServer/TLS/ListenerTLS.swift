import Logging

/// The listener's TLS, whichever flag gave it, with what start-up says about it.
public struct ListenerTLS: Sendable {
  public var server: ServerTLS
  public var summary: String
  public var curlTrustOption: String
  public var warnings: [String]
  /// `--tls-dir`: what keeps the certificates current.
  public var reloader: CertificateReloader?

  static func load(configuration: ServerConfiguration, logger: Logger) throws(StartupError)
    -> ListenerTLS?
  {
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
}
