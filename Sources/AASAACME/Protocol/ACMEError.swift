/// Why an ACME exchange failed.
public enum ACMEError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The CA answered a request with a problem document.
  case problem(ACMEProblem, request: String)
  /// The CA could not validate a name; its problem when it gave one.
  case authorizationFailed(name: String, problem: ACMEProblem?)
  /// The order became invalid.
  case orderFailed(problem: ACMEProblem?)
  /// An answer that does not follow RFC 8555 (no nonce, not JSON, too large, a bad URL…).
  case unexpectedResponse(String)
  /// An error status without a problem document (a proxy's 502, a web server's 404): its
  /// status tells a CA that is down (5xx, 429) from a URL that is no ACME server (other 4xx).
  case httpStatus(Int, request: String)
  /// The CA did not finish within the time allowed.
  case deadlineExceeded(String)
  /// No answer came: a name that does not resolve, a connection refused, a timeout.
  case connection(String)
  /// The TLS handshake with the CA failed; `untrusted`: because its certificate does not lead
  /// to a trusted root (a private CA, Pebble: `--acme-ca-root`). A setting to fix, not a moment
  /// to wait out.
  case tls(String, untrusted: Bool)
  /// The caller asked for something the client cannot do (a challenge type the CA does not
  /// offer, a name that is not a DNS name).
  case unusable(String)

  /// The CA's problem, whichever case carries it.
  public var acmeProblem: ACMEProblem? {
    switch self {
    case .problem(let problem, _): return problem
    case .authorizationFailed(_, let problem), .orderFailed(let problem): return problem
    default: return nil
    }
  }

  public var description: String {
    switch self {
    case .problem(let problem, let request):
      return "ACME \(request): \(problem)"
    case .authorizationFailed(let name, let problem):
      return "ACME: \(ACMEProblem.clipped(name)) could not be validated"
        + (problem.map { ": \($0)" } ?? "")
    case .orderFailed(let problem):
      return "ACME: the order failed" + (problem.map { ": \($0)" } ?? "")
    case .unexpectedResponse(let what): return "ACME: unexpected answer from the CA: \(what)"
    case .httpStatus(let status, let request):
      return "ACME: \(request) answered HTTP \(status) without a problem document"
    case .deadlineExceeded(let what): return "ACME: \(what)"
    case .connection(let what): return "ACME: no answer from the CA: \(what)"
    case .tls(let what, _): return "ACME: no TLS connection to the CA: \(what)"
    case .unusable(let what): return "ACME: \(what)"
    }
  }
}
