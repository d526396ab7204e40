import NIOSSL

/// The TLS a listener does: one certificate for every connection (`--tls-cert`, `--self-signed`),
/// or one chosen by the client's SNI from a folder of them (`--tls-dir`).
public enum ServerTLS: Sendable {
  case single(NIOSSLContext)
  case bySNI(Swappable<CertificateTable>)
  /// `--acme`: by SNI from the ACME folder, and the challenge certificate for a TLS-ALPN-01
  /// validation (ALPN exactly `acme-tls/1`, RFC 8737), told apart by reading the ClientHello.
  case acme(Swappable<CertificateTable>, ACMEChallengeResponder)
}
