import AASAAndroid
import AASASigned
import Foundation
import ZIPFoundation

/// Reads the signers' certificates of a v1 (JAR) signature: the CMS `SignedData` in
/// `META-INF/*.RSA`, `*.DSA` or `*.EC`, whose `certificates` field holds the signing
/// certificate. The archive is read with ZIPFoundation; each signature file is bounded in size.
enum JARSignature {
  static let maximumSignatureFile = 1 << 20
  static let maximumSignatureFiles = 16

  static func certificates(in bytes: [UInt8]) throws(CertificateFileError) -> [SigningCertificate] {
    let archive: Archive
    do {
      archive = try Archive(data: Data(bytes), accessMode: .read)
    } catch {
      throw CertificateFileError("the file is not a readable ZIP archive (APK)")
    }
    var found: [SigningCertificate] = []
    var files = 0
    for entry in archive where Self.isSignatureFile(entry.path) {
      files += 1
      guard files <= maximumSignatureFiles else { break }
      guard entry.uncompressedSize <= UInt64(maximumSignatureFile) else {
        throw CertificateFileError("\(entry.path) is over 1 MiB; a JAR signature is not")
      }
      var data = Data()
      do {
        _ = try archive.extract(entry, skipCRC32: false) { chunk in
          data.append(chunk)
          if data.count > maximumSignatureFile { throw CertificateFileError("too large") }
        }
      } catch {
        throw CertificateFileError("\(entry.path) cannot be read from the archive")
      }
      for der in try Self.signedDataCertificates(Array(data), name: entry.path) {
        found.append(SigningCertificate(der: der, origin: "v1 (JAR) signature \(entry.path)"))
      }
    }
    return found
  }

  private static func isSignatureFile(_ path: String) -> Bool {
    let upper = path.uppercased()
    guard upper.hasPrefix("META-INF/"), !upper.dropFirst(9).contains("/") else { return false }
    return upper.hasSuffix(".RSA") || upper.hasSuffix(".DSA") || upper.hasSuffix(".EC")
  }

  /// The DER of each certificate in a CMS `ContentInfo { signedData, [0] SignedData }`, read by
  /// the CMS reader signed association files use.
  static func signedDataCertificates(_ bytes: [UInt8], name: String) throws(CertificateFileError)
    -> [[UInt8]]
  {
    do {
      return try CMSSignedMessage(berEncoded: bytes).certificateEncodings
    } catch {
      throw CertificateFileError("\(name) is not a CMS SignedData signature")
    }
  }
}
