/// The CA refused the account for a reason no retry fixes: the configuration is wrong (a CA that
/// wants external account binding, a contact it refuses, terms a person must accept, a CA whose
/// HTTPS certificate is not trusted). `aasa-serve` exits at start-up with it rather than retrying forever
/// with a wrong setting. Every other failure (no answer, a timeout, a 5xx, a rate limit) is the
/// CA's moment and is retried. See docs/aasa-serve.md, "Automatic certificates".
public struct ACMEAccountRefusal: Error, Sendable, CustomStringConvertible {
  public var directoryURL: String
  /// The CA's problem document, or what was wrong with its answer, in words.
  public var reason: String
  /// What to change, naming the flag.
  public var fix: String

  public var description: String {
    "ACME: no account at \(ACMEProblem.clipped(directoryURL)): \(reason); \(fix)"
  }

  /// Problem types that a retry with the same settings cannot change (RFC 8555 §6.7).
  static let permanentTypes: Set<String> = [
    "externalAccountRequired", "malformed", "unsupportedContact", "invalidContact",
    "userActionRequired", "unauthorized", "badPublicKey", "badSignatureAlgorithm",
  ]

  /// The refusal `error` stands for when reading the directory at `directoryURL` failed; nil
  /// when it may pass (retry). Only what no wait changes ends the server: the TLS handshake
  /// with the CA failed (its certificate is not trusted: `--acme-ca-root`; or no TLS there), or
  /// the CA answered with a problem type that is permanent. An answer that is no directory (not
  /// JSON, too large, a redirect, a 4xx without a problem document) may be a maintenance page
  /// or a proxy in front of the CA, or a fallback CA's outage: it is retried like a 5xx, each
  /// attempt logged in words, while the server serves the certificates it has.
  static func directory(_ error: any Error, directoryURL: String) -> ACMEAccountRefusal? {
    switch error as? ACMEError {
    case .tls(let what, let untrusted):
      return ACMEAccountRefusal(
        directoryURL: directoryURL, reason: ACMEProblem.clipped(what),
        fix: untrusted
          ? "the CA's certificate is not trusted: pass --acme-ca-root FILE with the root that issued it (Pebble's, a private CA's; a public CA needs none)"
          : "check --acme-ca: it must be the CA's https:// directory URL, on a port that answers TLS"
      )
    case .problem(let problem, _):
      guard let type = problem.acmeType, permanentTypes.contains(type) else { return nil }
      return ACMEAccountRefusal(
        directoryURL: directoryURL, reason: "its directory answered \(problem)",
        fix: "check --acme-ca (an ACME directory URL, such as \(letsEncrypt))")
    default:
      return nil
    }
  }

  /// The refusal `error` stands for when making or reading the account failed; nil when it may
  /// pass (retry).
  static func account(_ error: any Error, directoryURL: String, usesBinding: Bool)
    -> ACMEAccountRefusal?
  {
    if let failure = error as? ACMEStorage.Failure {
      return ACMEAccountRefusal(
        directoryURL: directoryURL, reason: "the stored account cannot be used: \(failure)",
        fix: "fix or remove the account in --acme-dir (a new one is made)")
    }
    switch error as? ACMEError {
    case .problem(let problem, _):
      guard let type = problem.acmeType, permanentTypes.contains(type) else { return nil }
      return ACMEAccountRefusal(
        directoryURL: directoryURL, reason: "the CA refused it: \(problem)",
        fix: fix(forProblem: type, usesBinding: usesBinding))
    case .unusable(let what):
      return ACMEAccountRefusal(
        directoryURL: directoryURL, reason: ACMEProblem.clipped(what),
        fix: "use another --acme-dir (a new account is made) or ask the CA")
    default:
      return nil
    }
  }

  static func fix(forProblem type: String, usesBinding: Bool) -> String {
    switch type {
    case "externalAccountRequired":
      return
        "give the CA's external account binding with --acme-eab-kid and --acme-eab-hmac-file"
    case "unsupportedContact", "invalidContact":
      return "fix --acme-email (an address the CA accepts), or leave it out"
    case "userActionRequired":
      return
        "a person must act at the CA (its terms or instructions), or choose another CA with --acme-ca"
    case "malformed", "unauthorized":
      return usesBinding
        ? "check --acme-eab-kid and --acme-eab-hmac-file (the key identifier and MAC key the CA gave) and --acme-email"
        : "check --acme-email and --acme-ca; a CA that needs external account binding takes --acme-eab-kid and --acme-eab-hmac-file"
    default:
      return
        "check the --acme-… flags against the CA's requirements, or choose another CA with --acme-ca"
    }
  }

  static let letsEncrypt = "https://acme-v02.api.letsencrypt.org/directory"
}
