import AASAAndroid
import Crypto
import X509

/// A certificate an Android app is (or may be) signed with, as `assetlinks.json` names it: the
/// SHA-256 of its DER encoding, written `AA:BB:…` in upper case.
public struct SigningCertificate: Hashable, Sendable {
  /// The subject, e.g. `CN=Android Debug,O=Android,C=US`, or what the pasted text called it.
  public var subject: String
  public var fingerprint: CertificateFingerprint
  /// Where it was found: `APK Signature Scheme v2 signer 1`, `keystore entry "upload"`.
  public var origin: String

  public init(subject: String, fingerprint: CertificateFingerprint, origin: String) {
    self.subject = subject
    self.fingerprint = fingerprint
    self.origin = origin
  }

  /// The certificate in `der`; its subject is read when the DER parses as X.509.
  public init(der: [UInt8], origin: String) {
    let digest = Array(SHA256.hash(data: der))
    fingerprint = CertificateFingerprint(bytes: digest)
    subject = (try? Certificate(derEncoded: der)).map { String(describing: $0.subject) } ?? "?"
    self.origin = origin
  }
}
