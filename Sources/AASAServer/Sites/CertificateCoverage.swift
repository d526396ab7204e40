import AASAACME
import Logging
import NIOConcurrencyHelpers

/// `--sites` with `--tls-dir`: every site served should have a certificate that names it. A site
/// no certificate names gets the default certificate, which Apple's and Google's fetchers refuse
/// for that host: the site looks served, yet no device ever associates with it. So the server
/// says so at start-up and whenever sites or certificates change (each site once, until it is
/// covered again), and `/metrics` counts them (`aasa_sites_without_certificate`).
///
/// Under `--acme` a site without a certificate is expected until its first order succeeds:
/// instead of the warning, the server says that it obtains one and serves the placeholder until
/// then; only a name ACME cannot order (an IP address, a single label) keeps a warning.
final class CertificateCoverage: Reloading, Sendable {
  /// What `--acme` does about the hosts no certificate names.
  struct ACME: Sendable {
    /// `--acme-passive`: another replica orders.
    var passive: Bool
    /// `--acme-domain`: names managed besides the site folders (with `--root`, the only ones).
    var domains: [String]
  }

  let router: SiteRouter
  let certificates: Swappable<CertificateTable>
  let directory: String
  let acme: ACME?
  let logger: Logger
  /// The hosts last warned about, so that each is warned about once until it is covered again.
  private let reported = NIOLockedValueBox(Set<String>())

  init(
    router: SiteRouter, certificates: Swappable<CertificateTable>, directory: String,
    acme: ACME? = nil, logger: Logger
  ) {
    self.router = router
    self.certificates = certificates
    self.directory = directory
    self.acme = acme
    self.logger = logger
  }

  /// The hosts served that no certificate names, sorted (the `_default` site is for any host).
  func uncoveredSites() -> [String] {
    let table = certificates.current
    let sites = router.routesByHost ? Array(router.currentTable.sites.keys) : []
    return Set(sites + (acme?.domains ?? [])).filter {
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
      guard let acme else {
        logger.warning(
          "no certificate in \(directory) names the site \(host): its clients get the certificate \(fallback), which Apple's and Google's fetchers refuse for \(host); add one for it"
        )
        continue
      }
      if !ACMEManager.isManageable(host) {
        logger.warning(
          "ACME: no certificate names the site \(host), and ACME cannot obtain one (a CA issues for DNS names of two labels or more, not IP addresses): its clients get the self-signed placeholder, which Apple's and Google's fetchers refuse; put a certificate for it in \(directory)"
        )
      } else if acme.passive {
        logger.info(
          "ACME: no certificate for \(host) in \(directory) yet; the replica that orders will store one (this one is --acme-passive); a self-signed placeholder until then"
        )
      } else {
        logger.info(
          "ACME: obtaining a certificate for \(host); a self-signed placeholder until then")
      }
    }
    ServerMetrics.shared.recordSitesWithoutCertificate(uncovered.count)
  }

  func reload(force: Bool) async -> Bool {
    check()
    return false
  }
}
