import AASAAndroid
import AASACore
import NIOCore
import NIOPosix

/// `aasa-lint passkeys RP-ID`: will passkeys for this relying party work for this app, on iOS and
/// on Android, and if not, what to change where.
///
/// A passkey's relying party is a domain, and each platform asks that domain's site and the
/// app, each for half of the association:
///
/// - **iOS**: the app claims `webcredentials:RP-ID` in its associated-domains entitlement, and
///   `https://RP-ID/.well-known/apple-app-site-association` lists the app under
///   `webcredentials.apps` (as read from Apple's CDN, which devices ask). Either half missing is
///   error 1004, "Unable to verify webcredentials association".
/// - **Android**: `https://RP-ID/.well-known/assetlinks.json` grants
///   `delegate_permission/common.get_login_creds` to the package and its signing certificate
///   (Credential Manager's "required for passkeys"); the manifest's `asset_statements` naming
///   the site is the app's half, which saved passwords need and Android lint asks for
///   (`CredManMissingDal`), so its absence is a warning, not a failure of passkeys.
///
/// Nothing is judged twice: the site is fetched once by ``LiveCheck`` (both platforms' files),
/// iOS's half is ``ServiceJudge``'s `webcredentials` line and the CDN's copy asked per service
/// (``LiveCheckReport/compareCDN(_:expected:)``), as `check --entitlements` gives them, and
/// Android's is ``ManifestCheck/credentialGrant(_:host:package:fingerprints:)``, as `check
/// --manifest` gives it. This adds only the app's halves and the fixes.
public struct PasskeysCheck: Sendable {
  /// The relying party's ID: a domain, checked at `https://RP-ID`.
  public var rpID: SiteAddress
  /// iOS: the app's ID (`TEAMID.bundle.id`); nil to skip iOS unless ``entitlements`` name one.
  public var app: String?
  /// iOS: what the app claims; nil when only the site's half is checked.
  public var entitlements: EntitlementsFile?
  /// Android: the manifest read (its package, its `asset_statements`) and its path.
  public var manifest: (path: String, report: ManifestReport)?
  /// Android: the package when no manifest is given.
  public var package: String?
  /// Android: the signing certificates, one of which must be granted; none: any certificate.
  public var fingerprints: [CertificateFingerprint]
  /// How the site is fetched (trust, timeout, Apple's CDN, `--connect-to`); `site`, `app` and
  /// the paths are this check's own.
  public var options: LiveCheckOptions

  public init(
    rpID: SiteAddress, app: String?, entitlements: EntitlementsFile?,
    manifest: (path: String, report: ManifestReport)?, package: String?,
    fingerprints: [CertificateFingerprint], options: LiveCheckOptions
  ) {
    self.rpID = rpID
    self.app = app
    self.entitlements = entitlements
    self.manifest = manifest
    self.package = package
    self.fingerprints = fingerprints
    self.options = options
  }

  /// The iOS app ID checked: the one given, else the entitlements' own.
  public var appleApp: String? { app ?? entitlements?.applicationIdentifier }
  /// The Android package checked: the manifest's, else the one given.
  public var androidPackage: String? { manifest?.report.package ?? package }

  public func run(group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) async
    -> PasskeysReport
  {
    var siteOptions = options
    siteOptions.site = rpID
    // The relying party's file need not route links or name the app under applinks.
    siteOptions.app = nil
    siteOptions.paths = []
    siteOptions.expectations = nil
    var site = await LiveCheck(options: siteOptions).run(group: group)
    var report = PasskeysReport(rpID: rpID.host, site: site)
    if let app = appleApp {
      site.compareCDN(.webcredentials, expected: app)
      report.site = site
      report.ios = apple(app: app, site: site)
    }
    if let package = androidPackage {
      report.android = android(package: package, site: site)
    }
    return report
  }

  // MARK: iOS

  private func apple(app: String, site: LiveCheckReport) -> PasskeysReport.Platform {
    // As the entitlements write it: a test site's port included.
    let host = rpID.hostHeader
    let association = site.check(of: .association)
    var platform = PasskeysReport.Platform(
      platform: "iOS", app: app, claim: appleClaim(host: host),
      grant: ServiceJudge.judge(.webcredentials, site: site, expected: app, app: app))
    platform.claimSource = entitlements?.path
    platform.siteProblems = (site.siteRequirements + (association?.requirements ?? []))
      .filter { $0.status >= .warn && $0.name != "webcredentials" }
    platform.cdn =
      site.cdn?.services.first { $0.name == "cdn-webcredentials" }
      ?? site.cdn?.requirement
    if platform.claim.status == .fail {
      platform.fixes.append(
        PasskeysReport.Fix(
          place:
            "\(entitlements?.path ?? "the app's entitlements"): \(EntitlementsFile.associatedDomainsKey) (Xcode: Signing & Capabilities, Associated Domains)",
          change: "add webcredentials:\(host)"))
    }
    if platform.grant.status == .fail {
      let url = association?.url ?? rpID.url(WellKnownResource.association.path)
      let change: String
      if association?.lint?.association == nil {
        change =
          "serve the file there (200, application/json, no redirect) with \"webcredentials\": {\"apps\": [\"\(app)\"]}"
      } else if association?.lint?.association?.webCredentials == nil {
        change = "add \"webcredentials\": {\"apps\": [\"\(app)\"]}"
      } else {
        change = "add \"\(app)\" to webcredentials.apps"
      }
      platform.fixes.append(PasskeysReport.Fix(place: url, change: change))
    }
    if let cdn = platform.cdn, cdn.name == "cdn-webcredentials", cdn.status == .warn,
      platform.grant.status == .pass
    {
      platform.fixes.append(
        PasskeysReport.Fix(
          place: site.cdn?.url ?? "Apple's CDN",
          change:
            "nothing to change: wait for Apple's CDN to fetch the file again (about weekly), or test a development build with webcredentials:\(host)?mode=developer"
        ))
    }
    return platform
  }

  /// The app's half on iOS: its entitlements name `webcredentials:RP-ID`.
  private func appleClaim(host: String) -> Requirement {
    guard let entitlements else {
      return Requirement(
        "claim", .info,
        "the app's entitlements are not checked (give them to see whether it claims webcredentials:\(host))"
      )
    }
    let path = entitlements.path
    let services = entitlements.domains.filter { $0.service == .webcredentials }
    let named = { (domain: AssociatedDomain) in
      !domain.isWildcard && (try? SiteAddress(parsing: domain.host)) == rpID
    }
    if let exact = services.first(where: named) {
      return Requirement("claim", .pass, "\(path) names \(exact.entry)")
    }
    if let wildcard = services.first(where: { $0.isWildcard && host.hasSuffix("." + $0.host) }) {
      return Requirement(
        "claim", .pass,
        "\(path) names \(wildcard.entry), which covers \(host); iOS asks \(host)'s own file")
    }
    let others = entitlements.domains.filter(named).map(\.entry)
    if !others.isEmpty {
      return Requirement(
        "claim", .fail,
        "\(path) names \(others.joined(separator: ", ")) but not webcredentials:\(host): passkeys and password autofill need the webcredentials: service"
      )
    }
    let known = services.isEmpty ? "none" : services.map(\.entry).joined(separator: ", ")
    return Requirement(
      "claim", .fail,
      "\(path) does not name webcredentials:\(host) (its webcredentials: domains: \(known)): iOS does not ask \(host) for the app's passkeys"
    )
  }

  // MARK: Android

  private func android(package: String, site: LiveCheckReport) -> PasskeysReport.Platform {
    let host = rpID.host
    let file = site.check(of: .assetLinks)
    var platform = PasskeysReport.Platform(
      platform: "Android", app: package, claim: androidClaim(host: host),
      grant: ManifestCheck.credentialGrant(
        site, host: host, package: package, fingerprints: fingerprints))
    platform.claimSource = manifest?.path
    platform.siteProblems = (site.siteRequirements + (file?.requirements ?? []))
      .filter { $0.status >= .warn }
    if platform.grant.status == .fail {
      let url = file?.url ?? rpID.url(WellKnownResource.assetLinks.path)
      let certificates =
        fingerprints.isEmpty
        ? "\"SHA-256 of the signing certificate\""
        : fingerprints.map { "\"\($0)\"" }.joined(separator: ", ")
      let listed =
        file?.lint?.statementList?.statements.contains { $0.target.packageName == package }
        ?? false
      platform.fixes.append(
        PasskeysReport.Fix(
          place: url,
          change: listed
            ? "add \"delegate_permission/common.get_login_creds\" to the relation of \(package)'s statement (with the certificate \(certificates))"
            : "add {\"relation\": [\"delegate_permission/common.get_login_creds\"], \"target\": {\"namespace\": \"android_app\", \"package_name\": \"\(package)\", \"sha256_cert_fingerprints\": [\(certificates)]}}"
        ))
    }
    if platform.claim.status >= .warn {
      platform.fixes.append(
        PasskeysReport.Fix(
          place: "\(manifest?.path ?? "AndroidManifest.xml"): <application>",
          change:
            "add <meta-data android:name=\"asset_statements\" android:resource=\"@string/asset_statements\" /> whose string is [{\"include\": \"\(rpID.url(WellKnownResource.assetLinks.path))\"}] (for saved passwords; passkeys need only the site's grant)"
        ))
    }
    return platform
  }

  /// The app's half on Android: the manifest's `asset_statements` name the relying party.
  private func androidClaim(host: String) -> Requirement {
    guard let (path, report) = manifest else {
      return Requirement(
        "claim", .info,
        "the manifest is not checked (give it to see whether its asset_statements name \(rpID.origin))"
      )
    }
    guard let sharing = report.credentialSharing else {
      return Requirement(
        "claim", .warn,
        "\(path) declares no <meta-data android:name=\"asset_statements\">: passkeys need only the site's grant, but Credential Manager offers none of \(host)'s saved passwords in the app (Android lint: CredManMissingDal)"
      )
    }
    if let named = sharing.sites.first(where: {
      $0.host == rpID.host && ($0.port ?? 443) == rpID.port
    }) {
      return Requirement(
        "claim", .pass,
        "\(path)'s asset_statements (\(sharing.written)) name \(named.include ?? named.origin)")
    }
    let others =
      sharing.sites.isEmpty ? "no site" : sharing.sites.map(\.origin).joined(separator: ", ")
    return Requirement(
      "claim", .warn,
      "\(path)'s asset_statements (\(sharing.written)) name \(others), not \(rpID.origin): passkeys need only the site's grant, but saved passwords of \(host) are not shared with the app"
    )
  }
}

/// What ``PasskeysCheck`` found: the relying party's site, checked once, and per platform asked
/// the app's half (`claim`), the site's half (`grant`), what stands in the way at the site, and
/// what to change where.
public struct PasskeysReport: Sendable {
  /// One change to make: the file (or setting) and what to write there.
  public struct Fix: Sendable, Hashable {
    /// The entitlements' key, the site's file by its URL, the manifest's element.
    public var place: String
    public var change: String
  }

  /// One platform's answer.
  public struct Platform: Sendable {
    /// `iOS` or `Android`.
    public var platform: String
    /// The app ID (iOS) or package (Android) checked.
    public var app: String
    /// The app's half: the entitlements' `webcredentials:` domain, the manifest's
    /// `asset_statements`.
    public var claim: Requirement
    /// The file the claim is read from (the entitlements, the manifest); nil when none was given.
    public var claimSource: String? = nil
    /// The site's half: `webcredentials`, or `credential-grant` (`get_login_creds`).
    public var grant: Requirement
    /// The site's lines that did not pass for this platform's file (connection, TLS, status,
    /// content type, …), as `check` reports them.
    public var siteProblems: [Requirement] = []
    /// iOS: whether Apple's CDN copy, which devices read, lists the app for webcredentials.
    public var cdn: Requirement?
    public var fixes: [Fix] = []

    /// Every line, the halves first.
    public var requirements: [Requirement] {
      [claim, grant] + siteProblems + [cdn].compactMap { $0 }
    }

    /// Fail when passkeys fail on this platform; warn when they work but something is worth
    /// fixing (devices without the CDN's copy yet, saved passwords not shared).
    public var status: Requirement.Status {
      let worst = requirements.map(\.status).max() ?? .pass
      // A half not asked (no entitlements, no manifest) is a note, not a verdict.
      return worst == .info ? .pass : worst
    }
  }

  public var rpID: String
  /// The live check of `https://RP-ID`: both platforms' files.
  public var site: LiveCheckReport
  public var ios: Platform?
  public var android: Platform?

  public init(rpID: String, site: LiveCheckReport) {
    self.rpID = rpID
    self.site = site
  }

  public var status: Requirement.Status {
    [ios?.status, android?.status].compactMap { $0 }.max() ?? .pass
  }
}
