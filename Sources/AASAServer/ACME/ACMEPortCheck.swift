/// The CA validates a name on a fixed port: TLS-ALPN-01 connects to the name's port 443,
/// HTTP-01 to its port 80 (RFC 8737 §3, RFC 8555 §8.3), whatever port the server listens on.
/// A server on another port is validated only when that port is forwarded to it (a container's
/// port mapping, a load balancer passing TLS through), which the server cannot see; so a start
/// on another port is said once, with what must be true, rather than left to a failed order.
enum ACMEPortCheck {
  /// The warning for a server that validates on `servingPort` (TLS-ALPN-01) or on
  /// `challengePort` (HTTP-01, `--acme-http-port`); nil on the standard port, or when passive
  /// (it never orders).
  static func warning(passive: Bool, servingPort: Int, challengePort: Int?) -> String? {
    guard !passive else { return nil }
    if let challengePort {
      guard challengePort != 80 else { return nil }
      return
        "ACME: HTTP-01 is answered on port \(challengePort), but the CA connects to each name's port 80: validation succeeds only if port 80 of every name's address is forwarded to port \(challengePort) here"
    }
    guard servingPort != 443 else { return nil }
    return
      "ACME: TLS-ALPN-01 is answered on port \(servingPort), but the CA connects to each name's port 443: validation succeeds only if port 443 of every name's address is forwarded to port \(servingPort) here (or use --port 443, or --acme-http-port for HTTP-01)"
  }
}
