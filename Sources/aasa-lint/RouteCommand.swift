import AASALint
import ArgumentParser

/// `aasa-lint route --site DIR|https://HOST URL…`: one answer per URL on both platforms. Named
/// `RouteCommand`, not `Route`, which is a route of a MobileDeepLinking config (`AASARoutes`).
struct RouteCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "route",
    abstract: "Say what iOS and Android each do with URLs, from the site to the activity.",
    discussion: """
      For each URL: whether iOS opens the app (--app, or the app of --entitlements) and the rule \
      that decided; whether Android does for --package (the host verified by --manifest, the \
      grant of assetlinks.json with its include statements, Android 15's dynamic rules) and \
      which activity and intent filter open it; and, where the platforms disagree, what to fix \
      where. The site is a folder holding .well-known/ (as aasa-serve's --root) or a live \
      https:// site, fetched as check fetches it.

      Examples (each line copies as shown; a trailing \\ continues the command):
        aasa-lint route --site examples/site --domain example.com \\
            /albums/1 /videos/x --app D3KQX62K1A.com.example.photoapp
        aasa-lint route --site https://shop.example.com \\
            https://shop.example.com/products/1 \\
            --app D3KQX62K1A.com.example.shop --package com.example.shop \\
            --manifest app/src/main/AndroidManifest.xml
        aasa-lint route --site public --domain shop.example.com \\
            --urls urls.txt --format tsv
        aasa-lint route --site examples/site --domain example.com \\
            --expect links.tsv --manifest app/src/main/AndroidManifest.xml

      --expect pins both platforms, in CI for instance: the table's header names a column per \
      platform, and each row's cell is checked against that platform's answer (fields split \
      at tabs or spaces):
        # url        ios                              android
        /albums/1    D3KQX62K1A.com.example.photoapp  com.example.photoapp/.Albums
        /account/x   blocked                          none
        /help/1      none                             -
      ios takes the app that opens the URL, none or blocked (apple is another name for the \
      column); android a package, package/activity (.Name is in the package) or none (the \
      browser opens it); - does not matter. A table without a header is the two fields other \
      commands read (URL<TAB>app ID, none or blocked), checked against iOS.

      Exit status: 0 answered (every expectation met), 1 an expectation not met, 2 a usage \
      error, unreadable input or a table route cannot check.
      """)

  @Argument(help: ArgumentHelp("URLs or paths to answer for.", valueName: "url"))
  var urls: [String] = []

  @Option(
    help: ArgumentHelp(
      "A folder holding .well-known/ (aasa-serve's --root), or https://host[:port].",
      valueName: "dir-or-url"), completion: .directory)
  var site: String

  @Option(
    name: .customLong("urls"),
    help: ArgumentHelp(
      "A file of URLs or paths, one per line; - reads standard input.", valueName: "list"),
    completion: .file())
  var urlList: String?

  @Option(
    help: ArgumentHelp(
      "The site's host, for a folder and paths (else the first URL's host).", valueName: "host"))
  var domain: String?

  @Option(help: ArgumentHelp("The iOS app, TEAMID.bundle.id.", valueName: "app-id"))
  var app: String?

  @Option(help: ArgumentHelp("The Android app's package name.", valueName: "package"))
  var package: String?

  @Option(
    help: ArgumentHelp(
      "The Android app's signing certificate, SHA-256, for a definite grant.",
      valueName: "fingerprint"))
  var fingerprint: String?

  @Option(
    help: ArgumentHelp("The app's AndroidManifest.xml.", valueName: "file"), completion: .file())
  var manifest: String?

  @Option(
    help: ArgumentHelp(
      "The module's build.gradle(.kts), for the manifest's placeholders.", valueName: "file"),
    completion: .file())
  var gradle: String?

  @Option(
    name: .customLong("placeholder"),
    help: ArgumentHelp("NAME=VALUE: a manifest placeholder; repeatable.", valueName: "name=value")
  )
  var placeholders: [String] = []

  @Option(
    help: ArgumentHelp(
      "The iOS app's .entitlements (or profile, built app): its applinks: domains and app ID.",
      valueName: "file"), completion: .file())
  var entitlements: String?

  @Option(
    name: .customLong("ca-file"),
    help: ArgumentHelp("For an https:// site: trust this PEM file's roots.", valueName: "pem"),
    completion: .file())
  var caFile: String?

  @Option(
    help: ArgumentHelp(
      "A table of URLs and what each platform must do with them (# url ios android); - reads standard input.",
      valueName: "table"), completion: .file())
  var expect: String?

  @Option(
    help:
      "Output format: text (for people), json (one object), tsv (one line per URL); sarif and github carry --expect's mismatches."
  )
  var format: FormatOption<RouteRun> = .text

  @Option(help: "Colour: auto (a terminal without NO_COLOR), always or never.")
  var color: ColorChoice = .auto

  func validate() throws {
    if !urls.isEmpty && urlList != nil {
      throw ValidationError("give URLs as arguments or with --urls, not both")
    }
    if urls.isEmpty && urlList == nil && expect == nil {
      throw ValidationError("name at least one URL (or --urls FILE, or --expect TABLE)")
    }
    if urlList == "-" && expect == "-" {
      throw ValidationError("--urls and --expect cannot both read standard input")
    }
  }

  func run() async throws {
    var run = RouteRun(site: site)
    run.domain = domain
    run.appleApp = app
    run.androidPackage = package
    run.androidFingerprint = fingerprint
    run.manifest = manifest
    run.gradle = gradle
    run.placeholders = placeholders
    run.entitlements = entitlements
    run.caFile = caFile
    run.expect = expect
    let source: URLSource = try urlList.map { .lines(try LineReader(path: $0)) } ?? .list(urls)
    try ReportOutput.finish(
      try await run.run(urls: source), format: format.format, style: color.style)
  }
}
