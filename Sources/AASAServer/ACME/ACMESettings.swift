import AASAACME

/// `--acme`: what the server does about certificates it obtains itself. See docs/aasa-serve.md,
/// "Automatic certificates".
public struct ACMESettings: Sendable {
  /// The manager's settings: storage (`--acme-dir`), CAs, account, profile, passive mode.
  public var manager: ACMEManager.Configuration
  /// `--acme-domain`: the names managed with `--root`. With `--sites`, each site folder's
  /// name is managed as well.
  public var domains: [String]
  /// `--acme-http-port`: answer HTTP-01 on this port too (and order over HTTP-01).
  public var httpPort: Int?
  /// `--acme-ask URL`: names no site has are ordered on demand when this endpoint approves.
  public var askURL: String?

  public init(
    manager: ACMEManager.Configuration, domains: [String] = [], httpPort: Int? = nil,
    askURL: String? = nil
  ) {
    self.manager = manager
    self.domains = domains
    self.httpPort = httpPort
    self.askURL = askURL
  }
}
