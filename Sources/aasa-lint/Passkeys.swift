import AASALint
import ArgumentParser

/// `aasa-lint passkeys RP-ID`: will passkeys for this relying party work for this app on iOS
/// and on Android, and if not, what to change where.
struct Passkeys: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract:
      "Will passkeys for an RP ID work for this app on iOS and Android? What to change where.",
    discussion: """
      A passkey belongs to a relying party, named by a domain (the RP ID). Each platform asks \
      that domain's site and the app for half of the association, and both halves must hold:

        iOS      the app's entitlements name webcredentials:RP-ID, and
                 https://RP-ID/.well-known/apple-app-site-association lists the
                 app under webcredentials.apps; either half missing is error
                 1004, "Unable to verify webcredentials association". Devices
                 read Apple's CDN copy, so a new entry counts once it is there.
        Android  https://RP-ID/.well-known/assetlinks.json grants
                 delegate_permission/common.get_login_creds to the package and
                 its signing certificate. The manifest's asset_statements
                 naming the site is the app's half for saved passwords (Android
                 lint: CredManMissingDal): a warning when missing.

      The site is fetched once, as check fetches it (connection, TLS, status, type, size, \
      redirect, lint), and each platform gets a verdict, the lines behind it and the fix at \
      its place: the entitlements, the site's file, the manifest. Give the app for one \
      platform or both; --app alone (or --package alone) checks the site's half only.

        aasa-lint passkeys example.com --entitlements App.entitlements \\
            --app D3KQX62K1A.com.example.app
        aasa-lint passkeys example.com --entitlements build/Example.ipa \\
            --manifest app/src/main/AndroidManifest.xml --fingerprint release.jks
        aasa-lint passkeys example.com --package com.example.app \\
            --fingerprint app-release.apk --no-cdn
        aasa-lint passkeys login.example.com --app D3KQX62K1A.com.example.app \\
            --format json

      Exit status: 0 passkeys work on every platform checked (warnings allowed), 1 they fail \
      on one, 2 a usage error.
      """)

  @Argument(
    help: ArgumentHelp(
      "The relying party's ID: the domain passkeys are made for, e.g. example.com.",
      valueName: "rp-id"))
  var rpID: String

  @Option(
    help: ArgumentHelp(
      "iOS: the app's entitlements (a plist, a provisioning profile, a built .app, .ipa or .xcarchive); they must name webcredentials:RP-ID.",
      valueName: "file"), completion: .file())
  var entitlements: String?

  @Option(
    help: ArgumentHelp(
      "iOS: the app's ID, TEAMID.bundle.id, which webcredentials.apps must list (default: the entitlements' own).",
      valueName: "app-id"))
  var app: String?

  @Option(
    help: ArgumentHelp(
      "Android: the AndroidManifest.xml (or APK): its package, and its asset_statements (res/values*/strings.xml beside it).",
      valueName: "file"), completion: .file())
  var manifest: String?

  @Option(
    help: ArgumentHelp(
      "Android: the package, when no --manifest is given (or to override its).",
      valueName: "package"))
  var package: String?

  @Option(
    help: ArgumentHelp(
      "Android: a signing certificate that must be granted, as a SHA-256 fingerprint or a file (certificate, keystore, APK); repeatable. None: any certificate the site lists.",
      valueName: "fingerprint-or-file"))
  var fingerprint: [String] = []

  @Option(
    name: .customLong("placeholder"),
    help: ArgumentHelp(
      "NAME=VALUE: a ${NAME} placeholder of the manifest; repeatable.", valueName: "name=value"))
  var placeholders: [String] = []

  @Option(
    name: .customLong("keystore-password"),
    help: ArgumentHelp(
      "The password of a PKCS#12 keystore given to --fingerprint.", valueName: "password"))
  var keystorePassword: String?

  @OptionGroup var fetch: SiteFetchOptions

  @Flag(
    inversion: .prefixedNo,
    help:
      "Ask Apple's CDN, which devices read, whether its copy lists the app under webcredentials yet (default; skipped for private hosts and --ca-file)."
  )
  var cdn = true

  @Option(
    help:
      "Output format: text (for people), json (one object, stable), sarif (code scanning), github (workflow annotations)."
  )
  var format: FormatOption<PasskeysRun> = .text

  @Option(help: "Colour: auto (a terminal without NO_COLOR), always or never.")
  var color: ColorChoice = .auto

  func validate() throws {
    if entitlements == nil && app == nil && manifest == nil && package == nil {
      throw ValidationError(
        "give the app: --entitlements or --app for iOS, --manifest or --package for Android")
    }
    if !fingerprint.isEmpty && manifest == nil && package == nil {
      throw ValidationError("--fingerprint is Android's: give --manifest or --package with it")
    }
  }

  func run() async throws {
    var run = PasskeysRun(rpID: rpID)
    run.entitlements = entitlements
    run.app = app
    run.manifest = manifest
    run.package = package
    run.fingerprints = fingerprint
    run.placeholders = placeholders
    run.keystorePassword = keystorePassword
    run.caFile = fetch.caFile
    run.timeoutSeconds = fetch.timeout
    run.cdn = cdn
    run.cdnBase = fetch.cdnBase
    run.connectTo = fetch.connectTo
    try ReportOutput.finish(try await run.run(), format: format.format, style: color.style)
  }
}
