import AASA
import AASACore
import AsyncHTTPClient
import NIOCore
import NIOPosix
import X509

/// `aasa-lint check`: fetches a deployed site's association files the way Apple's fetcher does and
/// reports each of its requirements as a pass/warn/fail line.
///
/// 1. Connect and complete a TLS handshake (``TLSProbe``), then judge the certificate
///    (``CertificateJudge``). A site that cannot be reached ends the check there, with one clear
///    line.
/// 2. Fetch the three well-known files at once (``ResourceFetcher``) as Apple's fetcher, the
///    association file also as a browser (``FetcherComparison``), and Apple's CDN copy of a public
///    host, and judge each answer (``ResponseJudge``, ``CDNComparison``).
/// 3. Route the requested paths and the `--expect` table with the live association file
///    (``RoutingRequirements``).
///
/// With `--connect-to`, every connection goes to the other address while TLS, the certificate's
/// judgement and the `Host` header stay the site's.
public struct LiveCheck: Sendable {
  public var options: LiveCheckOptions

  public init(options: LiveCheckOptions) { self.options = options }

  public func run(group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) async
    -> LiveCheckReport
  {
    var report = LiveCheckReport(site: options.site, app: options.app)
    let site = options.site
    let target = options.connectTo.flatMap { $0.applies(to: site) ? $0.target(for: site) : nil }
    let connected =
      target.map {
        "connected to \($0.host):\($0.port) for \(site.host):\(site.port), in place of its own address"
      }
      ?? "connected to \(site.host):\(site.port)"
    // A problem names where the connection went, which a connect-to rule may have changed.
    let reached = target.map { SiteAddress(host: $0.host, port: $0.port) } ?? site
    // Where connections go: the connect-to target, or the vetted address (the same place).
    let dialed = target ?? options.pinnedAddress.map { (host: $0, port: site.port) }

    let chain: [Certificate]?
    do {
      chain = try await TLSProbe.peerChain(
        of: site, connectingTo: dialed, timeout: options.timeout, group: group)
    } catch let refused as TLSProbeRefusedKey {
      // A key too weak for swift-certificates: the key is judged, the chain cannot be.
      chain = nil
      report.siteRequirements.append(Requirement("connection", .pass, connected))
      report.siteRequirements.append(refused.requirement)
    } catch {
      let problem = ConnectionProblem(error, site: reached, timeout: options.timeout)
      if problem.stage == .connection {
        report.siteRequirements.append(Requirement("connection", .fail, problem.description))
      } else {
        report.siteRequirements.append(Requirement("connection", .pass, connected))
        report.siteRequirements.append(Requirement("tls", .fail, problem.description))
      }
      return report
    }
    if let chain {
      report.certificateNotAfter = chain.first?.notValidAfter
      report.siteRequirements.append(Requirement("connection", .pass, connected))
      let judge = CertificateJudge(
        trustRoots: options.trust.store, trustRootsName: options.trust.name)
      report.siteRequirements += await judge.judge(chain, for: site)
    }

    let client = ResourceFetcher.makeClient(
      timeout: options.timeout, group: group,
      // An address has no dotted form (`withTrailingDot` is the site itself): one key then.
      dnsOverride: dialed.map { target in
        Dictionary(
          [(site.host, target.host), (site.withTrailingDot.host, target.host)],
          uniquingKeysWith: { first, _ in first })
      } ?? [:])
    // Always through the plain name: the trailing-dot form too (``ResourceFetcher``).
    let fetcher = ResourceFetcher(
      client: client, timeout: options.timeout, redirection: (site, dialed?.port ?? site.port))
    let responseJudge = ResponseJudge(
      signerRoots: options.trust.store, signerRootsName: options.trust.name, app: options.app,
      site: SiteDomain(host: site.host))
    async let association = check(.association, fetcher, responseJudge)
    async let legacy = check(.legacyAssociation, fetcher, responseJudge)
    async let assetLinks = check(.assetLinks, fetcher, responseJudge)
    let cdnSkipped =
      options.cdnOnlyForPublicHosts
      ? CDNReach.unreachableReason(site, systemTrust: options.trust.isSystem) : nil
    // Apple's CDN and Google's API are third parties: their certificates are verified, and an
    // answer refused when that fails, where the origin's is fetched unverified and judged apart
    // (``CertificateJudge``).
    var asksCDN = cdnSkipped == nil && options.cdnBase != nil
    // For someone else (the validator page), Apple's CDN is vetted as every host the check
    // reaches: resolved once, judged, and connected to at that address.
    var thirdPartyAddresses: [String: String] = [:]
    var cdnRefusal: String?
    if asksCDN, let vet = options.vetOtherHost, let base = options.cdnBase,
      let cdnSite = try? SiteAddress(parsing: base)
    {
      do {
        thirdPartyAddresses[cdnSite.host] = try await vet(cdnSite.host, cdnSite.port)
      } catch {
        asksCDN = false
        cdnRefusal = FetchPolicy.words(
          for: error, host: cdnSite.host, port: cdnSite.port, timeout: options.timeout)
      }
    }
    // Google's API (`--google`) the same way: vetted, pinned, or not asked and said so.
    var googleRefusal: String?
    if let vet = options.vetOtherHost, let base = options.googleBase {
      do {
        let api = try SiteAddress(parsing: base)
        do {
          thirdPartyAddresses[api.host] = try await vet(api.host, api.port)
        } catch {
          googleRefusal = FetchPolicy.words(
            for: error, host: api.host, port: api.port, timeout: options.timeout)
        }
      } catch {
        // `--google`'s base is no URL: SiteAddress says why, in words.
        googleRefusal = "\(error)"
      }
    }
    let thirdPartyClient =
      asksCDN || (options.googleBase != nil && googleRefusal == nil)
      ? ResourceFetcher.makeClient(
        timeout: options.timeout, group: group, dnsOverride: thirdPartyAddresses,
        verifying: options.trust) : nil
    let thirdParty = thirdPartyClient.map {
      ResourceFetcher(client: $0, timeout: options.timeout)
    }
    async let cdn = fetchCDNCopy(asksCDN ? thirdParty : nil)
    report.resources = await [association, legacy, assetLinks]
    let cdnResponse = await cdn
    if let index = report.resources.firstIndex(where: { $0.resource == .assetLinks }) {
      await checkAndroidServing(
        &report.resources[index], fetcher, thirdParty: thirdParty, googleRefusal: googleRefusal)
    }
    try? await client.shutdown()
    try? await thirdPartyClient?.shutdown()

    if let cdnBase = options.cdnBase {
      let url = CDNComparison.url(base: cdnBase, host: site.host)
      if let cdnSkipped {
        report.cdn = CDNCheck(
          url: url, requirement: Requirement("cdn", .info, "not asked: \(cdnSkipped)"))
      } else if let cdnRefusal {
        report.cdn = CDNCheck(
          url: url, requirement: Requirement("cdn", .warn, "not asked: \(cdnRefusal)"))
      } else if let cdnResponse {
        report.cdn = CDNComparison.judge(
          cdnResponse, url: url, origin: report.check(of: .association))
      }
    }
    route(&report)
    return report
  }

  /// Routes `--path`/`--paths` and `--expect` on the live association file, and judges them.
  private func route(_ report: inout LiveCheckReport) {
    guard !options.paths.isEmpty || options.expectations != nil else { return }
    guard let association = report.check(of: .association)?.lint?.association else {
      report.routeRequirements = [
        RoutingRequirements.unroutable(reason: "there is no readable association file")
      ]
      return
    }
    let matcher = Matcher(association, domain: options.site.host)
    if !options.paths.isEmpty {
      report.routings = options.paths.map { matcher.route(URLInput($0)) }
      report.routeRequirements += RoutingRequirements.judgePaths(
        report.routings, app: options.app)
    }
    if let (file, lines) = options.expectations {
      let results = ExpectationResult.check(lines, matcher: matcher, app: options.app)
      report.expectations = (file, results)
      report.routeRequirements += RoutingRequirements.judgeExpectations(results, file: file)
    }
  }

  private func fetchCDNCopy(_ fetcher: ResourceFetcher?) async -> Result<
    FetchedResource, ConnectionProblem
  >? {
    guard let fetcher, let base = options.cdnBase else { return nil }
    let url = CDNComparison.url(base: base, host: options.site.host)
    let userAgent = options.userAgent
    do {
      let fetch: @Sendable () async throws -> FetchedResource = {
        try await fetcher.fetch(url, userAgent: userAgent)
      }
      guard let answers = options.thirdPartyAnswers else { return .success(try await fetch()) }
      return .success(try await answers.answer(url, from: .appleCDN, fetch: fetch))
    } catch {
      let cdnSite = (try? SiteAddress(parsing: url)) ?? options.site
      return .failure(ConnectionProblem(error, site: cdnSite, timeout: options.timeout))
    }
  }

  /// Where the requests go: the site, or the `--connect-to` target.
  private var reachedSite: SiteAddress {
    guard let connectTo = options.connectTo, connectTo.applies(to: options.site) else {
      return options.site
    }
    let target = connectTo.target(for: options.site)
    return SiteAddress(host: target.host, port: target.port)
  }

  /// Fetches one file as Apple's fetcher (or `--user-agent`) and judges the answer; the
  /// association file is also fetched as a browser, and a difference is its `user-agent` line.
  private func check(
    _ resource: WellKnownResource, _ fetcher: ResourceFetcher, _ judge: ResponseJudge
  ) async -> ResourceCheck {
    let url = options.site.url(resource.path)
    let compares = resource == .association && options.userAgent != ResourceFetcher.browserUserAgent
    // Android's verifier reads up to 1 MiB; Apple's fetcher 128 KB.
    let cap = resource == .assetLinks ? AndroidServing.sizeCap : ResourceFetcher.sizeCap
    async let asBrowser: Result<FetchedResource, ConnectionProblem>? =
      compares ? fetch(url, fetcher, userAgent: ResourceFetcher.browserUserAgent, cap: cap) : nil
    let fetched = await fetch(url, fetcher, userAgent: options.userAgent, cap: cap)
    var check: ResourceCheck
    switch fetched {
    case .success(let response):
      check = await judge.judge(response, as: resource)
    case .failure(let problem):
      let status: Requirement.Status = resource == .association ? .fail : .warn
      check = ResourceCheck(
        resource: resource, url: url,
        requirements: [Requirement("response", status, problem.description)])
    }
    if let browser = await asBrowser,
      let line = FetcherComparison.judge(
        apple: fetched, browser: browser, appleAgent: options.userAgent)
    {
      check.requirements.append(line)
    }
    return check
  }

  private func fetch(_ url: String, _ fetcher: ResourceFetcher, userAgent: String, cap: Int)
    async -> Result<FetchedResource, ConnectionProblem>
  {
    do {
      return .success(try await fetcher.fetch(url, userAgent: userAgent, cap: cap))
    } catch {
      return .failure(ConnectionProblem(error, site: reachedSite, timeout: options.timeout))
    }
  }
}
