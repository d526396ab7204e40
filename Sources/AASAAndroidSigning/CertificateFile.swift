import AASAAndroid
import NIOSSL
import SwiftASN1
import X509

/// Reads the signing certificates out of whatever a developer has at hand, so that a fingerprint
/// never has to be copied by hand: an X.509 certificate (PEM or DER), a keystore (PKCS#12, JKS),
/// an APK (v2/v3 Signing Block, else the v1 JAR signature), or text pasted from `keytool -list -v`
/// or `apksigner verify --print-certs`.
public enum CertificateFile {
  public static func certificates(in bytes: [UInt8], password: String? = nil)
    throws(CertificateFileError) -> [SigningCertificate]
  {
    if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
      let v2 = try APKSigningBlock.certificates(in: bytes)
      if !v2.isEmpty { return v2.map { SigningCertificate(der: $0.der, origin: $0.origin) } }
      let v1 = try JARSignature.certificates(in: bytes)
      if v1.isEmpty {
        throw CertificateFileError("the APK is not signed (no v1, v2 or v3 signature)")
      }
      return v1
    }
    if JavaKeyStore.looksLikeKeyStore(bytes) {
      let found = try JavaKeyStore.certificates(in: bytes)
      if found.isEmpty { throw CertificateFileError("the keystore holds no certificate") }
      return found.map { SigningCertificate(der: $0.der, origin: $0.origin) }
    }
    let text = String(decoding: bytes.prefix(4 << 20), as: UTF8.self)
    if text.contains("-----BEGIN CERTIFICATE-----") {
      return try pemCertificates(text)
    }
    if PastedCertificateText.looksLikePaste(text) {
      let found = PastedCertificateText.certificates(in: text)
      if found.isEmpty {
        throw CertificateFileError("the pasted text holds no SHA-256 fingerprint of 32 bytes")
      }
      return found.map {
        SigningCertificate(subject: $0.subject, fingerprint: $0.fingerprint, origin: $0.origin)
      }
    }
    if bytes.first == 0x30 {
      if let certificate = try? Certificate(derEncoded: bytes) {
        _ = certificate
        return [SigningCertificate(der: bytes, origin: "DER certificate")]
      }
      return try pkcs12Certificates(bytes, password: password)
    }
    throw CertificateFileError(
      "not a certificate, keystore, APK or pasted keytool/apksigner output")
  }

  private static func pemCertificates(_ text: String) throws(CertificateFileError)
    -> [SigningCertificate]
  {
    var found: [SigningCertificate] = []
    var rest = Substring(text)
    let begin = "-----BEGIN CERTIFICATE-----"
    let end = "-----END CERTIFICATE-----"
    while let start = rest.range(of: begin), let stop = rest[start.upperBound...].range(of: end),
      found.count < 100
    {
      let block = String(rest[start.lowerBound..<stop.upperBound])
      do {
        let certificate = try Certificate(pemEncoded: block)
        var serializer = DER.Serializer()
        try serializer.serialize(certificate)
        found.append(
          SigningCertificate(
            der: serializer.serializedBytes,
            origin: found.isEmpty ? "PEM certificate" : "PEM certificate \(found.count + 1)"))
      } catch {
        throw CertificateFileError("a PEM certificate block cannot be read: \(error)")
      }
      rest = rest[stop.upperBound...]
    }
    return found
  }

  private static func pkcs12Certificates(_ bytes: [UInt8], password: String?)
    throws(CertificateFileError) -> [SigningCertificate]
  {
    do {
      let bundle = try NIOSSLPKCS12Bundle(buffer: bytes, passphrase: Array((password ?? "").utf8))
      return try bundle.certificateChain.enumerated().map { index, certificate in
        SigningCertificate(
          der: try certificate.toDERBytes(),
          origin: index == 0 ? "PKCS#12 keystore" : "PKCS#12 keystore chain \(index + 1)")
      }
    } catch {
      throw CertificateFileError(
        password == nil
          ? "not a DER certificate, or a PKCS#12 keystore that needs its password"
          : "not a DER certificate, or a PKCS#12 keystore this password does not open",
        passwordMissing: password == nil)
    }
  }
}
