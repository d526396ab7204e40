/// A certificate found in a container (a keystore, an APK's Signing Block), as its DER bytes and
/// where it was found: what ``AASAAndroidSigning`` fingerprints.
public struct CertificateEntry: Hashable, Sendable {
  public var der: [UInt8]
  /// `APK Signature Scheme v2 signer 1`, `keystore entry "upload"`.
  public var origin: String

  public init(der: [UInt8], origin: String) {
    self.der = der
    self.origin = origin
  }
}

/// A fingerprint read from pasted `keytool` or `apksigner` output, with the owner it names.
public struct PastedCertificate: Hashable, Sendable {
  public var subject: String
  public var fingerprint: CertificateFingerprint
  public var origin: String
}
