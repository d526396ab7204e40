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
}

extension PageOptions {
  var request: LintRequest.PageRequest {
    var request = LintRequest.PageRequest()
    request.pageURL = pageURL
    request.installed = installed
    request.extras = extras
    request.appLinkData = appLinkData
    request.refererAppName = refererAppName
    request.refererURL = refererURL
    return request
  }
}
