import AASACore
import AASALiveCheck
import Prometheus

/// The exporter's own metrics, on `/metrics` and never on `/probe` (Prometheus's "Writing
/// exporters": the exporter's own are scraped as a job of their own): probes by result, the
/// third parties' answers by whether they came from the cache, configuration reloads, and the
/// version. Counters live for the process, in one registry.
public final class ExporterMetrics: Sendable {
  let registry = PrometheusCollectorRegistry()

  public init(version: String = PackageVersion.current) {
    registry.makeGauge(
      descriptor: MetricNameDescriptor(
        metricName: "aasa_exporter_build_info", unitName: "",
        helpText: "1, with the version of aasa-lint that runs the exporter."),
      labels: [("version", version)]
    ).set(to: 1)
  }

  /// A probe ended: `success`, `failure` (it ran and found a failing line, or could not end) or
  /// `refused` (a 400, no fetch).
  public func probe(_ result: String) {
    registry.makeCounter(
      descriptor: MetricNameDescriptor(
        metricName: "aasa_exporter_probes", unitName: "total",
        helpText:
          "Probes answered, by result: success, failure, or refused (a 400 without a fetch)."),
      labels: [("result", result)]
    ).increment()
  }

  /// A third party's answer was used: kept, or asked.
  func thirdParty(_ party: ThirdParty, fromCache: Bool) {
    registry.makeCounter(
      descriptor: MetricNameDescriptor(
        metricName: "aasa_exporter_third_party_answers", unitName: "total",
        helpText:
          "Answers of Apple's CDN and Google's API that probes used, by party and by source: cache (kept for their max-age) or asked."
      ),
      labels: [("party", party.rawValue), ("source", fromCache ? "cache" : "asked")]
    ).increment()
  }

  /// A reload of the configuration (SIGHUP, `POST /-/reload`) ended.
  public func reload(succeeded: Bool, at seconds: Double) {
    registry.makeCounter(
      descriptor: MetricNameDescriptor(
        metricName: "aasa_exporter_config_reloads", unitName: "total",
        helpText:
          "Reloads of the configuration file, by result: success or failure (the previous one kept)."
      ),
      labels: [("result", succeeded ? "success" : "failure")]
    ).increment()
    registry.makeGauge(
      descriptor: MetricNameDescriptor(
        metricName: "aasa_exporter_config_last_reload_successful", unitName: "",
        helpText: "1 when the last reload of the configuration succeeded, 0 when it failed.")
    ).set(to: succeeded ? 1 : 0)
    if succeeded {
      registry.makeGauge(
        descriptor: MetricNameDescriptor(
          metricName: "aasa_exporter_config_last_reload_success_timestamp_seconds", unitName: "",
          helpText: "When the configuration was last read successfully, as Unix time.")
      ).set(to: seconds)
    }
  }

  /// The exposition, with the values read now: probes running and answers kept.
  func exposition(probesRunning: Int, answersKept: Int) -> String {
    registry.makeGauge(
      descriptor: MetricNameDescriptor(
        metricName: "aasa_exporter_probes_running", unitName: "",
        helpText: "Probes holding one of the --concurrency places now.")
    ).set(to: Double(probesRunning))
    registry.makeGauge(
      descriptor: MetricNameDescriptor(
        metricName: "aasa_exporter_cached_answers", unitName: "",
        helpText:
          "Answers of Apple's CDN and Google's API kept now (a day at most each, 1024 at most).")
    ).set(to: Double(answersKept))
    return registry.emitToString()
  }
}
