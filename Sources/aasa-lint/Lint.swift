import AASA
import AASAAndroid
import AASACore
import AASALint
import ArgumentParser

/// The default subcommand: lint a file, and route URLs with it.
struct Lint: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Lint a file, and route URLs or paths with it (the default subcommand).",
    discussion: """
      Examples (each line copies as shown; a trailing \\ continues the command):
        aasa-lint examples/site/.well-known/apple-app-site-association
        aasa-lint site.json /videos/samples/2010/x --verbose
        aasa-lint site.json https://example.com/albums/1 \\
            --domain example.com
        aasa-lint https://example.com/.well-known/apple-app-site-association
        cat urls.txt | aasa-lint site.json --urls - --format tsv
        aasa-lint site.json --expect routes.tsv --format github

      App Links pages (HTML with <meta property="al:…"> tags) are linted and shown; with \
      --platform, a navigation from another app is simulated as Bolts performs it:
        aasa-lint docs.html --page-url https://example.com/docs
        aasa-lint docs.html --page-url https://example.com/docs \\
            --platform iphone --installed bolts
        aasa-lint docs.html --page-url https://example.com/docs \\
            --platform android \\
            --installed com.example.app/com.example.app.DocsActivity \\
            --extras '{"token":"t0kEn"}'
        aasa-lint https://example.com/docs --platform ipad --format json

      An http(s) URL is fetched as a page (Prefer-Html-Meta-Tags: al, up to 10 redirects, 5 MB) \
      unless its path is /.well-known/… or /apple-app-site-association, which are association \
      files fetched as Apple does (https only); --kind applinks forces a page.

      An app's entitlements (App.entitlements, or another property list) are not linted: \
      check the applinks: domains they name against their sites with
        aasa-lint check --entitlements App.entitlements

      An AndroidManifest.xml lists the hosts Android verifies; with URLs, it says which activity \
      and intent filter open each one, with the deciding <data> attribute at its line:column \
      (-v: why every other filter does not match), as Android's IntentFilter matches:
        aasa-lint app/src/main/AndroidManifest.xml \\
            https://shop.example.com/products/42 -v

      A link domain's links.json (docs/links.md) is linted as aasa-serve checks it before \
      answering from it; --site checks every rule against the site's association files:
        aasa-lint site/links.json --site site

      A MobileDeepLinking route config (detected by content) routes deep links as the iOS \
      library does, with a warning for each link Android routes elsewhere; --platform ios or \
      android answers for one. See docs/routes.md.
        aasa-lint MobileDeepLinkingConfig.json mdldemo://sale/5
        aasa-lint MobileDeepLinkingConfig.json --urls links.txt \\
            --platform android --format tsv

      URLs are routed as a browser sends them: /café/x as /caf%C3%A9/x, a Unicode host in its \
      xn-- form. An argument such as example.com/albums/1 is the URL \
      https://example.com/albums/1 when it starts with the --domain, and otherwise a path (with \
      a note). Files over --max-size are refused unread.
      """)

  @Argument(
    help: ArgumentHelp(
      "The apple-app-site-association or assetlinks.json file, an App Links page, - for standard input, or a URL (an association file's https:// URL is fetched as Apple does: no redirects, at most 128 KB; a page's as a resolver does).",
      valueName: "file"), completion: .file())
  var file: String

  @Argument(
    help: ArgumentHelp(
      "URLs or paths to route, e.g. /albums/1?ref=mail or https://example.com/albums/1 (deep links such as mdldemo://sale/5 for a route config).",
      valueName: "url-or-path"))
  var urls: [String] = []

  @Option(
    name: .customLong("urls"),
    help: ArgumentHelp(
      "A file of URLs or paths to route, one per line (blank lines and # comments skipped); - reads standard input.",
      valueName: "list"), completion: .file())
  var urlList: String?

  @Option(
    help: ArgumentHelp(
      "The site: example.com, applinks:example.com, *.example.com (any subdomain) or a URL. A full URL for another host opens no app; an assetlinks.json that includes its own site's file is flagged (ASL027).",
      valueName: "host"))
  var domain: String?

  @Option(
    help: ArgumentHelp(
      "Report only this app's verdict, e.g. D3KQX62K1A.com.example.app. An app the file does not list is a warning naming the ID probably meant.",
      valueName: "app-id"))
  var app: String?

  @Option(
    help: ArgumentHelp(
      "routes.tsv: lines of `input<TAB>expected` (an app ID, none or blocked; for a route config, a route key, defaultRoute or none); exit 1 on any mismatch.",
      valueName: "table"), completion: .file())
  var expect: String?

  @Option(
    help:
      "Output format: text (for people), json (one object, stable), tsv (routes, streamed), sarif (code scanning), github (workflow annotations)."
  )
  var format: FormatOption<LintRequest> = .text

  @Option(
    help:
      "The file's kind: aasa, assetlinks, applinks (an HTML page), routes (a MobileDeepLinking config), manifest (an AndroidManifest.xml) or links (a link domain's links.json). Detected from the content when omitted."
  )
  var kind: InputKind?

  @Option(
    help: ArgumentHelp(
      "For a page: the device to navigate as (iphone, ipad, ios, android, windows_phone, windows, windows_universal, web). For a route config: ios or android (both when omitted).",
      valueName: "platform"))
  var platform: String?

  @OptionGroup var page: PageOptions

  @Option(
    help: ArgumentHelp(
      "For a links.json: the site's folder (the one holding .well-known/), whose apple-app-site-association and assetlinks.json every rule must be claimed by, as aasa-serve checks it.",
      valueName: "dir"), completion: .directory)
  var site: String?

  @Option(
    help: ArgumentHelp(
      "For an assetlinks.json: does it grant this app the relation (handle_all_urls unless --relation says otherwise)? Repeatable.",
      valueName: "package:fingerprint"))
  var grants: [String] = []

  @Option(
    help: ArgumentHelp(
      "The relation --grants asks about, e.g. delegate_permission/common.get_login_creds.",
      valueName: "relation"))
  var relation: String = Relation.handleAllURLs.rawValue

  @Option(
    name: .customLong("keystore-password"),
    help: ArgumentHelp(
      "The password of a PKCS#12 keystore given to --grants PACKAGE:FILE.", valueName: "password"))
  var keystorePassword: String?

  @Option(
    name: .customLong("placeholder"),
    help: ArgumentHelp(
      "NAME=VALUE: a manifest placeholder (${NAME}) of an AndroidManifest.xml; repeatable.",
      valueName: "name=value"))
  var placeholders: [String] = []

  @Option(
    help: ArgumentHelp(
      "For an AndroidManifest.xml: the module's build.gradle or build.gradle.kts, whose manifestPlaceholders and applicationId fill ${NAME} (found beside the manifest when omitted).",
      valueName: "build-file"), completion: .file())
  var gradle: String?

  @Flag(help: "Exit 1 on warnings too, not only on errors.")
  var strict = false

  @Flag(
    name: .shortAndLong, help: "Under each URL, list every app's verdict and the rule's settings.")
  var verbose = false

  @Option(help: "Colour: auto (a terminal without NO_COLOR), always or never.")
  var color: ColorChoice = .auto

  @OptionGroup var limits: InputLimitOptions

  @Option(
    name: .customLong("ca-file"),
    help: ArgumentHelp(
      "For an https:// FILE: trust the certificates in this PEM file instead of the system's roots.",
      valueName: "pem"), completion: .file())
  var caFile: String?

  @Option(
    help: ArgumentHelp(
      "For an https:// FILE: seconds to wait for the connection and the response.",
      valueName: "seconds"))
  var timeout: Double = 10

  func validate() throws {
    guard timeout > 0, timeout <= 600 else {
      throw ValidationError("--timeout must be more than 0 and at most 600 seconds")
    }
    if file == "-" && urlList == "-" {
      throw ValidationError("the file and --urls cannot both read standard input")
    }
    if file == "-" && expect == "-" {
      throw ValidationError("the file and --expect cannot both read standard input")
    }
    if !urls.isEmpty && urlList != nil {
      throw ValidationError("give URLs as arguments or with --urls, not both")
    }
  }

  func run() async throws {
    var request = LintRequest(file: file)
    request.urls = urls
    request.urlList = urlList
    request.domain = domain
    request.app = app
    request.expect = expect
    request.kind = kind
    request.platform = platform
    request.page = page.request
    request.site = site
    request.grants = grants
    request.placeholders = placeholders
    request.gradle = gradle
    request.keystorePassword = keystorePassword
    request.relation = relation
    request.strict = strict
    request.verbose = verbose
    request.maximumSize = limits.maxSize.bytes
    request.caFile = caFile
    request.timeoutSeconds = timeout
    let report: any Report
    do {
      report = try await request.run()
    } catch let error as LintRequest.ArgumentError {
      throw ValidationError(error.description)
    }
    try ReportOutput.finish(report, format: format.format, style: color.style)
  }
}
