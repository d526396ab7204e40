/// Where the TLS certificate comes from, if anywhere.
public enum TLSSource: Sendable, Equatable {
  /// Plain HTTP, for running behind a load balancer that terminates TLS.
  case none
  /// PEM files: a certificate chain (leaf first) and its private key (EC or RSA).
  case files(certificate: String, key: String)
  /// A certificate for localhost made in memory at start-up, for trying things on a laptop.
  case selfSigned
  /// `--tls-dir DIR`: many certificates, each serving the names in its subjectAltName, chosen by
  /// the client's SNI; reloaded when their files change.
  case directory(String)
}
