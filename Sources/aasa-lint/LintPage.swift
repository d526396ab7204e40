import AASAAppLinks
import AASALint
import ArgumentParser

/// The options of `aasa-lint PAGE`: where the page lives and what the navigating app sends.
struct PageOptions: ParsableArguments {
  @Option(
    name: .customLong("page-url"),
    help: ArgumentHelp(
      "For a page: the URL it is served at (its App Link's source URL), e.g. https://example.com/docs. A fetched page's source URL is the URL asked for.",
      valueName: "url"))
  var pageURL: String?

  @Option(
    parsing: .upToNextOption,
    help: ArgumentHelp(
      "For a page with --platform: what the device can open. iOS and Windows: a URL scheme (bolts2). Android: PACKAGE (any activity), PACKAGE/CLASS (that activity) or PACKAGE:SCHEME (data of that scheme). Nothing by default.",
      valueName: "app"))
  var installed: [String] = []

  @Option(
    help: ArgumentHelp(
      "For a page with --platform: the extras of al_applink_data, a JSON object, e.g. '{\"myapp_token\":\"t0kEn\"}'.",
      valueName: "json"))
  var extras: String?

  @Option(
    name: .customLong("app-link-data"),
    help: ArgumentHelp(
      "For a page with --platform: the navigating app's own al_applink_data keys, a JSON object, e.g. '{\"ref\":\"12345\"}'.",
      valueName: "json"))
  var appLinkData: String?

  @Option(
    name: .customLong("referer-app-name"),
    help: ArgumentHelp(
      "For a page with --platform: the navigating app's name, sent in referer_app_link (with --referer-url).",
      valueName: "name"))
  var refererAppName: String?

  @Option(
    name: .customLong("referer-url"),
    help: ArgumentHelp(
      "For a page with --platform: the URL back to the navigating app, e.g. example://back.",
      valueName: "url"))
  var refererURL: String?

  /// Whether any option that only a page reads was given.
  var isUsed: Bool {
    pageURL != nil || !installed.isEmpty || extras != nil || appLinkData != nil
      || refererAppName != nil || refererURL != nil
  }
}

extension Lint {
  /// Lints, shows and (with `--platform`) navigates a page; exits like any lint.
  func runPage(_ source: [UInt8], sourceURL: String?) throws {
    if !urls.isEmpty || urlList != nil || expect != nil || app != nil || !grants.isEmpty {
      throw LintRun.UsageError(
        "URLs, --urls, --expect, --app and --grants are for association files; a page is navigated with --platform and --installed"
      )
    }
    let device = try platform.map(AppLinksRun.parseDevice)
    if device == nil, !page.installed.isEmpty {
      throw LintRun.UsageError("--installed needs --platform: say which device has them")
    }
    if (page.refererAppName == nil) != (page.refererURL == nil), device != .android {
      throw LintRun.UsageError("give --referer-app-name and --referer-url together")
    }
    var run = AppLinksRun(
      fileName: file == "-" ? "<stdin>" : file, source: source, sourceURL: sourceURL,
      device: device, installed: page.installed, format: format.outputFormat, strict: strict,
      style: color.style)
    run.request.extras = try page.extras.map { try AppLinksRun.parseObject($0, option: "--extras") }
    run.request.appLinkData = try page.appLinkData.map {
      try AppLinksRun.parseObject($0, option: "--app-link-data")
    }
    run.request.refererAppName = page.refererAppName
    run.request.refererURL = page.refererURL
    let status = run.run(output: .standardOutput())
    if status != .success { throw ExitCode(status.rawValue) }
  }
}
