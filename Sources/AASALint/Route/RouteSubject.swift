import AASA
import AASAAndroid
import AASACore
import AASALiveCheck

/// What `route` answers about, once read: the site's two files, the apps asked about, and the
/// app side's files. The command line reads it from a folder or a live site and from paths
/// (``RouteRun``); the validator page from a request's bytes. Both then route through
/// ``report(urls:)``, so that the page's answer is the command line's by construction, not by
/// two copies kept in step.
package struct RouteSubject {
  package var files: SiteFiles
  package var router: PlatformRouter
  /// The manifest's package, for an expectation's `.Activity` shorthand.
  package var manifestPackage: String?

  package init(
    files: SiteFiles, appleApp: String?, androidPackage: String?,
    androidFingerprint: CertificateFingerprint?, manifest: ManifestRouter?,
    entitlements: EntitlementsFile?
  ) {
    self.files = files
    router = PlatformRouter(
      site: files, appleApp: appleApp ?? entitlements?.applicationIdentifier,
      androidPackage: androidPackage, androidFingerprint: androidFingerprint, manifest: manifest,
      entitlements: entitlements?.applinks)
    manifestPackage = manifest?.report.package
  }

  /// A path is on the site's host: both platforms are asked about the same full URL. A live
  /// site's origin keeps its port (`https://host:8443`), so the path is asked of the site that
  /// was fetched, not of port 443.
  package func fullURL(_ url: String) -> String {
    guard url.hasPrefix("/") else { return url }
    let origin = files.source.hasPrefix("https://") ? files.source : "https://\(files.host)"
    return origin + url
  }

  package func report(urls: [String]) -> PlatformRoutingReport {
    PlatformRoutingReport(site: files, routes: urls.map { router.route(fullURL($0)) })
  }

  /// `text` as a SHA-256 fingerprint, or nil: the caller names where it came from.
  package static func sha256Fingerprint(_ text: String) -> CertificateFingerprint? {
    guard let fingerprint = CertificateFingerprint(text), fingerprint.isSHA256 else { return nil }
    return fingerprint
  }

  /// Why a fingerprint is refused, after the name the caller gives it.
  package static let fingerprintForm = "is not a SHA-256 fingerprint (32 hex pairs joined by `:`)"
}
