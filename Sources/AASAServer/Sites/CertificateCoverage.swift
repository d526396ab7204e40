import Logging
import NIOConcurrencyHelpers

/// `--sites` with `--tls-dir`: every site served should have a certificate that names it. A site
/// no certificate names gets the default certificate, which Apple's and Google's fetchers refuse
/// for that host: the site looks served, yet no device ever associates with it. So the server
/// says so at start-up and whenever sites or certificates change (each site once, until it is
/// covered again), and `/metrics` counts them (`aasa_sites_without_certificate`).
final class CertificateCoverage: Reloading, Sendable {
  let router: SiteRouter
  let certificates: Swappable<CertificateTable>
  let directory: String
  let logger: Logger
  /// The hosts last warned about, so that each is warned about once until it is covered again.
  private let reported = NIOLockedValueBox(Set<String>())

  init(
    router: SiteRouter, certificates: Swappable<CertificateTable>, directory: String,
    logger: Logger
  ) {
    self.router = router
    self.certificates = certificates
    self.directory = directory
    self.logger = logger
  }

  /// The hosts served that no certificate names, sorted (the `_default` site is for any host).
  func uncoveredSites() -> [String] {
    let table = certificates.current
    return router.currentTable.sites.keys.filter {
      $0 != HostFoldersReloader.fallbackName && !table.covers($0)
    }.sorted()
  }

  /// Warns about each site newly without a certificate, and records the count.
  func check() {
    let uncovered = uncoveredSites()
    let fallback = certificates.current.fallback.name
    let newlyUncovered = reported.withLockedValue { reported in
      let new = uncovered.filter { !reported.contains($0) }
      reported = Set(uncovered)
      return new
    }
    for host in newlyUncovered {
      logger.warning(
        "no certificate in \(directory) names the site \(host): its clients get the certificate \(fallback), which Apple's and Google's fetchers refuse for \(host); add one for it"
      )
    }
    ServerMetrics.shared.recordSitesWithoutCertificate(uncovered.count)
  }

  func reload(force: Bool) async -> Bool {
    check()
    return false
  }
}
