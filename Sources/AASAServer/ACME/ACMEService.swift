import AASAACME
import Logging
import ServiceLifecycle

/// `--acme`'s manager as one of the server's services: it starts once the listener answers (so
/// the CA's first validation finds it) and stops at graceful shutdown, giving its locks up.
struct ACMEService: Service {
  let manager: ACMEManager
  let onDemand: OnDemandGuard?

  /// The manager for `settings`: its names are the site folders' (`--sites`), whatever they are
  /// when it looks, plus `--acme-domain`'s, plus those `--acme-ask` approved.
  ///
  /// Each certificate the manager stores goes straight into `certificates` (its table), in
  /// process: the folder is only what other replicas read, and the poller of `--watch-interval`
  /// is not needed for this replica's own certificates.
  static func make(
    settings: ACMESettings, board: ACMEChallengeBoard, onDemand: OnDemandGuard?,
    router: SiteRouter, certificates: CertificateReloader?, logger: Logger
  ) -> ACMEService {
    let domains = settings.domains.compactMap { HostName.key(forName: $0[...]) }
    var configuration = settings.manager
    if let certificates {
      configuration.certificateStored = { name, _, issued in
        await certificates.install(
          name: name, chainPEM: Array(issued.chainPEM.utf8),
          keyPEM: Array(issued.privateKeyPEM.utf8))
      }
    }
    let manager = ACMEManager(
      configuration: configuration, board: board, logger: logger,
      names: {
        (router.routesByHost ? Array(router.currentTable.sites.keys) + domains : domains)
          + (onDemand?.approvedNames ?? [])
      })
    return ACMEService(manager: manager, onDemand: onDemand)
  }

  /// Ends with ``ACMEAccountRefusal`` when a CA refuses the account for good: the service
  /// group stops, and `aasa-serve` exits with it (see `ServerApplication`).
  func run() async throws {
    do {
      try await cancelWhenGracefulShutdown { try await manager.run() }
    } catch {
      await onDemand?.shutdown()
      throw error
    }
    await onDemand?.shutdown()
  }
}
