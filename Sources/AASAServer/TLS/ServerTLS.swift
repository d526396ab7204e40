import NIOSSL

/// The TLS a listener does: one certificate for every connection (`--tls-cert`, `--self-signed`),
/// or one chosen by the client's SNI from a folder of them (`--tls-dir`).
public enum ServerTLS: Sendable {
  case single(NIOSSLContext)
  case bySNI(Swappable<CertificateTable>)
}
