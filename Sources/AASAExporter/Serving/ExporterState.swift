import AASALiveCheck
import Foundation
import Logging

/// What the exporter holds between requests: the configuration (swapped whole by a reload, so a
/// probe sees one configuration or the other), the prober with its cache and its places, the
/// exporter's own metrics, and the last probes.
public actor ExporterState {
  public private(set) var configuration: ExporterConfiguration
  /// `--config`: read again by SIGHUP and `POST /-/reload`; nil: the built-in module only.
  public nonisolated let configurationPath: String?
  public nonisolated let prober: Prober
  public nonisolated let metrics: ExporterMetrics
  let cache: ThirdPartyCache
  let logger: Logger
  private(set) var history = ProbeHistory()
  private(set) var lastReload: (at: Date, problem: String?)

  /// Reads the configuration (or takes the built-in one); throws what is wrong with the file.
  public init(
    configurationPath: String?, policy: FetchPolicy, caFile: String?, concurrency: Int,
    logger: Logger
  ) throws(ExporterConfiguration.Invalid) {
    let configuration =
      try configurationPath.map { path throws(ExporterConfiguration.Invalid) in
        try ExporterConfiguration.load(path: path)
      } ?? .builtIn
    self.configuration = configuration
    self.configurationPath = configurationPath
    let cache = ThirdPartyCache()
    self.cache = cache
    self.prober = Prober(
      policy: policy, caFile: caFile, concurrency: concurrency, cache: cache)
    self.metrics = ExporterMetrics()
    self.logger = logger
    let now = Date()
    lastReload = (now, nil)
    metrics.reload(succeeded: true, at: now.timeIntervalSince1970)
  }

  /// Reads the configuration again; a file with a mistake is refused whole and the one in force
  /// kept.
  public func reload() async -> Result<Void, ExporterConfiguration.Invalid> {
    let now = Date()
    guard let configurationPath else {
      lastReload = (now, nil)
      metrics.reload(succeeded: true, at: now.timeIntervalSince1970)
      return .success(())
    }
    do {
      let fresh = try ExporterConfiguration.load(path: configurationPath)
      if fresh != configuration { await cache.removeAll() }
      configuration = fresh
      lastReload = (now, nil)
      metrics.reload(succeeded: true, at: now.timeIntervalSince1970)
      logger.info("configuration reloaded: \(fresh.modules.count) module(s)")
      return .success(())
    } catch {
      lastReload = (now, error.description)
      metrics.reload(succeeded: false, at: now.timeIntervalSince1970)
      logger.error("configuration not reloaded, the previous one is kept: \(error.description)")
      return .failure(error)
    }
  }

  func record(_ outcome: Prober.Outcome, text: String) {
    let result = outcome.succeeded ? "success" : "failure"
    metrics.probe(result)
    for use in outcome.thirdParty {
      metrics.thirdParty(use.key, fromCache: use.value.fromCache)
    }
    history.add(
      target: outcome.target.origin, module: outcome.module, at: outcome.startedAt,
      durationSeconds: outcome.durationSeconds, result: result, text: text)
  }

  func recordRefusal(target: String, module: String, reason: String) {
    metrics.probe("refused")
    history.add(
      target: target, module: module, at: Date(), durationSeconds: 0, result: "refused",
      text: "refused: \(reason)\n")
  }

  /// What the landing page shows.
  struct Snapshot: Sendable {
    var configuration: ExporterConfiguration
    var configurationPath: String?
    var history: ProbeHistory
    var lastReload: Date
    var reloadProblem: String?
    var allowRules: [String]
    var concurrency: Int
  }

  func snapshot() -> Snapshot {
    Snapshot(
      configuration: configuration, configurationPath: configurationPath, history: history,
      lastReload: lastReload.at, reloadProblem: lastReload.problem,
      allowRules: prober.policy.rules.map(\.description), concurrency: prober.gate.limit)
  }

  func ownMetrics() async -> String {
    metrics.exposition(probesRunning: await prober.gate.busy, answersKept: await cache.count)
  }
}
