import CBoringSSLOptions
import NIOSSL

/// The TLS 1.2 cipher suites aasa-serve offers, and the order it picks them in: Mozilla's
/// "intermediate" profile (ECDHE key exchange, AEAD ciphers only; TLS 1.3's suites are all
/// AEAD and not configurable here). NIOSSL's default list still offers CBC suites
/// (`ECDHE-ECDSA-AES128-SHA`…), which `testssl.sh` flags as obsolete and LUCKY13-prone, and
/// leaves the choice to the client.
enum ServerCipherOrder {
  /// Strongest first as Mozilla orders them: AES-128-GCM (fast everywhere with AES
  /// instructions), AES-256-GCM, then ChaCha20-Poly1305, each for ECDSA and RSA keys.
  static let tls12Suites = [
    "ECDHE-ECDSA-AES128-GCM-SHA256", "ECDHE-RSA-AES128-GCM-SHA256",
    "ECDHE-ECDSA-AES256-GCM-SHA384", "ECDHE-RSA-AES256-GCM-SHA384",
    "ECDHE-ECDSA-CHACHA20-POLY1305", "ECDHE-RSA-CHACHA20-POLY1305",
  ].joined(separator: ":")

  /// Makes `context` choose the TLS 1.2 suite by the order above rather than the client's.
  /// NIOSSL has no setting for this, so the option is set on the BoringSSL context it holds,
  /// found by reflection; returns false if that context could not be found (a NIOSSL that
  /// changed its layout), in which case the client's order applies and start-up says so.
  /// Connections made from the context afterwards inherit the option.
  static func preferServerOrder(in context: NIOSSLContext) -> Bool {
    let handle = Mirror(reflecting: context).children.first { $0.label == "sslContext" }?.value
    guard let handle = handle as? OpaquePointer else { return false }
    let options = CNIOBoringSSL_SSL_CTX_set_options(
      UnsafeMutableRawPointer(handle), CBORINGSSL_OP_CIPHER_SERVER_PREFERENCE)
    return options & CBORINGSSL_OP_CIPHER_SERVER_PREFERENCE != 0
  }
}
