import AASAAndroid
import Crypto
import Foundation
import SwiftASN1
import X509

/// An app's signing certificate given as a file (`--cert`): PEM (`-----BEGIN CERTIFICATE-----`)
/// or DER, as `keytool -exportcert` writes it. Its fingerprint is the SHA-256 of the DER bytes,
/// what `keytool -list -v` and the Play Console show.
enum CertificateFile {
  static func sha256Fingerprint(path: String) throws -> String {
    let bytes = try FileInput.read(path, limit: 1 << 20)
    let der: [UInt8]
    let text = String(decoding: bytes, as: UTF8.self)
    if text.contains("-----BEGIN CERTIFICATE-----") {
      do {
        der = try PEMDocument(pemString: text).derBytes
      } catch {
        throw LintRun.UsageError("--cert \(path): the PEM block cannot be read")
      }
    } else {
      der = bytes
    }
    do {
      _ = try Certificate(derEncoded: der)
    } catch {
      throw LintRun.UsageError("--cert \(path) is not an X.509 certificate (PEM or DER)")
    }
    return CertificateFingerprint(bytes: Array(SHA256.hash(data: der))).canonicalText
  }
}
