import AASAAndroid
import AASAAndroidSigning
import AASACore

/// `aasa-lint fingerprint FILE`: each certificate's SHA-256, written as Android writes it.
package struct FingerprintRun: FormatDeclaring {
  package static let formats: [OutputFormat] = [.text, .json]

  package var file: String
  package var password: String?

  package init(file: String, password: String? = nil) {
    self.file = file
    self.password = password
  }

  package func run() throws -> FingerprintReport {
    FingerprintReport(
      file: file,
      certificates: try CertificateArguments.certificates(inFile: file, password: password))
  }
}

/// The certificates a file holds, each with its SHA-256 fingerprint.
package struct FingerprintReport: Report {
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

  package var file: String
  package var certificates: [SigningCertificate]

  /// A file that holds no certificate is an error thrown before a report exists.
  package var outcome: Outcome { .passed }
}

extension FingerprintReport: JSONReport {
  package var jsonDocument: any Encodable {
    ReportJSON(
      file: file,
      certificates: certificates.map {
        CertificateJSON(
          fingerprint: $0.fingerprint.canonicalText, subject: $0.subject, origin: $0.origin)
      })
  }
}

extension FingerprintReport: TextReport {
  package func writeText(to output: OutputSink, _ context: RenderContext) {
    for certificate in certificates {
      // A subject or a keystore alias can hold any character: shown escaped, not dropped.
      output.line(
        "\(certificate.fingerprint.canonicalText)  \(certificate.subject)  (\(certificate.origin))"
          .escapingControlCharacters)
    }
  }
}
