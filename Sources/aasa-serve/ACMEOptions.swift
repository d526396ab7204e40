import AASAACME
import AASAServer
import ArgumentParser
import Foundation

/// `--acme` and its flags: parsed and checked here, turned into `ACMESettings`; everything else
/// is `AASAACME`'s and `AASAServer`'s.
struct ACMEOptions: ParsableArguments {
  @Flag(
    help:
      "Obtain and renew each site's certificate over ACME (Let's Encrypt by default): the names of the --sites folders, or --acme-domain with --root. Validation is TLS-ALPN-01 on the serving port (which must be the name's port 443, directly or forwarded), or HTTP-01 with --acme-http-port. The server answers at once; names without a certificate yet get a self-signed placeholder. A CA that refuses the account for good (external account binding required, a contact it refuses, terms to accept, a CA whose HTTPS certificate is not trusted: --acme-ca-root) ends the server with status 2 and the flag to fix; a CA that is down or answers no ACME directory is retried while serving. Example: aasa-serve --sites /srv/sites --host 0.0.0.0 --port 443 --acme --acme-email ops@example.com"
  )
  var acme = false

  @Option(
    help: ArgumentHelp(
      "Where ACME keeps its account, certificates (certificates/NAME.crt and NAME.key, the --tls-dir layout), locks, pending challenges and each failing name's backoff (kept across restarts). Replicas may share it (a file system with atomic rename and exclusive create).",
      valueName: "dir"))
  var acmeDir = "acme"

  @Option(
    help: ArgumentHelp(
      "ACME directory URL; repeat for fallback CAs, tried in order after two failures of a name. Default: Let's Encrypt.",
      valueName: "url"))
  var acmeCa: [String] = []

  @Option(
    help: ArgumentHelp(
      "PEM roots trusted for the CA's HTTPS besides the system's (a private CA, Pebble).",
      valueName: "file"))
  var acmeCaRoot: String?

  @Option(help: ArgumentHelp("Contact address given to the CA (optional).", valueName: "address"))
  var acmeEmail: String?

  @Option(
    help: ArgumentHelp(
      "A name to obtain a certificate for with --root (repeatable). With --sites, each folder's name is one already.",
      valueName: "name"))
  var acmeDomain: [String] = []

  @Option(
    help: ArgumentHelp(
      "Validate over HTTP-01 instead, answering /.well-known/acme-challenge/ on this port (the name's port 80, directly or forwarded); every other path gets 404.",
      valueName: "port"))
  var acmeHttpPort: Int?

  @Option(
    help: ArgumentHelp(
      "Order this profile when the CA lists it (Let's Encrypt: classic, tlsserver, shortlived).",
      valueName: "name"))
  var acmeProfile: String?

  @Option(
    help: ArgumentHelp(
      "External account binding key identifier, for CAs that require one (ZeroSSL, Google).",
      valueName: "id"))
  var acmeEabKid: String?

  @Option(
    help: ArgumentHelp(
      "File holding the external account binding's MAC key (base64url, as the CA gives it).",
      valueName: "file"))
  var acmeEabHmacFile: String?

  @Flag(
    help:
      "Never order: serve the certificates other replicas store in --acme-dir and answer the challenges they write there."
  )
  var acmePassive = false

  @Option(
    help: ArgumentHelp(
      "Seconds a replica's lock on a name lives without being renewed (every quarter of it); a replica that crashed holds it that long at most.",
      valueName: "seconds"))
  var acmeLockLease: Double = 20

  @Option(
    help: ArgumentHelp(
      "Order certificates on demand for names no site folder has, when GET URL?domain=NAME answers 2xx (5 s timeout, no redirects; answers kept an hour, refusals ten minutes; at most 60 questions a minute). Without it, such names are never ordered. The handshake that brings a name never waits: it gets the default certificate.",
      valueName: "url"))
  var acmeAsk: String?

  /// For tests: the shortest wait before a certificate's renewal window is asked for again
  /// (60 s: the CA's `Retry-After` is not followed below it).
  @Option(
    name: .customLong("acme-renewal-info-floor"),
    help: ArgumentHelp(visibility: .hidden))
  var acmeRenewalInfoFloor: Double = 60

  static let letsEncrypt = "https://acme-v02.api.letsencrypt.org/directory"

  /// Whether any ACME flag but `--acme` itself was given.
  private var anyOther: Bool {
    !acmeCa.isEmpty || acmeCaRoot != nil || acmeEmail != nil || !acmeDomain.isEmpty
      || acmeHttpPort != nil || acmeProfile != nil || acmeEabKid != nil || acmeEabHmacFile != nil
      || acmePassive || acmeDir != "acme" || acmeLockLease != 20 || acmeAsk != nil
  }

  func validate(root: String?, otherTLS: Bool) throws {
    guard acme else {
      if anyOther { throw ValidationError("the --acme-… options need --acme") }
      return
    }
    if otherTLS {
      throw ValidationError(
        "--acme brings its own certificates: leave out --self-signed, --tls-cert/--tls-key and --tls-dir"
      )
    }
    if root != nil && acmeDomain.isEmpty {
      throw ValidationError("with --root, name the site's host for --acme with --acme-domain NAME")
    }
    for name in acmeDomain where ACMEManager.manageable(name) == nil {
      throw ValidationError(
        "--acme-domain \(name) is not a DNS name a CA issues for (lower-case letters, digits, '-', two labels or more)"
      )
    }
    if let acmeHttpPort, !(1...65535).contains(acmeHttpPort) {
      throw ValidationError("--acme-http-port must be 1...65535")
    }
    if (acmeEabKid == nil) != (acmeEabHmacFile == nil) {
      throw ValidationError("--acme-eab-kid and --acme-eab-hmac-file go together")
    }
    guard acmeRenewalInfoFloor >= 0 && acmeRenewalInfoFloor <= 86_400 else {
      throw ValidationError("--acme-renewal-info-floor must be 0...86400 seconds")
    }
    guard acmeLockLease >= 1 && acmeLockLease <= 3600 else {
      throw ValidationError("--acme-lock-lease must be 1...3600 seconds")
    }
    if let acmeAsk, !(acmeAsk.hasPrefix("http://") || acmeAsk.hasPrefix("https://")) {
      throw ValidationError("--acme-ask \(acmeAsk) is not an http:// or https:// URL")
    }
    for url in acmeCa where !url.hasPrefix("https://") {
      throw ValidationError("--acme-ca \(url) is not an https:// URL")
    }
  }

  /// The settings, reading the MAC key file; nil without `--acme`.
  func settings() throws -> ACMESettings? {
    guard acme else { return nil }
    var manager = ACMEManager.Configuration(
      storage: ACMEStorage(directory: acmeDir),
      directoryURLs: acmeCa.isEmpty ? [Self.letsEncrypt] : acmeCa)
    manager.trustRootFile = acmeCaRoot
    manager.contact = acmeEmail.map { ["mailto:" + $0] } ?? []
    manager.profile = acmeProfile
    manager.passive = acmePassive
    manager.lockLease = .milliseconds(Int(acmeLockLease * 1000))
    manager.shortestRenewalInfoWait = .milliseconds(Int(acmeRenewalInfoFloor * 1000))
    manager.challengeType = acmeHttpPort == nil ? .tlsALPN01 : .http01
    if let acmeEabKid, let acmeEabHmacFile {
      let text = (try? String(contentsOfFile: acmeEabHmacFile, encoding: .utf8)) ?? ""
      guard
        let binding = ExternalAccountBinding(
          keyID: acmeEabKid,
          base64URLMACKey: text.trimmingCharacters(in: .whitespacesAndNewlines))
      else {
        throw ValidationError(
          "--acme-eab-hmac-file \(acmeEabHmacFile) does not hold a base64url MAC key")
      }
      manager.externalAccountBinding = binding
    }
    return ACMESettings(
      manager: manager, domains: acmeDomain.map { $0.lowercased() }, httpPort: acmeHttpPort,
      askURL: acmeAsk)
  }
}
