import AASACore
import AASAHosting
import AASALint
import AASALiveCheck
import Foundation
import Logging

/// `aasa-lint exporter`'s HTTP answers, on a plain listener of `AASAHosting`:
///
/// - `GET /probe?target=HOST[&module=NAME][&debug=true]`: one check of the target, as Prometheus
///   text from a registry made for this scrape (``ProbeMetrics``), or the check's text with
///   `debug=true`; a target off the allowlist, an unknown module or parameter is a 400 with a
///   one-line reason, and nothing is fetched;
/// - `GET /metrics`: the exporter's own metrics (``ExporterMetrics``);
/// - `GET /`: the landing page, with the last probes (``LandingPage``);
/// - `POST /-/reload`: reads the configuration again (as SIGHUP does); `GET /-/healthy`.
public struct ExporterHandler: HostedHandler {
  let state: ExporterState
  let logger: Logger

  public init(state: ExporterState, logger: Logger) {
    self.state = state
    self.logger = logger
  }

  /// No request has a body worth reading.
  public var maximumBodySize: Int { 0 }

  public func tooLarge() -> HostedResponse {
    Self.text(413, "a request to the exporter has no body\n")
  }

  public func respond(to request: HostedRequest) async -> HostedResponse {
    let path = request.path
    switch (request.method, path) {
    case ("GET", "/probe"), ("HEAD", "/probe"):
      return await probe(request)
    case ("GET", "/metrics"), ("HEAD", "/metrics"):
      return HostedResponse(
        status: 200, headers: [("content-type", Self.expositionType)],
        body: Array(await state.ownMetrics().utf8))
    case ("GET", "/"), ("HEAD", "/"):
      return HostedResponse(
        status: 200, headers: [("content-type", "text/html; charset=utf-8")],
        body: Array(await LandingPage.html(state.snapshot()).utf8))
    case ("GET", "/history"):
      return await historyEntry(request)
    case ("POST", "/-/reload"), ("PUT", "/-/reload"):
      switch await state.reload() {
      case .success: return Self.text(200, "configuration reloaded\n")
      case .failure(let problem):
        return Self.text(500, "failed to reload the configuration: \(problem)\n")
      }
    case ("GET", "/-/healthy"), ("HEAD", "/-/healthy"):
      return Self.text(200, "Healthy\n")
    case (_, "/probe"), (_, "/metrics"), (_, "/"), (_, "/-/healthy"), (_, "/history"):
      return HostedResponse(
        status: 405,
        headers: [("allow", "GET, HEAD"), ("content-type", "text/plain; charset=utf-8")],
        body: Array("only GET and HEAD\n".utf8))
    case (_, "/-/reload"):
      return HostedResponse(
        status: 405,
        headers: [("allow", "POST, PUT"), ("content-type", "text/plain; charset=utf-8")],
        body: Array("only POST and PUT\n".utf8))
    default:
      return Self.text(404, "not found: the exporter answers /probe, /metrics, / and /-/reload\n")
    }
  }

  /// Prometheus's text format, version 0.0.4.
  static let expositionType = "text/plain; version=0.0.4; charset=utf-8"

  static func text(_ status: Int, _ body: String) -> HostedResponse {
    HostedResponse(
      status: status, headers: [("content-type", "text/plain; charset=utf-8")],
      body: Array(body.utf8))
  }

  func probe(_ request: HostedRequest) async -> HostedResponse {
    let query = String(request.target.split(separator: "?", maxSplits: 1).dropFirst().first ?? "")
    let configuration = await state.configuration
    let parsed: ProbeRequest
    do {
      parsed = try ProbeRequest.parse(query: query, configuration: configuration)
    } catch {
      return await refuse(error.description, target: "", module: "")
    }
    let prober = state.prober
    let scrapeTimeout = ProbeRequest.timeoutSeconds(
      header: request.header("X-Prometheus-Scrape-Timeout-Seconds"), module: parsed.module)
    let vetted: (address: String, waited: Duration)
    do {
      vetted = try await prober.vet(parsed.target, waitingUpTo: .seconds(scrapeTimeout))
    } catch {
      if let resolved = error.resolvedAddress {
        logger.info("probe refused: \(error.description) (resolved to \(resolved))")
      }
      return await refuse(
        error.description, target: parsed.target.hostHeader, module: parsed.module.name)
    }
    // A wait for a name lookup place comes out of the scrape's time.
    let timeout =
      vetted.waited == .zero
      ? scrapeTimeout
      : max(ProbeRequest.shortestTimeout, scrapeTimeout - vetted.waited.timeInterval)
    let outcome = await prober.probe(
      parsed, pinnedAt: vetted.address, timeoutSeconds: timeout, configuration: configuration)
    let text = Self.checkText(outcome)
    await state.record(outcome, text: text)
    if parsed.debug {
      let metrics = ProbeMetrics.exposition(of: outcome)
      return Self.text(200, text + "\nMetrics that would have been returned:\n" + metrics)
    }
    return HostedResponse(
      status: 200, headers: [("content-type", Self.expositionType)],
      body: Array(ProbeMetrics.exposition(of: outcome).utf8))
  }

  func refuse(_ reason: String, target: String, module: String) async -> HostedResponse {
    await state.recordRefusal(target: target, module: module, reason: reason)
    return Self.text(400, reason + "\n")
  }

  /// What `aasa-lint check https://TARGET` writes for the report, or why there is none.
  static func checkText(_ outcome: Prober.Outcome) -> String {
    var text = "Probe of \(outcome.target.origin) with module \(outcome.module): "
    text += outcome.succeeded ? "success" : "failure"
    text += String(
      format: " in %.3f s (timeout %.1f s)\n", outcome.durationSeconds, outcome.timeoutSeconds)
    for (party, use) in outcome.thirdParty.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      let source = use.fromCache ? "kept from" : "asked at"
      text +=
        "\(party == .appleCDN ? "Apple's CDN" : "Google's API"): answer \(source) \(use.fetchedAt)\n"
    }
    if let failure = outcome.failure { text += "\(failure)\n" }
    if let report = outcome.report {
      let sink = OutputSink()
      try? ReportRenderer(
        format: .text, context: RenderContext(style: .plain, errors: OutputSink())
      )
      .render(report, to: sink)
      text += "\n" + sink.text
    }
    return text
  }

  /// `/history?id=N`: the check's text of a probe the landing page lists.
  func historyEntry(_ request: HostedRequest) async -> HostedResponse {
    let query = String(request.target.split(separator: "?", maxSplits: 1).dropFirst().first ?? "")
    guard query.hasPrefix("id="), let id = Int(query.dropFirst(3)),
      let entry = await state.snapshot().history.entry(id)
    else {
      return Self.text(
        404, "no such probe in the history (the last \(ProbeHistory.limit) are kept)\n")
    }
    return Self.text(200, entry.text)
  }
}
