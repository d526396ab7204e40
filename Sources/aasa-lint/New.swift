import AASALint
import ArgumentParser

/// `aasa-lint new aasa|assetlinks`: a minimal starting file that lints clean and routes as asked.
struct New: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract:
      "Write a starting file that lints clean: the site's (aasa, assetlinks) or the app's (intent-filter, entitlements).",
    discussion: """
      aasa: one entry for --app, its --exclude paths first (they decide before the others), then \
      its --path paths (every path when none is given). assetlinks: one statement granting \
      handle_all_urls to --package signed with each --fingerprint or --cert. The file is printed \
      (or written to --output) only when it lints clean under --strict; a placeholder Team ID or a \
      malformed fingerprint is refused with the reason.

      intent-filter: the <intent-filter android:autoVerify="true"> for --host and its --path \
      patterns, or for the dynamic rules of an assetlinks.json given as FILE (scheme and host \
      only: the rules narrow the paths). entitlements: the applinks: entries of the \
      associated-domains entitlement for each --domain; --developer adds ?mode=developer, which \
      makes a development build fetch from the site itself instead of Apple's CDN.

      Examples (each line copies as shown; a trailing \\ continues the command):
        aasa-lint new aasa --app D3KQX62K1A.com.example.app \\
            --path '/albums/*' --exclude '/albums/private/*'
        aasa-lint new assetlinks --package com.example.app --fingerprint \\
            14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5
        aasa-lint new assetlinks --package com.example.app \\
            --cert upload.pem -o assetlinks.json
        aasa-lint new intent-filter --host shop.example.com \\
            --path '/products/*' --path /about
        aasa-lint new intent-filter --host shop.example.com assetlinks.json
        aasa-lint new entitlements --domain example.com \\
            --domain '*.example.com' --developer

      Exit status: 0 written, 2 a usage error (nothing written).
      """)

  @Argument(
    help: ArgumentHelp("aasa, assetlinks, intent-filter or entitlements.", valueName: "kind"))
  var kind: NewRun.Kind

  @Argument(
    help: ArgumentHelp(
      "intent-filter: an assetlinks.json whose dynamic rules the filter is for.",
      valueName: "assetlinks-file"), completion: .file())
  var assetLinksFile: String?

  @Option(
    help: ArgumentHelp(
      "intent-filter: the host Android verifies (*.example.com for its subdomains).",
      valueName: "host"))
  var host: String?

  @Option(
    name: .customLong("domain"),
    help: ArgumentHelp("entitlements: a domain of the app; repeatable.", valueName: "host"))
  var domains: [String] = []

  @Flag(help: "entitlements: also each domain with ?mode=developer (development builds only).")
  var developer = false

  @Option(help: ArgumentHelp("aasa: the app, TEAMID.bundle.id.", valueName: "app-id"))
  var app: String?

  @Option(
    name: .customLong("path"),
    help: ArgumentHelp(
      "aasa, intent-filter: a path pattern that opens the app; repeatable.", valueName: "pattern")
  )
  var paths: [String] = []

  @Option(
    name: .customLong("exclude"),
    help: ArgumentHelp(
      "aasa: a path pattern that must not open the app; repeatable.", valueName: "pattern"))
  var excludes: [String] = []

  @Option(
    help: ArgumentHelp(
      "assetlinks: the app's package name; intent-filter: the app whose dynamic rules FILE holds.",
      valueName: "package"))
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
    let appSide = host != nil || assetLinksFile != nil || !domains.isEmpty || developer
    switch kind {
    case .aasa:
      if package != nil || !fingerprints.isEmpty || !certificates.isEmpty || appSide {
        throw ValidationError("new aasa takes --app, --path and --exclude")
      }
    case .assetlinks:
      if app != nil || !paths.isEmpty || !excludes.isEmpty || appSide {
        throw ValidationError("new assetlinks takes --package, --fingerprint and --cert")
      }
    case .intentFilter:
      if app != nil || !excludes.isEmpty || !fingerprints.isEmpty || !certificates.isEmpty
        || !domains.isEmpty || developer
      {
        throw ValidationError("new intent-filter takes --host, --path, a FILE and --package")
      }
      if assetLinksFile != nil && !paths.isEmpty {
        throw ValidationError("give --path patterns or an assetlinks.json, not both")
      }
    case .entitlements:
      if app != nil || !paths.isEmpty || !excludes.isEmpty || package != nil
        || !fingerprints.isEmpty || !certificates.isEmpty || host != nil || assetLinksFile != nil
      {
        throw ValidationError("new entitlements takes --domain and --developer")
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
    run.host = host
    run.assetLinksFile = assetLinksFile
    run.domains = domains
    run.developerMode = developer
    if let output {
      try run.write(to: output)
    } else {
      try ReportOutput.finish(try run.run(), format: .text, style: .plain)
    }
  }
}

extension NewRun.Kind: ExpressibleByArgument {}
