import AASAAndroid
import AASACore
import NIOCore
import NIOPosix

/// The site's half of credential sharing, for `check --manifest`: each site the manifest's
/// `asset_statements` name must serve an `assetlinks.json` that grants
/// `delegate_permission/common.get_login_creds` to the package (with the certificate, when one is
/// given), or Credential Manager offers none of the site's passkeys or passwords in the app.
extension ManifestCheck {
  /// One site the manifest shares sign-in with, checked live.
  public struct CredentialRow: Sendable {
    public var site: CredentialSharing.Site
    /// The live check of the site's `/.well-known/assetlinks.json`.
    public var check: LiveCheckReport
    /// Whether the file grants the package `get_login_creds`.
    public var grant: Requirement
    /// Pass when Credential Manager would share sign-in with the site.
    public var status: Requirement.Status {
      (check.siteRequirements.map(\.status)
        + [check.check(of: .assetLinks)?.status ?? .fail, grant.status]).max() ?? .fail
    }
  }

  /// The app's half, in words: whether the manifest names any site to share sign-in with.
  public var credentialStatementsLine: Requirement? {
    guard let sharing = manifest.credentialSharing else { return nil }
    guard !sharing.sites.isEmpty else {
      return Requirement(
        "credentials", .fail,
        "the manifest's asset_statements (\(sharing.written)) name no site: Credential Manager shares no sign-in"
      )
    }
    let names = sharing.sites.map(\.origin).joined(separator: ", ")
    return Requirement(
      "credentials", .info,
      "the manifest's asset_statements (\(sharing.written)) share sign-in with \(names)")
  }

  /// The sites the manifest's `asset_statements` name, in order.
  var credentialSites: [SiteAddress] {
    (manifest.credentialSharing?.sites ?? []).map {
      SiteAddress(host: $0.host, port: $0.port ?? options.site.port)
    }
  }

  /// Each site the manifest's `asset_statements` name, checked as Credential Manager needs it.
  public func runCredentialSharing(
    group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
  ) async -> [CredentialRow] {
    guard let sites = manifest.credentialSharing?.sites, !sites.isEmpty else { return [] }
    let reports = await Self.checkLive(
      credentialSites, options: options, pinnedAddresses: pinnedAddresses, group: group)
    return zip(sites, reports).map { site, report in
      CredentialRow(site: site, check: report, grant: credentialGrant(report, site: site))
    }
  }

  /// Whether the site's list grants the package `get_login_creds`, and what is missing if not.
  func credentialGrant(_ report: LiveCheckReport, site: CredentialSharing.Site) -> Requirement {
    guard let package = manifest.package else {
      return Requirement("credential-grant", .warn, "the manifest names no package")
    }
    return Self.credentialGrant(
      report, host: site.host, package: package, fingerprints: fingerprints)
  }

  /// Whether `host`'s list (its live check) grants `package` `get_login_creds`, with one of
  /// `fingerprints` when any is given: the one judgement of the site's half, for `check
  /// --manifest` and `passkeys` alike.
  static func credentialGrant(
    _ report: LiveCheckReport, host: String, package: String,
    fingerprints: [CertificateFingerprint]
  ) -> Requirement {
    let relation = Relation.getLoginCredentials
    guard let list = report.check(of: .assetLinks)?.lint?.statementList else {
      return Requirement(
        "credential-grant", .fail,
        "\(host) serves no statement list, so the site's half of credential sharing is missing"
      )
    }
    if list.isIgnoredByGoogle {
      return Requirement(
        "credential-grant", .fail,
        "Google ignores \(host)'s whole assetlinks.json (invalid statements), so it grants nothing"
      )
    }
    if fingerprints.isEmpty {
      let forPackage = list.statements.filter { $0.isValid && $0.target.packageName == package }
      if forPackage.contains(where: { $0.relations.contains(relation) }) {
        return Requirement(
          "credential-grant", .pass, "\(host) grants \(package) \(relation.rawValue)")
      }
      let missing =
        forPackage.isEmpty
        ? "does not list \(package) at all"
        : "lists \(package) without \(relation.rawValue)"
      return Requirement(
        "credential-grant", .fail,
        "\(host)'s assetlinks.json \(missing): add the relation to the app's statement there, or Credential Manager offers none of the site's passkeys in the app"
      )
    }
    var answers: [GrantAnswer] = []
    for fingerprint in fingerprints {
      let answer = list.grants(package: package, fingerprint: fingerprint, relation: relation)
      if answer.isGranted {
        return Requirement(
          "credential-grant", .pass, "\(package) \(fingerprint): \(answer.explanation)")
      }
      answers.append(answer)
    }
    return Requirement(
      "credential-grant", .fail,
      "\(host): " + (answers.first?.explanation ?? "\(relation.rawValue) not granted"))
  }

  /// For a host the manifest verifies: its file grants `get_login_creds` to the package, but the
  /// manifest declares no `asset_statements`, so the app's half is missing (Android lint's
  /// `CredManMissingDal`).
  func missingAppHalf(_ report: LiveCheckReport, host: String) -> Requirement? {
    guard manifest.credentialSharing == nil, let package = manifest.package,
      let list = report.check(of: .assetLinks)?.lint?.statementList,
      list.statements.contains(where: {
        $0.isValid && $0.target.packageName == package
          && $0.relations.contains(.getLoginCredentials)
      })
    else { return nil }
    return Requirement(
      "credentials", .warn,
      "\(host) grants \(package) delegate_permission/common.get_login_creds, but the manifest declares no <meta-data android:name=\"asset_statements\">: the app's half is missing, so Credential Manager shares no sign-in (Android lint: CredManMissingDal)"
    )
  }
}
