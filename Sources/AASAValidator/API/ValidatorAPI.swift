import AASACore
import AASALiveCheck
import Foundation
import NIOCore

/// The endpoints behind `/api/v1/`: each reads and bounds its body, vets any site it must fetch
/// (``FetchPolicy``), holds a place among the concurrent fetches, and answers with the document
/// `aasa-lint … --format json` writes for the same inputs (``ReportBridge``).
struct ValidatorAPI: Sendable {
  let configuration: ValidatorConfiguration
  let log: FetchLog
  let reader: BodyReader
  let gate: ConcurrencyGate
  let clientFetchRate: RateLimiter
  let hostRate: RateLimiter

  init(configuration: ValidatorConfiguration, log: FetchLog) {
    self.configuration = configuration
    self.log = log
    let limits = configuration.limits
    reader = BodyReader(limits: limits)
    gate = ConcurrencyGate(limit: limits.concurrentFetches, perClient: limits.fetchesPerClient)
    clientFetchRate = RateLimiter(
      burst: limits.clientFetchBurst, refillSeconds: limits.clientFetchRefillSeconds)
    hostRate = RateLimiter(burst: limits.hostBurst, refillSeconds: limits.hostRefillSeconds)
  }

  static func encode(_ value: some Encodable) -> [UInt8] {
    Array((JSONOutput.encode(value) + "\n").utf8)
  }

  /// `GET /api/v1/about`.
  func about() -> [UInt8] {
    struct About: Encodable {
      var version: String
      var limits: ValidatorLimits
      var fetch: [String]
      var caFile: Bool
      /// The `--ca-file`'s name without its folder, for the page's commands to trust it too
      /// (`--ca-file NAME`); the folder is the server's business.
      var caFileName: String?
      var token: Bool
      /// The endpoints (``ValidatorEndpoint``): the page calls none that is not here.
      var endpoints: [Endpoint]
    }
    struct Endpoint: Encodable {
      var method: String
      var path: String
      var json: Bool
      var network: Bool
      var purpose: String
    }
    return Self.encode(
      About(
        version: ReportBridge.version, limits: configuration.limits,
        fetch: ValidatorSetup.fetchSummary(configuration.policy),
        caFile: configuration.caFile != nil,
        caFileName: configuration.caFile.map { ($0 as NSString).lastPathComponent },
        token: configuration.token != nil,
        endpoints: ValidatorEndpoint.allCases.map {
          Endpoint(
            method: $0.method, path: $0.path, json: $0.takesJSON, network: $0.reachesNetwork,
            purpose: $0.purpose)
        }))
  }

  /// An endpoint's document and the `aasa-lint` command line that writes it (nil when a value
  /// of the request cannot be given on one: ``ShellCommand``).
  struct Answered: Sendable {
    var document: BridgeDocument
    var command: ShellCommand?
  }

  /// The document of `POST /api/v1/ENDPOINT` by name, for `aasa-lint mcp` (AgentAnswers).
  func answer(endpoint: String, body: [UInt8], client: String?) async throws(APIError)
    -> BridgeDocument
  {
    guard let known = ValidatorEndpoint(rawValue: endpoint), known.isCommandDocument else {
      throw .notFound
    }
    return try await answer(known, body: body, client: client).document
  }

  /// The answer of `POST /api/v1/ENDPOINT`, within the request's deadline.
  func answer(_ endpoint: ValidatorEndpoint, body: [UInt8], client: String?)
    async throws(APIError) -> Answered
  {
    let deadline = configuration.limits.requestDeadlineSeconds
    // Raced without a task group, which would wait for the work however late: past the
    // deadline the client gets 504 at once and the work is cancelled. Cancellation reaches its
    // fetches (AsyncHTTPClient's, the includes') and gives its fetch place back at once
    // (ConcurrencyGate); what does not heed it (a TLS handshake) ends at its own timeout.
    let result: Result<Answered, APIError> = await withCheckedContinuation { continuation in
      let answer = FirstAnswer(continuation)
      let work = Task {
        do throws(APIError) {
          answer.give(.success(try await self.run(endpoint: endpoint, body: body, client: client)))
        } catch {
          answer.give(.failure(error))
        }
      }
      let timer = Task {
        try? await Task.sleep(nanoseconds: UInt64(max(0, min(deadline, 3600)) * 1e9))
        guard !Task.isCancelled else { return }
        answer.give(.failure(.timedOut))
        work.cancel()
      }
      Task {
        await work.value
        timer.cancel()
      }
    }
    return try result.get()
  }

  private func run(endpoint: ValidatorEndpoint, body: [UInt8], client: String?)
    async throws(APIError) -> Answered
  {
    switch endpoint {
    case .lint:
      let input = try reader.lint(body)
      let document = try bridged { () throws(ReportBridge.Unusable) in
        try ReportBridge.lint(input)
      }
      return Answered(document: document, command: input.commandLine)
    case .device:
      let body = try reader.decode(DeviceBody.self, body)
      let text = try reader.text(body.text, field: "text")
      let document = try bridged { () throws(ReportBridge.Unusable) in
        try ReportBridge.device(text)
      }
      return Answered(document: document, command: .device)
    case .check:
      return try await check(body, client: client)
    case .diff:
      return try await diff(body, client: client)
    case .route:
      return try await route(body, client: client)
    case .passkeys:
      return try await passkeys(body, client: client)
    case .matcher, .about:
      throw .notFound
    }
  }

  func bridged<T>(_ body: () throws(ReportBridge.Unusable) -> T) throws(APIError) -> T {
    do {
      return try body()
    } catch {
      throw .badInput(error.message)
    }
  }

  // MARK: Fetching

  /// Reads what people paste for a site: `example.com`, `applinks:example.com[?mode=…]`,
  /// `https://example.com[:port][/path]`. Userinfo, other schemes and control characters are
  /// refused.
  func site(_ text: String?) throws(APIError) -> SiteAddress {
    guard var text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
      throw .badInput("site is missing", help: "give a host, https://host[:port] or applinks:host")
    }
    guard text.utf8.count <= 2048,
      !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f })
    else {
      throw .badInput("site has control characters or is too long")
    }
    if text.lowercased().hasPrefix("applinks:") {
      text = String(text.dropFirst("applinks:".count))
      if let query = text.firstIndex(of: "?") { text = String(text[..<query]) }
    }
    if text.contains("@") {
      throw .badInput(
        "site has userinfo (user@host): it is never sent", help: "give the host alone")
    }
    do {
      return try SiteAddress(parsing: text)
    } catch {
      throw .badInput(error.description, help: "give a host, https://host[:port] or applinks:host")
    }
  }

  /// Vets `site` and runs `body` with the address to connect to, holding a place among the
  /// concurrent fetches; logs one line for it.
  func fetching<T: Sendable>(
    _ site: SiteAddress, endpoint: String, client: String?,
    _ body: @escaping @Sendable (String) async throws(APIError) -> (T, outcome: String)
  ) async throws(APIError) -> T {
    try await fetching([site], endpoint: endpoint, client: client) {
      addresses, _ throws(APIError) in
      // The one site was vetted, so its address is there.
      try await body(addresses[site] ?? site.host)
    }
  }

  /// Vets every site (each within its host's rate; the first refusal answers) and runs `body`
  /// with the address of each, holding one place among the concurrent fetches; logs one line
  /// per site. A name that does not resolve answers 400, unless `unresolvedReported`: then
  /// `body` gets it among the unresolved, with why in words, to report as its own failure.
  func fetching<T: Sendable>(
    _ sites: [SiteAddress], endpoint: String, client: String?, unresolvedReported: Bool = false,
    _ body:
      @escaping @Sendable ([SiteAddress: String], _ unresolved: [SiteAddress: String])
      async throws(APIError) -> (T, outcome: String)
  ) async throws(APIError) -> T {
    if let wait = clientFetchRate.take(client ?? "-") {
      throw .rateLimited(retryAfter: wait, what: "that fetch from this address")
    }
    for site in sites {
      if let wait = hostRate.take(site.host) {
        throw .rateLimited(retryAfter: wait, what: "for \(site.host)")
      }
    }
    let started = NIODeadline.now()
    return try await gate.run(client: client ?? "-") { () async throws(APIError) -> T in
      var addresses: [SiteAddress: String] = [:]
      var unresolved: [SiteAddress: String] = [:]
      for site in sites {
        switch try await vet(site, endpoint: endpoint, client: client, started: started) {
        case .address(let address):
          addresses[site] = address
        case .unresolved(let reason):
          guard unresolvedReported else {
            throw .badInput(reason, help: "check the host name")
          }
          unresolved[site] = reason
        }
      }
      do throws(APIError) {
        let (value, outcome) = try await body(addresses, unresolved)
        for site in sites where unresolved[site] == nil {
          log.record(
            endpoint: endpoint, client: client, host: site.host, port: site.port,
            address: addresses[site], outcome: outcome, started: started)
        }
        return value
      } catch {
        for site in sites where unresolved[site] == nil {
          log.record(
            endpoint: endpoint, client: client, host: site.host, port: site.port,
            address: addresses[site], outcome: error.code, started: started)
        }
        throw error
      }
    }
  }

  /// What vetting a site found: the address to connect to, or a name that did not resolve
  /// (why, in the words a check of it would use).
  private enum Vetted {
    case address(String)
    case unresolved(String)
  }

  /// The address `site` may be fetched at, the words for a name that does not resolve, or the
  /// refusal as the API's error; a refusal is logged here.
  private func vet(_ site: SiteAddress, endpoint: String, client: String?, started: NIODeadline)
    async throws(APIError) -> Vetted
  {
    do {
      return .address(try await configuration.policy.vet(host: site.host, port: site.port))
    } catch let refusal as FetchPolicy.Refusal {
      // The address goes to the operator's log only: the answer names its kind (F10).
      log.record(
        endpoint: endpoint, client: client, host: site.host, port: site.port,
        address: refusal.resolvedAddress, outcome: "refused \(refusal.code)", started: started)
      throw APIError(
        status: 403, code: refusal.code, message: refusal.message,
        help: ValidatorSetup.help(lifting: refusal))
    } catch let busy as NameLookup.Busy {
      log.record(
        endpoint: endpoint, client: client, host: site.host, port: site.port, address: nil,
        outcome: "busy", started: started)
      throw APIError(
        status: 503, code: "busy", message: busy.description, help: "try again in a few seconds",
        retryAfter: 2)
    } catch is CancellationError {
      // The deadline came during the lookup: the client has its 504 already.
      log.record(
        endpoint: endpoint, client: client, host: site.host, port: site.port, address: nil,
        outcome: "timed-out", started: started)
      throw .timedOut
    } catch {
      log.record(
        endpoint: endpoint, client: client, host: site.host, port: site.port, address: nil,
        outcome: "unresolved", started: started)
      // As a check that cannot resolve it words it: no library's type or error number.
      let timeout = TimeAmount.milliseconds(Int64(configuration.limits.fetchTimeoutSeconds * 1000))
      return .unresolved(ConnectionProblem(error, site: site, timeout: timeout).description)
    }
  }

  /// Vets a host other than the site's that a check reaches (an `include` statement's, Apple's
  /// CDN), within that host's rate; the refusal's words are what the report says of it.
  func vetOtherHost(endpoint: String, client: String?)
    -> @Sendable (String, Int) async throws -> String
  {
    { [self] host, port in
      let started = NIODeadline.now()
      if hostRate.take(host) != nil {
        throw HostRateExceeded(host: host)
      }
      do {
        let address = try await configuration.policy.vet(host: host, port: port)
        log.record(
          endpoint: endpoint, client: client, host: host, port: port, address: address,
          outcome: "vetted", started: started)
        return address
      } catch var refusal as FetchPolicy.Refusal {
        log.record(
          endpoint: endpoint, client: client, host: host, port: port,
          address: refusal.resolvedAddress, outcome: "refused \(refusal.code)", started: started)
        // The report says it as a refused site is answered: the rule, and the flag that lifts it.
        let help = ValidatorSetup.help(lifting: refusal)
        if !help.isEmpty { refusal.message += "; \(help)" }
        throw refusal
      }
    }
  }

  private func check(_ body: [UInt8], client: String?) async throws(APIError) -> Answered {
    let request = try reader.decode(CheckBody.self, body)
    let paths = try reader.list(
      request.paths, field: "paths", maximum: configuration.limits.maximumPaths)
    if request.entitlements != nil {
      return try await checkEntitlements(request, paths: paths, client: client)
    }
    if request.manifest != nil {
      return try await checkManifest(request, client: client)
    }
    let site = try site(request.site)
    var fixed = CheckInput(
      site: site, paths: paths, app: request.app?.isEmpty == false ? request.app : nil,
      cdn: request.cdn ?? false, caFile: configuration.caFile, pinnedAddress: nil,
      timeoutSeconds: configuration.limits.fetchTimeoutSeconds,
      vetOtherHost: vetOtherHost(endpoint: "check", client: client))
    fixed.showFiles = request.files ?? false
    fixed.googleBase = request.google == true ? configuration.googleBase : nil
    let document = try await fetching(site, endpoint: "check", client: client) {
      [fixed] address throws(APIError) in
      var input = fixed
      input.pinnedAddress = address
      do throws(ReportBridge.Unusable) {
        let document = try await ReportBridge.check(input)
        return (document, outcome: document.exitStatus == 0 ? "passed" : "failed")
      } catch {
        throw .badInput(error.message)
      }
    }
    return Answered(document: document, command: fixed.commandLine)
  }

  /// `check --entitlements`: every concrete `applinks:` domain of the file is vetted before
  /// any is fetched, so a refusal answers before a byte goes out.
  private func checkEntitlements(_ request: CheckBody, paths: [String], client: String?)
    async throws(APIError) -> Answered
  {
    guard request.site?.isEmpty ?? true else {
      throw .badInput(
        "give site or entitlements, not both",
        help: "entitlements checks every applinks: domain the file names")
    }
    let input = EntitlementsCheckInput(
      name: reader.name(request.entitlements?.name, fallback: "App.entitlements"),
      bytes: try reader.file(request.entitlements, field: "entitlements") ?? [], paths: paths,
      app: request.app?.isEmpty == false ? request.app : nil, cdn: request.cdn ?? false,
      caFile: configuration.caFile, timeoutSeconds: configuration.limits.fetchTimeoutSeconds,
      vetOtherHost: vetOtherHost(endpoint: "check", client: client))
    let sites = try bridged { () throws(ReportBridge.Unusable) in
      try ReportBridge.entitlementsSites(input)
    }
    guard sites.count <= configuration.limits.maximumDomains else {
      throw .tooLarge(
        "the file names \(sites.count) domains; this validator checks at most \(configuration.limits.maximumDomains) at once"
      )
    }
    // A domain that does not resolve is one failing line of the report, as the command line
    // reports it; the others are checked.
    let document = try await fetching(
      sites, endpoint: "check", client: client, unresolvedReported: true
    ) { addresses, unresolved throws(APIError) in
      do throws(ReportBridge.Unusable) {
        let document = try await ReportBridge.checkEntitlements(
          input, pinnedAddresses: addresses, unresolved: unresolved)
        return (document, outcome: document.exitStatus == 0 ? "passed" : "failed")
      } catch {
        throw .badInput(error.message)
      }
    }
    return Answered(document: document, command: input.commandLine)
  }

  /// `route`: both platforms per URL, from a live site (vetted, its includes too) or the two
  /// files given.
  private func route(_ body: [UInt8], client: String?) async throws(APIError) -> Answered {
    let request = try reader.decode(RouteBody.self, body)
    let limits = configuration.limits
    let urls = try reader.list(request.urls, field: "urls", maximum: limits.maximumURLs)
    guard !urls.isEmpty else {
      throw .badInput(
        "urls is missing", help: "give the URLs or paths to answer for, e.g. [\"/products/1\"]")
    }
    let entitlements = try reader.file(request.entitlements, field: "entitlements").map {
      (name: reader.name(request.entitlements?.name, fallback: "App.entitlements"), bytes: $0)
    }
    func given(_ text: String?, field: String) throws(APIError) -> String? {
      guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
      guard text.utf8.count <= limits.maximumURLLength else {
        throw .tooLarge("\(field) is over \(limits.maximumURLLength) bytes")
      }
      return text
    }
    var input = RouteInput(
      site: .given(association: nil, assetLinks: nil), urls: urls,
      domain: try given(request.domain, field: "domain"), app: try given(request.app, field: "app"),
      package: try given(request.package, field: "package"),
      fingerprint: try given(request.fingerprint, field: "fingerprint"),
      manifest: try reader.file(request.manifest, field: "manifest"),
      placeholders: try reader.list(
        request.placeholders, field: "placeholders", maximum: limits.maximumPaths),
      entitlements: entitlements, caFile: configuration.caFile,
      timeoutSeconds: limits.fetchTimeoutSeconds)
    let association = try reader.file(request.aasa, field: "aasa")
    let assetLinks = try reader.file(request.assetlinks, field: "assetlinks")
    let siteText = request.site?.trimmingCharacters(in: .whitespaces) ?? ""
    if siteText.isEmpty {
      guard association != nil || assetLinks != nil else {
        throw .badInput(
          "site is missing", help: "give a site, or the files as aasa and assetlinks: {\"text\"}")
      }
      input.site = .given(association: association, assetLinks: assetLinks)
      do throws(ReportBridge.Unusable) {
        return Answered(document: try await ReportBridge.route(input), command: input.commandLine)
      } catch {
        throw .badInput(error.message)
      }
    }
    guard association == nil, assetLinks == nil else {
      throw .badInput("give site or the files (aasa, assetlinks), not both")
    }
    let site = try site(siteText)
    let vetOtherHost = vetOtherHost(endpoint: "route", client: client)
    // The address is the vetted one; the command names the site, which it fetches itself.
    input.site = .live(site, pinnedAddress: "", vetOtherHost: vetOtherHost)
    let fixed = input
    let document = try await fetching(site, endpoint: "route", client: client) {
      address throws(APIError) in
      var input = fixed
      input.site = .live(site, pinnedAddress: address, vetOtherHost: vetOtherHost)
      do throws(ReportBridge.Unusable) {
        return (try await ReportBridge.route(input), outcome: "answered")
      } catch {
        throw .badInput(error.message)
      }
    }
    return Answered(document: document, command: fixed.commandLine)
  }

  private func diff(_ body: [UInt8], client: String?) async throws(APIError) -> Answered {
    let request = try reader.decode(DiffBody.self, body)
    let urls = try reader.list(
      request.urls, field: "urls", maximum: configuration.limits.maximumURLs)
    let old = try await side(request.old, role: "old", client: client)
    let new = try await side(request.new, role: "new", client: client)
    let document = try bridged { () throws(ReportBridge.Unusable) in
      try ReportBridge.diff(old: old, new: new, urls: urls)
    }
    let input = DiffInput(
      old: old.name, new: new.name, urls: urls,
      fetched: request.old?.text == nil || request.new?.text == nil,
      caFile: configuration.caFile)
    return Answered(document: document, command: input.commandLine)
  }

  /// One side of a diff: pasted text, a site's association file fetched as Apple's fetcher
  /// does, or Apple's CDN copy of a host's.
  private func side(_ side: DiffBody.Side?, role: String, client: String?) async throws(APIError)
    -> (name: String, bytes: [UInt8])
  {
    guard let side else {
      throw .badInput("\(role) is missing", help: "give {\"text\"}, {\"site\"} or {\"cdn\"}")
    }
    guard [side.text != nil, side.site != nil, side.cdn != nil].filter({ $0 }).count <= 1 else {
      throw .badInput(
        "\(role) has more than one of text, site and cdn", help: "give one of them per side")
    }
    if let text = side.text {
      return (
        reader.name(side.name, fallback: "\(role).json"),
        Array(try reader.text(text, field: "\(role).text").utf8)
      )
    }
    if let cdn = side.cdn {
      return try await cdnCopy(of: try site(cdn), role: role, client: client)
    }
    let site = try site(side.site)
    let configuration = self.configuration
    let bytes = try await fetching(site, endpoint: "diff", client: client) {
      address throws(APIError) in
      do throws(ReportBridge.Unusable) {
        let bytes = try await ReportBridge.fetchAssociation(
          site, pinnedAddress: address, caFile: configuration.caFile,
          timeoutSeconds: configuration.limits.fetchTimeoutSeconds)
        return (bytes, outcome: "fetched \(bytes.count) bytes")
      } catch {
        throw .badInput(error.message, help: "run a check of \(site.host) to see why")
      }
    }
    return (site.url("/.well-known/apple-app-site-association"), bytes)
  }

  /// Apple's CDN copy of `site`'s association file, named by its CDN URL. The CDN's host is
  /// vetted by the fetch policy and connected to at the vetted address, as a site is; a CDN
  /// without a copy answers 502 with its reason (`Apple-Failure-Reason`), not a diff.
  private func cdnCopy(of site: SiteAddress, role: String, client: String?) async throws(APIError)
    -> (name: String, bytes: [UInt8])
  {
    let configuration = self.configuration
    let url = CDNCopy.url(base: configuration.cdnBase, host: site.host)
    // Apple's CDN fetches only public names; a stub's base (tests) is asked whatever the host.
    if configuration.cdnBase == LiveCheckOptions.appleCDNBase,
      let reason = CDNCopy.unreachableReason(host: site.host)
    {
      throw .badInput(
        "\(role): \(reason), so it has no copy to compare",
        help: "diff against the site itself: {\"site\": \"\(site.host)\"}")
    }
    let cdn: SiteAddress
    do {
      cdn = try SiteAddress(parsing: url)
    } catch {
      throw .badInput("\(role): the CDN's URL \(url) cannot be used: \(error.reason)")
    }
    let trust = try Self.trust(configuration)
    let bytes = try await fetching(cdn, endpoint: "diff", client: client) {
      address throws(APIError) in
      do throws(CDNCopy.Missing) {
        let bytes = try await CDNCopy.fetch(
          host: site.host, base: configuration.cdnBase, trust: trust,
          timeoutSeconds: configuration.limits.fetchTimeoutSeconds, pinnedAddress: address)
        return (bytes, outcome: "fetched \(bytes.count) bytes")
      } catch {
        let advice = error.advice(for: site.host)
        switch error.kind {
        case .noCopy:
          throw APIError(
            status: 502, code: "cdn-no-copy", message: "\(role): \(error.reason)",
            help: advice.isEmpty
              ? "Apple's CDN fetches the file about once a week; check the site, and diff against it meanwhile"
              : advice)
        case .unreachable:
          throw APIError(
            status: 502, code: "cdn-unreachable", message: "\(role): \(error.reason)",
            help: "try again later, or diff against the site itself")
        }
      }
    }
    return (url, bytes)
  }

  /// The roots a fetch trusts: the system's, and the `--ca-file`'s when one was given.
  private static func trust(_ configuration: ValidatorConfiguration) throws(APIError) -> TrustRoots
  {
    do {
      return try TrustRoots.validator(caFile: configuration.caFile)
    } catch {
      throw .badInput("the validator's CA file cannot be used: \(error.reason)")
    }
  }
}

/// An `include` statement's host asked more often than its rate allows, in the report's words.
private struct HostRateExceeded: Error, CustomStringConvertible {
  var host: String
  var description: String { "\(host) was asked too often for this validator; try again later" }
}
