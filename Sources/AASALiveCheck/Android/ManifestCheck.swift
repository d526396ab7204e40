import AASAAndroid
import AASACore
import NIOCore
import NIOPosix

/// `aasa-lint check --manifest AndroidManifest.xml`: every host Android 12+ verifies for the app,
/// checked as Android's verifier would: the host's own assetlinks.json served right, the
/// manifest's package granted App Links, with the certificate when one is given.
public struct ManifestCheck: Sendable {
  /// One host's line of the table.
  public struct Row: Sendable {
    public var host: ManifestReport.Host
    /// The live check of `https://HOST` (the apex for a wildcard).
    public var site: LiveCheckReport
    /// Whether the file grants the package `handle_all_urls` (with a certificate: that one).
    public var grant: Requirement
    /// Whether the file's dynamic rules for the package stay within the manifest's paths.
    public var rules: Requirement?
    /// The site grants sign-in sharing the manifest does not take up (no `asset_statements`).
    public var credentials: Requirement? = nil
    /// The host's verdict: pass when Android would verify it.
    public var status: Requirement.Status {
      (site.siteRequirements.map(\.status)
        + [site.check(of: .assetLinks)?.status ?? .fail, grant.status, rules?.status ?? .pass])
        .max() ?? .fail
    }
  }

  public var manifest: ManifestReport
  public var fingerprints: [CertificateFingerprint]
  public var options: LiveCheckOptions
  /// Per site, the address its name was resolved to and vetted at (the validator page's
  /// ``FetchPolicy``): its connections go there, with no second resolution.
  public var pinnedAddresses: [SiteAddress: String] = [:]

  public init(
    manifest: ManifestReport, fingerprints: [CertificateFingerprint], options: LiveCheckOptions
  ) {
    self.manifest = manifest
    self.fingerprints = fingerprints
    self.options = options
  }

  public func run(group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) async -> [Row]
  {
    let hosts = manifest.hosts
    let reports = await Self.checkLive(
      hostSites, options: options, pinnedAddresses: pinnedAddresses, group: group)
    return zip(hosts, reports).map { host, report in
      Row(
        host: host, site: report, grant: grantRequirement(report),
        rules: rulesRequirement(report, paths: host.paths),
        credentials: missingAppHalf(report, host: host.host))
    }
  }

  /// The sites of the hosts the manifest verifies, in order.
  var hostSites: [SiteAddress] {
    manifest.hosts.map { SiteAddress(host: $0.host, port: options.site.port) }
  }

  /// Every site a run fetches: the hosts', then the sites the `asset_statements` name. A caller
  /// that vets addresses vets these.
  public var sites: [SiteAddress] {
    var all = hostSites
    for site in credentialSites where !all.contains(site) { all.append(site) }
    return all
  }

  /// Each site's assetlinks.json checked live at once, as Android's verifier fetches it (no
  /// paths, no expectations), the reports in the order of `sites`.
  static func checkLive(
    _ sites: [SiteAddress], options: LiveCheckOptions,
    pinnedAddresses: [SiteAddress: String] = [:], group: any EventLoopGroup
  ) async -> [LiveCheckReport] {
    await withTaskGroup(of: (Int, LiveCheckReport).self) { tasks in
      for (index, site) in sites.enumerated() {
        tasks.addTask {
          var siteOptions = options
          siteOptions.site = site
          siteOptions.pinnedAddress = pinnedAddresses[site] ?? options.pinnedAddress
          siteOptions.paths = []
          siteOptions.expectations = nil
          return (index, await LiveCheck(options: siteOptions).run(group: group))
        }
      }
      var reports: [(Int, LiveCheckReport)] = []
      for await result in tasks { reports.append(result) }
      return reports.sorted { $0.0 < $1.0 }.map(\.1)
    }
  }

  /// Dynamic rules that open paths the manifest never declares for the host: they cannot widen
  /// the manifest, so those URLs never open the app.
  private func rulesRequirement(_ report: LiveCheckReport, paths: [ManifestPath]?) -> Requirement? {
    guard let package = manifest.package,
      let list = report.check(of: .assetLinks)?.lint?.statementList,
      let app = AndroidRouter(list).apps.first(where: { $0.package == package }),
      let rules = app.rules, rules.isInForce
    else { return nil }
    let outside = rules.componentsOutside(paths)
    guard !outside.isEmpty else {
      return Requirement("rules", .pass, "the dynamic rules stay within the manifest's paths")
    }
    let named = outside.map { "component [\($0.index)] \($0.written)" }.joined(separator: ", ")
    let declared = (paths ?? []).map(\.description).joined(separator: ", ")
    return Requirement(
      "rules", .warn,
      "\(named) open\(outside.count == 1 ? "s" : "") paths the manifest does not declare for this host (\(declared)): dynamic rules cannot widen the manifest"
    )
  }

  private func grantRequirement(_ report: LiveCheckReport) -> Requirement {
    guard let package = manifest.package else {
      return Requirement("grant", .warn, "the manifest names no package")
    }
    guard let list = report.check(of: .assetLinks)?.lint?.statementList else {
      return Requirement("grant", .fail, "no statement list was read")
    }
    if fingerprints.isEmpty {
      let granted = list.statements.contains {
        $0.isValid && $0.target.packageName == package && $0.relations.contains(.handleAllURLs)
      }
      if list.isIgnoredByGoogle {
        return Requirement("grant", .fail, "Google ignores the whole file (invalid statements)")
      }
      return granted
        ? Requirement("grant", .pass, "\(package) is granted App Links")
        : Requirement("grant", .fail, "\(package) is not granted App Links")
    }
    var answers: [GrantAnswer] = []
    for fingerprint in fingerprints {
      let answer = list.grants(package: package, fingerprint: fingerprint)
      if answer.isGranted {
        return Requirement("grant", .pass, "\(package) \(fingerprint): \(answer.explanation)")
      }
      answers.append(answer)
    }
    return Requirement("grant", .fail, answers.first?.explanation ?? "not granted")
  }
}
