import AASALint
import ArgumentParser

/// `aasa-lint fingerprint FILE`: the SHA-256 of each signing certificate in a file, as
/// assetlinks.json writes it.
struct Fingerprint: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract:
      "Print the SHA-256 fingerprint of each certificate in a certificate, keystore or APK.",
    discussion: """
      Reads an X.509 certificate (PEM or DER), a keystore (PKCS#12 with --keystore-password, or \
      JKS), an APK (its v2/v3 APK Signing Block, else its v1 JAR signature), or text pasted from \
      `keytool -list -v` or `apksigner verify --print-certs`, and prints each certificate's \
      SHA-256 as Android writes it in assetlinks.json: uppercase hex pairs joined by `:`.

        aasa-lint fingerprint app-release.apk
        aasa-lint fingerprint upload-keystore.jks
        aasa-lint fingerprint release.p12 --keystore-password "$PASSWORD" --format json
      """)

  @Argument(help: ArgumentHelp("The file.", valueName: "file"), completion: .file())
  var file: String

  @Option(
    name: .customLong("keystore-password"),
    help: ArgumentHelp("The password of a PKCS#12 keystore.", valueName: "password"))
  var keystorePassword: String?

  @Option(help: "Output format: text or json.")
  var format: FormatOption<FingerprintRun> = .text

  func run() throws {
    let run = FingerprintRun(file: file, password: keystorePassword)
    try ReportOutput.finish(try run.run(), format: format.format, style: .plain)
  }
}
