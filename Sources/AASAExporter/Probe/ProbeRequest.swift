import AASACore
import AASALiveCheck
import Foundation

/// `GET /probe?target=HOST[&module=NAME][&debug=true]`, read as blackbox_exporter reads it: the
/// target (a host, `host:port` or an `https://` origin) and the module; `debug=true` answers the
/// check's text instead of metrics. Nothing else is accepted, so that no query can widen what a
/// module checks: an unknown parameter, a repeated one, a missing target or an unknown module is
/// a 400 with a one-line reason, and no fetch.
public struct ProbeRequest: Sendable {
  public var target: SiteAddress
  public var module: ProbeModule
  public var debug: Bool

  /// Why a request is refused, in a line for the person who wrote the scrape configuration.
  public struct Refusal: Error, Sendable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
  }

  public static let parameters = ["target", "module", "debug"]

  public static func parse(query: String, configuration: ExporterConfiguration) throws(Refusal)
    -> ProbeRequest
  {
    var values: [String: String] = [:]
    for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = decode(parts[0])
      let value = parts.count > 1 ? decode(parts[1]) : ""
      guard parameters.contains(name) else {
        throw Refusal(
          "unknown parameter \"\(name.escapingControlCharacters)\": a probe takes target, module and debug; everything else is the module's, in the configuration"
        )
      }
      guard values[name] == nil else {
        throw Refusal("the parameter \(name) is given twice")
      }
      values[name] = value
    }
    guard let targetText = values["target"], !targetText.isEmpty else {
      throw Refusal("target parameter is missing")
    }
    let target: SiteAddress
    do {
      let written = targetText.contains("://") ? targetText : "https://" + targetText
      target = try SiteAddress(parsing: written)
    } catch {
      throw Refusal(
        "target \"\(targetText.escapingControlCharacters)\" is not a site to check: \(error.reason.escapingControlCharacters)"
      )
    }
    let moduleName =
      values["module"].flatMap { $0.isEmpty ? nil : $0 }
      ?? ExporterConfiguration.defaultModule
    guard let module = configuration.modules[moduleName] else {
      throw Refusal(
        "unknown module \"\(moduleName.escapingControlCharacters)\" (known: \(configuration.modules.keys.sorted().joined(separator: ", ")))"
      )
    }
    let debug: Bool
    switch values["debug"]?.lowercased() {
    case nil, "false", "0": debug = false
    case "true", "1": debug = true
    case let other?:
      throw Refusal("debug must be true or false, not \"\(other.escapingControlCharacters)\"")
    }
    return ProbeRequest(target: target, module: module, debug: debug)
  }

  private static func decode(_ text: Substring) -> String {
    let spaced = text.replacingOccurrences(of: "+", with: " ")
    return spaced.removingPercentEncoding ?? spaced
  }

  /// blackbox_exporter's `--timeout-offset`: what is left of the scrape timeout for the answer to
  /// reach Prometheus.
  public static let timeoutOffsetSeconds = 0.5
  /// Without Prometheus's header (a person with curl), as blackbox: 120 s, capped by the module.
  public static let timeoutWithoutHeader = 120.0
  /// The shortest a probe is given, whatever the header says.
  public static let shortestTimeout = 0.5

  /// The probe's timeout, as blackbox_exporter's `getTimeout`: the
  /// `X-Prometheus-Scrape-Timeout-Seconds` header less ``timeoutOffsetSeconds``, capped by the
  /// module's `timeout_seconds`.
  public static func timeoutSeconds(header: String?, module: ProbeModule) -> Double {
    var seconds = timeoutWithoutHeader
    if let header, let scrape = Double(header.trimmingCharacters(in: .whitespaces)),
      scrape.isFinite, scrape > 0
    {
      seconds = scrape - timeoutOffsetSeconds
    }
    return max(shortestTimeout, min(seconds, module.timeoutSeconds))
  }
}
