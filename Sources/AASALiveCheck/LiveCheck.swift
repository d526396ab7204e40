import AASA
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
/// 2. Fetch the three well-known files at once (``ResourceFetcher``) and judge each answer
///    (``ResponseJudge``).
/// 3. Route the requested paths with the live association file.
public struct LiveCheck: Sendable {
  public var options: LiveCheckOptions

  public init(options: LiveCheckOptions) { self.options = options }

  public func run(group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) async
    -> LiveCheckReport
  {
    var report = LiveCheckReport(site: options.site, app: options.app)
    let site = options.site

    let chain: [Certificate]
    do {
      chain = try await TLSProbe.peerChain(of: site, timeout: options.timeout, group: group)
    } catch {
      let problem = ConnectionProblem(error, site: site, timeout: options.timeout)
      if problem.stage == .connection {
        report.siteRequirements.append(Requirement("connection", .fail, problem.description))
      } else {
        report.siteRequirements.append(
          Requirement("connection", .pass, "connected to \(site.host):\(site.port)"))
        report.siteRequirements.append(Requirement("tls", .fail, problem.description))
      }
      return report
    }
    report.siteRequirements.append(
      Requirement("connection", .pass, "connected to \(site.host):\(site.port)"))
    let judge = CertificateJudge(
      trustRoots: options.trust.store, trustRootsName: options.trust.name)
    report.siteRequirements += await judge.judge(chain, for: site)

    let client = ResourceFetcher.makeClient(timeout: options.timeout, group: group)
    let fetcher = ResourceFetcher(client: client, timeout: options.timeout)
    let responseJudge = ResponseJudge(
      signerRoots: options.trust.store, signerRootsName: options.trust.name, app: options.app)
    async let association = check(.association, fetcher, responseJudge)
    async let legacy = check(.legacyAssociation, fetcher, responseJudge)
    async let assetLinks = check(.assetLinks, fetcher, responseJudge)
    report.resources = await [association, legacy, assetLinks]
    try? await client.shutdown()

    if !options.paths.isEmpty, let live = report.resources.first, let lint = live.lint,
      lint.kind == .appleAppSiteAssociation
    {
      let matcher = Matcher(lint.association ?? SiteAssociation(), domain: site.host)
      report.routings = options.paths.map { matcher.route(URLInput($0)) }
    }
    return report
  }

  private func check(
    _ resource: WellKnownResource, _ fetcher: ResourceFetcher, _ judge: ResponseJudge
  ) async -> ResourceCheck {
    let url = options.site.url(resource.path)
    do {
      let response = try await fetcher.fetch(url)
      return await judge.judge(response, as: resource)
    } catch {
      let problem = ConnectionProblem(error, site: options.site, timeout: options.timeout)
      let status: Requirement.Status = resource == .association ? .fail : .warn
      return ResourceCheck(
        resource: resource, url: url,
        requirements: [Requirement("response", status, problem.description)])
    }
  }
}
