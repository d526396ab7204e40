import AASALint
import ArgumentParser

/// `aasa-lint inbound URL`: what an app opened with a URL receives, as Bolts' `BFURL` parses it.
struct Inbound: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Show what an app opened with a URL receives, as Bolts' BFURL parses it.",
    discussion: """
      The URL's query is split as BFURL splits it; when it carries al_applink_data (an App Links \
      navigation), the target URL, the data, its extras, the app to return to and the events \
      Bolts raises are shown, and broken data is explained: not JSON, not an object, another \
      version, or cut at a raw & by the sender's encoding.

      Examples:
        DATA='%7B%22target_url%22%3A%22https%3A%2F%2Fexample.com%2Fdocs%22%7D'
        aasa-lint inbound "bolts://docs?al_applink_data=$DATA"
        aasa-lint inbound "bolts://docs?al_applink_data=$DATA" \\
            --source-application com.facebook.Facebook --format json

      Exit status: 0 the data is usable or absent, 1 al_applink_data is broken, 2 a usage error.
      """)

  @Argument(help: ArgumentHelp("The URL the app was opened with.", valueName: "url"))
  var url: String

  @Option(
    name: .customLong("source-application"),
    help: ArgumentHelp(
      "The bundle ID of the app that opened it (iOS's sourceApplication); adds the al_nav_in event.",
      valueName: "bundle-id"))
  var sourceApplication: String?

  @Option(help: "Output format: text or json.")
  var format: FormatOption<InboundRun> = .text

  @Option(help: "Colour: auto (a terminal without NO_COLOR), always or never.")
  var color: ColorChoice = .auto

  func run() throws {
    try ReportOutput.finish(
      InboundRun(url: url, sourceApplication: sourceApplication).run(), format: format.format,
      style: color.style)
  }
}
