import AASAAndroid
import AASAAndroidSigning
import AASACore

/// Wherever a fingerprint is accepted, a file holding the certificate is accepted too: an X.509
/// certificate, a keystore, an APK, or pasted keytool/apksigner output.
package enum CertificateArguments {
  /// The certificates in the file at `path`.
  package static func certificates(inFile path: String, password: String?) throws
    -> [SigningCertificate]
  {
    let bytes = try FileInput.read(path, limit: 256 << 20)
    do {
      return try CertificateFile.certificates(in: bytes, password: password)
    } catch {
      throw UsageError(
        "\(path): \(error.description)" + (error.passwordMissing ? " (--keystore-password)" : ""))
    }
  }

  /// `PACKAGE:FINGERPRINT` or `PACKAGE:FILE`: one question per certificate the file holds.
  package static func grantQueries(_ argument: String, password: String?) throws -> [GrantQuery] {
    do {
      return [try GrantQuery.parse(argument)]
    } catch {
      guard let colon = argument.firstIndex(of: ":") else {
        throw LintRequest.ArgumentError("--grants \(error)")
      }
      let package = String(argument[..<colon])
      let path = String(argument[argument.index(after: colon)...])
      guard System.fileExists(path) else { throw LintRequest.ArgumentError("--grants \(error)") }
      let certificates = try certificates(inFile: path, password: password)
      return certificates.map { GrantQuery(packageName: package, fingerprint: $0.fingerprint) }
    }
  }
}
