import AASACore
import AASAValidator
import Foundation
import Logging
import MCP

/// `aasa-lint mcp`: the Model Context Protocol over standard input and output, on the Swift
/// SDK's `Server`, with the tools of ``ToolCatalog``. Standard output carries JSON-RPC only;
/// logs go to standard error. It serves until its input closes, lets the answers of the calls in
/// flight go out, and returns.
///
/// What a tool may fetch is the validator page's ``FetchPolicy``, fixed here at start-up from
/// the operator's `--allow` and `--ca-file` (``ValidatorSetup``): no argument of a call can
/// widen it.
package struct AgentServer {
  /// The start-up settings: the validator's flags, read as `aasa-lint web` reads them.
  package struct Options: Sendable {
    package var allow: [String] = []
    package var caFile: String?
    /// Apple's CDN's base URL instead of Apple's, for tests; its host is vetted as any other.
    package var cdnBase: String?
    /// Google's Digital Asset Links API's base URL instead of Google's, for tests; vetted too.
    package var googleBase: String?

    package init() {}
  }

  /// A start-up setting refused, in the flag's words.
  package struct Problem: Error, CustomStringConvertible {
    package var description: String
  }

  private let configuration: ValidatorConfiguration
  private let logger: Logger

  package init(options: Options, logger: Logger) throws(Problem) {
    do {
      // The listening address is the validator's, never bound here: only the policy, the CA
      // file, the bases of Apple's CDN and Google's API, and the limits are used.
      (configuration, _) = try ValidatorSetup.configuration(
        listen: "127.0.0.1:0", tokenFile: nil, allow: options.allow, caFile: options.caFile,
        hostNames: [], cdnBase: options.cdnBase, googleBase: options.googleBase)
    } catch {
      throw Problem(description: error.message)
    }
    self.logger = logger
  }

  /// The validator's limits for one agent: the page's caps on sizes, counts and time, with the
  /// rates of one client who is the only one (the page shares them among strangers).
  static func limits() -> ValidatorLimits {
    var limits = ValidatorLimits()
    limits.fetchesPerClient = CallGate.running
    limits.concurrentFetches = CallGate.running
    limits.clientFetchBurst = 60
    limits.clientFetchRefillSeconds = 1
    limits.hostBurst = 30
    limits.hostRefillSeconds = 2
    return limits
  }

  package func run() async throws {
    var configuration = self.configuration
    configuration.limits = Self.limits()
    let answers = AgentAnswers(configuration: configuration, logger: logger)
    let gate = CallGate()
    let server = Server(
      name: "aasa", version: PackageVersion.current, title: "aasa-lint",
      instructions:
        "Deep-link tools: lint apple-app-site-association and assetlinks.json files, answer which app opens a URL on iOS and Android, check live sites, diff files, explain device output, write starting files. Each answer is the document `aasa-lint … --format json` writes.",
      capabilities: .init(tools: .init(listChanged: false)))
    await server.withMethodHandler(ListTools.self) { _ in
      ListTools.Result(tools: ToolCatalog.tools.map(\.tool))
    }
    await server.withMethodHandler(CallTool.self) { [logger] parameters in
      guard let tool = ToolCatalog.named(parameters.name) else {
        throw MCPError.invalidParams(
          "unknown tool \(ArgumentCheck.quoted(parameters.name)); the tools are \(ToolCatalog.tools.map(\.name).joined(separator: ", "))"
        )
      }
      do {
        return try await gate.run {
          await ToolCall(tool: tool, answers: answers).result(parameters.arguments ?? [:])
        }
      } catch {
        logger.warning("a call of \(tool.name) was refused: too many calls waiting")
        return ToolCall.refusal(
          code: "busy",
          message:
            "\(CallGate.running) calls are running and \(CallGate.waiting) waiting, the most this server holds",
          help: "wait for answers before sending more calls")
      }
    }
    let transport = LineTransport(logger: logger)
    logger.info(
      "aasa-lint mcp: \(ToolCatalog.tools.count) tools on standard input and output; fetches: \(ValidatorSetup.fetchSummary(configuration.policy).joined(separator: "; "))"
    )
    try await server.start(transport: transport)
    await server.waitUntilCompleted()
    // The input is closed; the calls read before it still answer. A request read last may not
    // have reached the gate yet when the loop ends: it is looked for again a moment later.
    for _ in 0..<3 {
      try? await Task.sleep(nanoseconds: 50_000_000)
      await gate.drain()
    }
    await server.stop()
  }
}
