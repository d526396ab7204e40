import ArgumentParser

/// How `check` and `passkeys` reach a site: what to trust, how long to wait, where to connect
/// and which CDN to ask. Declared once so that both subcommands spell, explain and bound each flag
/// the same; a fetch flag added here is added to both.
struct SiteFetchOptions: ParsableArguments {
  @Option(
    name: .customLong("ca-file"),
    help: ArgumentHelp(
      "Trust the certificates in this PEM file instead of the system's roots.", valueName: "pem"),
    completion: .file())
  var caFile: String?

  @Option(
    help: ArgumentHelp("Seconds to wait for a connection or a response.", valueName: "seconds"))
  var timeout: Double = 10

  @Option(
    name: .customLong("cdn-base"),
    help: ArgumentHelp(
      "The CDN's base URL instead of Apple's, for mirrors and tests (implies --cdn).",
      valueName: "url"))
  var cdnBase: String?

  @Option(
    name: .customLong("connect-to"),
    help: ArgumentHelp(
      "As curl's: connect to ADDRESS:PORT instead of HOST:PORT, still judging TLS for HOST; e.g. example.com:443:staging.example.net:443.",
      valueName: "host:port:address:port"))
  var connectTo: String?

  func validate() throws {
    guard timeout > 0, timeout <= 600 else {
      throw ValidationError("--timeout must be more than 0 and at most 600 seconds")
    }
  }
}
