import AASAAndroid
import AASAAndroidSigning
import AASACore

/// Wherever a fingerprint is accepted, a file holding the certificate is accepted too: an X.509
/// certificate, a keystore, an APK, or pasted keytool/apksigner output.
public enum CertificateArguments {
  /// The certificates in the file at `path`.
  public static func certificates(inFile path: String, password: String?) throws
    -> [SigningCertificate]
  {
    let bytes = try FileInput.read(path, limit: 256 << 20)
    do {
      return try CertificateFile.certificates(in: bytes, password: password)
    } catch {
      throw LintRun.UsageError("\(path): \(error.description)")
    }
  }

  /// `PACKAGE:FINGERPRINT` or `PACKAGE:FILE`: one question per certificate the file holds.
  public static func grantQueries(_ argument: String, password: String?) throws -> [GrantQuery] {
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

/// `aasa-lint fingerprint FILE`: each certificate's SHA-256, written as Android writes it.
public struct FingerprintRun {
  public var file: String
  public var password: String?
  public var format: OutputFormat

  public init(file: String, password: String? = nil, format: OutputFormat = .text) {
    self.file = file
    self.password = password
    self.format = format
  }

  struct CertificateJSON: Encodable {
    var fingerprint: String
    var subject: String
    var origin: String
  }

  struct ReportJSON: Encodable {
    var kind = "fingerprint"
    var file: String
    var certificates: [CertificateJSON]
  }

  public func run(output: OutputSink) throws -> ExitStatus {
    let certificates = try CertificateArguments.certificates(inFile: file, password: password)
    if format == .json {
      output.line(
        JSONOutput.encode(
          ReportJSON(
            file: file,
            certificates: certificates.map {
              CertificateJSON(
                fingerprint: $0.fingerprint.canonicalText, subject: $0.subject, origin: $0.origin)
            })))
    } else {
      for certificate in certificates {
        // A subject or a keystore alias can hold any character: shown escaped, not dropped.
        output.line(
          "\(certificate.fingerprint.canonicalText)  \(certificate.subject)  (\(certificate.origin))"
            .escapingControlCharacters)
      }
    }
    output.flush()
    return .success
  }
}
