import AASALint
import AASAMCP
import AASAValidator
import ArgumentParser
import Logging

/// `aasa-lint mcp`: the tools for coding agents, over the Model Context Protocol (docs/mcp.md).
struct MCPCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "mcp",
    abstract: "Serve aasa's tools to a coding agent over the Model Context Protocol (stdio).",
    discussion: """
      Reads JSON-RPC from standard input and answers on standard output (logs go to standard \
      error) until the input closes. Each tool answers with the document `aasa-lint … --format \
      json` writes for the same inputs. Tools that fetch fetch only https on port 443 of public \
      addresses unless --allow widens that, as the validator page does; no tool's arguments can \
      widen it. See docs/mcp.md.

        claude mcp add aasa -- aasa-lint mcp
        aasa-lint mcp --allow 10.20.0.0/16 --allow '*.staging.example' --ca-file corp-ca.pem
      """)

  /// `--allow`, `--ca-file` and `--cdn-base`, as the validator page reads them.
  @OptionGroup var fetching: FetchPolicyFlags

  @Option(
    name: .customLong("google-base"),
    help: ArgumentHelp(
      "Google's Digital Asset Links API's base URL instead of https://digitalassetlinks.googleapis.com, for tests; its host is vetted as any other.",
      valueName: "url", visibility: .hidden))
  var googleBase: String?

  func run() async throws {
    var options = AgentServer.Options()
    options.allow = fetching.allow
    options.caFile = fetching.caFile
    options.cdnBase = fetching.cdnBase
    options.googleBase = googleBase
    var logger = Logger(label: "aasa-lint.mcp") { StreamLogHandler.standardError(label: $0) }
    logger.logLevel = .info
    let server: AgentServer
    do {
      server = try AgentServer(options: options, logger: logger)
    } catch {
      throw UsageError(error.description)
    }
    try await server.run()
  }
}
