/// Who a statement delegates to: an Android app identified by package and signing certificate,
/// or a web site identified by its origin.
public enum StatementTarget: Hashable, Sendable {
  /// `{"namespace": "android_app", "package_name": ..., "sha256_cert_fingerprints": [...]}`.
  case androidApp(packageName: String, fingerprints: [CertificateFingerprint])
  /// `{"namespace": "web", "site": "https://example.com"}`.
  case web(site: String)

  /// The `namespace` value that introduces each kind of target.
  public var namespace: String {
    switch self {
    case .androidApp: "android_app"
    case .web: "web"
    }
  }

  /// The package name, for an app target.
  public var packageName: String? {
    if case .androidApp(let packageName, _) = self { return packageName }
    return nil
  }

  /// The fingerprints that could be read, for an app target; empty for a site.
  public var fingerprints: [CertificateFingerprint] {
    if case .androidApp(_, let fingerprints) = self { return fingerprints }
    return []
  }
}
