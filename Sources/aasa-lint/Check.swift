import AASALint
import ArgumentParser

/// `aasa-lint check URL`: is what Apple's fetcher gets from this site right, right now.
struct Check: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Check a deployed site: fetch its association files as Apple does and judge them.",
    discussion: """
      Fetches /.well-known/apple-app-site-association, /apple-app-site-association and \
      /.well-known/assetlinks.json as Apple's fetcher does (no redirects followed, gzip, deflate \
      and br decoded, at most 128 KB read and decoded), and reports each requirement as a pass, \
      info, warn or fail line: connection, TLS certificate, status, redirect, Content-Type, size, \
      Content-Encoding, signature, JSON and lint. It fetches as Apple's CDN crawler \
      (AASA-Bot/1.0.0) and again as a browser, naming a site that answers them differently, and \
      reads Apple's CDN copy of a public host: why it has none, when it retries, how it differs \
      (--no-cdn skips it). Paths given with --path or --paths must open an app (the --app one \
      when given); --expect pins what each URL must do.

        aasa-lint check https://example.com
        aasa-lint check https://example.com --app D3KQX62K1A.com.example.app
        aasa-lint check https://example.com --paths urls.txt --expect routes.tsv
        aasa-lint check https://example.com --no-cdn --format github
        aasa-lint check https://staging.internal:8443 --ca-file ca.pem --format json
        aasa-lint check https://example.com \\
            --connect-to example.com:443:staging.example.net:443
        aasa-lint check --entitlements App.entitlements \\
            --app D3KQX62K1A.com.example.app
        aasa-lint check --entitlements build/Example.ipa --hosts subdomains.txt
        aasa-lint check --hosts client-sites.txt --format json

      Exit status: 0 nothing failed (warnings allowed), 1 a requirement failed, 2 a usage error.
      """)

  @Argument(
    help: ArgumentHelp(
      "The site, e.g. https://example.com (or none, with --entitlements).", valueName: "url"))
  var url: String?

  @Option(
    help: ArgumentHelp(
      "The app's entitlements: a plist, a provisioning profile, a built .app, .ipa or .xcarchive; every applinks:, webcredentials:, appclips: and activitycontinuation: domain it names must serve a file listing the app (the clip for appclips) under that service.",
      valueName: "file"), completion: .file())
  var entitlements: String?

  @Option(
    name: .customLong("hosts"),
    help: ArgumentHelp(
      "A file of hosts (or URLs), one per line, each checked, with one summary table; with --entitlements, the hosts under its wildcard domains.",
      valueName: "list"), completion: .file())
  var hosts: String?

  @Option(
    name: .customLong("paths"),
    help: ArgumentHelp(
      "A file of paths to route on the live file, one per line; - reads standard input.",
      valueName: "list"), completion: .file())
  var pathList: String?

  @Option(
    name: .customLong("path"),
    help: ArgumentHelp("A path to route on the live file; repeatable.", valueName: "path"))
  var paths: [String] = []

  @Option(
    help: ArgumentHelp(
      "The live file must name this app, and each path must open it; routes show only its verdict.",
      valueName: "app-id"))
  var app: String?

  @OptionGroup var fetch: SiteFetchOptions

  @Option(
    help: ArgumentHelp(
      "routes.tsv: lines of `input<TAB>expected` (an app ID, none or blocked), routed on the live file; a mismatch fails the check.",
      valueName: "table"), completion: .file())
  var expect: String?

  @Flag(
    inversion: .prefixedNo,
    help:
      "Read Apple's CDN copy (app-site-association.cdn-apple.com/a/v1/HOST), which devices read: why it failed, when it retries, how it differs from the site's (default; skipped for private hosts and --ca-file)."
  )
  var cdn = true

  @Option(
    name: .customLong("user-agent"),
    help: ArgumentHelp(
      "Fetch with this User-Agent instead of Apple's crawler's (AASA-Bot/1.0.0); the association file is also fetched as a browser.",
      valueName: "text"))
  var userAgent: String?

  @Option(
    help: ArgumentHelp(
      "An AndroidManifest.xml: check every host it verifies on Android 12+ and print one table.",
      valueName: "file"), completion: .file())
  var manifest: String?

  @Option(
    help: ArgumentHelp(
      "With --manifest: a certificate that must be granted, as a fingerprint or a file (certificate, keystore, APK); repeatable.",
      valueName: "fingerprint-or-file"))
  var grants: [String] = []

  @Option(
    name: .customLong("placeholder"),
    help: ArgumentHelp(
      "NAME=VALUE: a ${NAME} placeholder of the manifest; repeatable.", valueName: "name=value"))
  var placeholders: [String] = []

  @Option(
    name: .customLong("keystore-password"),
    help: ArgumentHelp(
      "The password of a PKCS#12 keystore given to --grants.", valueName: "password"))
  var keystorePassword: String?

  @Flag(
    help:
      "Also ask Google's Digital Asset Links API (statements:list) what it reads from the site's assetlinks.json, and say whether it differs."
  )
  var google = false

  @Option(
    name: .customLong("google-base"),
    help: ArgumentHelp(
      "The Digital Asset Links API's base URL instead of Google's, for mirrors and tests (implies --google).",
      valueName: "url"))
  var googleBase: String?

  @Option(
    help:
      "Output format: text (for people), json (one object, stable), sarif (code scanning), github (workflow annotations)."
  )
  var format: FormatOption<CheckRun> = .text

  @Flag(name: .shortAndLong, help: "Under each route, list every app's verdict.")
  var verbose = false

  @Option(help: "Colour: auto (a terminal without NO_COLOR), always or never.")
  var color: ColorChoice = .auto

  func validate() throws {
    if pathList == "-" && expect == "-" {
      throw ValidationError("--paths and --expect cannot both read standard input")
    }
    if url == nil && entitlements == nil && hosts == nil && manifest == nil {
      throw ValidationError(
        "give the site to check, e.g. https://example.com, or --entitlements, --hosts or --manifest"
      )
    }
    if url != nil && hosts != nil {
      throw ValidationError("give a site or --hosts, not both")
    }
    if manifest != nil && (url != nil || entitlements != nil || hosts != nil) {
      throw ValidationError(
        "--manifest names the hosts to check: give no site, --entitlements or --hosts")
    }
    if hosts == "-" && (pathList == "-" || expect == "-") {
      throw ValidationError("only one of --hosts, --paths and --expect can read standard input")
    }
    if url != nil && entitlements != nil {
      throw ValidationError(
        "give a site or --entitlements, not both: the entitlements name the sites")
    }
  }

  func run() async throws {
    var run = CheckRun()
    run.url = url
    run.entitlements = entitlements
    run.hosts = hosts
    run.app = app
    run.paths = paths
    run.pathList = pathList
    run.expect = expect
    run.caFile = fetch.caFile
    run.timeoutSeconds = fetch.timeout
    run.cdn = cdn
    run.cdnBase = fetch.cdnBase
    run.userAgent = userAgent
    run.google = google
    run.manifest = manifest
    run.grants = grants
    run.placeholders = placeholders
    run.keystorePassword = keystorePassword
    run.googleBase = googleBase
    run.connectTo = fetch.connectTo
    run.verbose = verbose
    try ReportOutput.finish(try await run.run(), format: format.format, style: color.style)
  }
}
