import AASALint
import ArgumentParser

/// `aasa-lint new aasa|assetlinks`: a minimal starting file that lints clean and routes as asked.
struct New: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Write a minimal apple-app-site-association or assetlinks.json that lints clean.",
    discussion: """
      aasa: one entry for --app, its --exclude paths first (they decide before the others), then \
      its --path paths (every path when none is given). assetlinks: one statement granting \
      handle_all_urls to --package signed with each --fingerprint or --cert. The file is printed \
      (or written to --output) only when it lints clean under --strict; a placeholder Team ID or a \
      malformed fingerprint is refused with the reason.

        aasa-lint new aasa --app D3KQX62K1A.com.example.app --path '/albums/*' --exclude '/albums/private/*'
        aasa-lint new assetlinks --package com.example.app --fingerprint 14:6D:E9:…:44:E5
        aasa-lint new assetlinks --package com.example.app --cert upload.pem -o assetlinks.json

      Exit status: 0 written, 2 a usage error (nothing written).
      """)

  @Argument(help: ArgumentHelp("aasa or assetlinks.", valueName: "kind"))
  var kind: NewRun.Kind

  @Option(help: ArgumentHelp("aasa: the app, TEAMID.bundle.id.", valueName: "app-id"))
  var app: String?

  @Option(
    name: .customLong("path"),
    help: ArgumentHelp("aasa: a path pattern that opens the app; repeatable.", valueName: "pattern")
  )
  var paths: [String] = []

  @Option(
    name: .customLong("exclude"),
    help: ArgumentHelp(
      "aasa: a path pattern that must not open the app; repeatable.", valueName: "pattern"))
  var excludes: [String] = []

  @Option(help: ArgumentHelp("assetlinks: the app's package name.", valueName: "package"))
  var package: String?

  @Option(
    name: .customLong("fingerprint"),
    help: ArgumentHelp(
      "assetlinks: the SHA-256 fingerprint of the signing certificate; repeatable.",
      valueName: "sha256"))
  var fingerprints: [String] = []

  @Option(
    name: [.customLong("cert"), .customLong("keystore"), .customLong("apk")],
    help: ArgumentHelp(
      "assetlinks: a file holding the signing certificate (X.509 PEM or DER, PKCS#12 or JKS keystore, APK, pasted keytool or apksigner output); every certificate in it is added; repeatable. --keystore and --apk are the same option.",
      valueName: "file"), completion: .file())
  var certificates: [String] = []

  @Option(
    help: ArgumentHelp(
      "assetlinks: the password of a PKCS#12 keystore given to --cert.", valueName: "password"))
  var keystorePassword: String?

  @Option(
    name: .shortAndLong,
    help: ArgumentHelp("Write the file here instead of standard output.", valueName: "file"),
    completion: .file())
  var output: String?

  func validate() throws {
    switch kind {
    case .aasa:
      if package != nil || !fingerprints.isEmpty || !certificates.isEmpty {
        throw ValidationError("--package, --fingerprint and --cert are for new assetlinks")
      }
    case .assetlinks:
      if app != nil || !paths.isEmpty || !excludes.isEmpty {
        throw ValidationError("--app, --path and --exclude are for new aasa")
      }
    }
  }

  func run() throws {
    var run = NewRun(kind: kind)
    run.app = app
    run.paths = paths
    run.excludes = excludes
    run.package = package
    run.fingerprints = fingerprints
    run.certificates = certificates
    run.keystorePassword = keystorePassword
    if let output {
      try run.write(to: output)
    } else {
      try ReportOutput.finish(try run.run(), format: .text, style: .plain)
    }
  }
}

extension NewRun.Kind: ExpressibleByArgument {}
