import AASA
import AASACore
import AASALint
import AASALiveCheck
import Foundation
import NIOConcurrencyHelpers

/// Runs one probe: vets the target against the allowlist, then runs `aasa-lint check`'s own run
/// (``CheckRun``, through the report seam) with the module's settings, and returns the report it
/// returned. No judgement is made here: every line, and so every metric, is the check's.
///
/// The target must be named by an `--allow` rule (by name, address or network): the validator's
/// ``FetchPolicy``, whose address checks also apply, resolved once and pinned, so that a second DNS
/// answer cannot send the check elsewhere. Every other host the check reaches (Apple's CDN,
/// Google's API, an `include`) is vetted by the same policy as the validator vets it.
public struct Prober: Sendable {
  public var policy: FetchPolicy
  /// `--ca-file`: roots trusted besides the system's (an internal CA).
  public var caFile: String?
  let cache: ThirdPartyCache
  let gate: ProbeGate

  public init(policy: FetchPolicy, caFile: String?, concurrency: Int, cache: ThirdPartyCache) {
    self.policy = policy
    self.caFile = caFile
    self.cache = cache
    self.gate = ProbeGate(limit: concurrency)
  }

  /// What a probe found, or why it could not run.
  public struct Outcome: Sendable {
    public var target: SiteAddress
    public var module: String
    public var startedAt: Date
    public var durationSeconds: Double
    public var timeoutSeconds: Double
    /// Nil when the check did not return in time, could not start, or its settings were refused.
    package var report: CheckReport? {
      get { box?.report }
      set { box = newValue.map(SentReport.init) }
    }
    var box: SentReport?
    /// Why there is no report, in words.
    public var failure: String?
    /// Which third-party answers the check used, and when each was really asked.
    var thirdParty: [ThirdParty: ProbeAnswers.Use] = [:]
    /// The module, for the metrics that compare with what it names (grants).
    public var probeModule: ProbeModule
    /// The rows of the module's `expect` table when the check had no readable association file
    /// to route them by (its one `route` line says so): every row then fails, and
    /// `aasa_route_expectations_failed` counts the rows, not that line.
    var unroutedExpectationRows: Int?

    /// The live check's report of the site.
    public var site: LiveCheckReport? {
      guard case .site(let site) = report?.checked else { return nil }
      return site
    }

    public var succeeded: Bool { site.map { $0.status != .fail } ?? false }
  }

  /// Why a target is not probed: a 400, made before any connection.
  public struct Refused: Error, Sendable, CustomStringConvertible {
    public var description: String
    /// For the exporter's log only: what the name resolved to (``FetchPolicy/Refusal``).
    public var resolvedAddress: String?
    /// Every name lookup place was held (``NameLookup/Busy``): not the target's fault, and gone
    /// in a moment.
    var lookupsBusy = false
  }

  /// How long a probe waits before asking again for a name lookup place.
  static let busyPause = Duration.milliseconds(20)

  /// ``vet(_:)``, asking again while every name lookup place is held, for at most `patience`,
  /// and how long that took. The lookups are bounded (``NameLookup``: 8 at once, refused past
  /// that, never queued) so that lookups a DNS server never answers cannot pile up; scrapes of
  /// many targets at once (a job's targets share a scrape interval) would otherwise be refused
  /// for it, even a target written as an address, before the ``ProbeGate`` could make them wait.
  public func vet(_ target: SiteAddress, waitingUpTo patience: Duration) async throws(Refused)
    -> (address: String, waited: Duration)
  {
    let clock = ContinuousClock()
    let start = clock.now
    var waited = Duration.zero
    while true {
      do {
        return (try await vet(target), waited)
      } catch {
        guard error.lookupsBusy, clock.now - start + Self.busyPause <= patience else {
          throw error
        }
        // A cancelled scrape ends here: its next lookup throws, and that is thrown.
        try? await Task.sleep(for: Self.busyPause)
        waited = clock.now - start
      }
    }
  }

  /// Resolves the target once and judges it: it must be listed by a rule, and the policy must
  /// allow its address. Returns the address to connect to.
  public func vet(_ target: SiteAddress) async throws(Refused) -> String {
    let address: String
    do {
      address = try await policy.vet(host: target.host, port: target.port)
    } catch let refusal as FetchPolicy.Refusal {
      // The policy's words speak of the validator's page; the rule that lifts it is the same.
      guard let rule = refusal.liftingRules.first else {
        throw Refused(
          description: "target \(target.host):\(target.port): \(refusal.fix ?? refusal.message)",
          resolvedAddress: refusal.resolvedAddress)
      }
      throw Refused(
        description: Self.notListed(target, rule: rule), resolvedAddress: refusal.resolvedAddress)
    } catch {
      throw Refused(
        description:
          "target \(target.host):\(target.port): \(ConnectionProblem(error, site: target, timeout: .seconds(1)).description)",
        lookupsBusy: error is NameLookup.Busy)
    }
    guard let bytes = FetchPolicy.addressBytes(address),
      policy.listed(host: target.host, port: target.port, address: bytes)
    else {
      throw Refused(
        description: Self.notListed(target, rule: target.host), resolvedAddress: address)
    }
    return address
  }

  /// The refusal of a target no rule names, with the rule that would name it.
  static func notListed(_ target: SiteAddress, rule: String) -> String {
    "target \(target.host):\(target.port) is not on the allowlist: start the exporter with --allow \(rule) (or its address, a network around it, *.DOMAIN), optionally :PORT"
  }

  /// Runs the check of `request`'s target, vetted at `address`, within `timeoutSeconds`.
  public func probe(
    _ request: ProbeRequest, pinnedAt address: String, timeoutSeconds: Double,
    configuration: ExporterConfiguration
  ) async -> Outcome {
    let started = Date()
    let clock = ContinuousClock()
    let start = clock.now
    var outcome = Outcome(
      target: request.target, module: request.module.name, startedAt: started,
      durationSeconds: 0, timeoutSeconds: timeoutSeconds, probeModule: request.module)
    let deadline = Duration.seconds(timeoutSeconds)
    guard await gate.enter(patience: deadline) else {
      outcome.failure =
        "no place among the \(gate.limit) probes that may run at once came free within \(Self.seconds(timeoutSeconds))"
      outcome.durationSeconds = Self.seconds(since: start, clock)
      return outcome
    }
    let answers = ProbeAnswers(cache: cache)
    let run = checkRun(
      request, address: address,
      timeoutSeconds: max(0.1, timeoutSeconds - (clock.now - start).timeInterval),
      configuration: configuration, answers: answers)
    let gate = self.gate
    let finished = await Self.first(within: deadline - (clock.now - start)) {
      defer { Task { await gate.leave() } }
      do {
        guard let report = try await run.run() as? CheckReport else {
          return .failure("the check returned no site report")
        }
        return .success(SentReport(report: report))
      } catch {
        return .failure(Self.words(error))
      }
    }
    outcome.durationSeconds = Self.seconds(since: start, clock)
    outcome.thirdParty = answers.used
    switch finished {
    case nil:
      outcome.failure = "the check did not end within the probe's \(Self.seconds(timeoutSeconds))"
    case .success(let sent)?:
      outcome.box = sent
      if let expect = request.module.expect, outcome.site?.expectations == nil {
        // The check read the table already; it is read again only when no file routed it.
        outcome.unroutedExpectationRows = try? RoutingExpectation.rows(
          of: ExpectationTableFile.read(expect)
        ).count
      }
    case .failure(let words)?:
      outcome.failure = words
    }
    return outcome
  }

  /// `aasa-lint check https://TARGET` with the module's options, as the command line builds it.
  func checkRun(
    _ request: ProbeRequest, address: String, timeoutSeconds: Double,
    configuration: ExporterConfiguration, answers: ProbeAnswers
  ) -> CheckRun {
    let module = request.module
    var run = CheckRun()
    run.url = request.target.origin
    run.app = module.app
    run.paths = module.paths
    run.expect = module.expect
    run.caFile = caFile
    // Each fetch may take what is left of the probe; the probe's deadline bounds them all.
    run.timeoutSeconds = timeoutSeconds
    run.cdn = module.cdn
    run.cdnBase = module.cdn ? configuration.appleCDNBase : nil
    run.google = module.google
    run.googleBase = module.google ? configuration.googleAPIBase : nil
    run.userAgent = module.userAgent
    run.pinnedAddress = address
    let policy = self.policy
    run.vetOtherHost = { host, port in try await policy.vet(host: host, port: port) }
    run.thirdPartyAnswers = answers
    return run
  }

  enum Finished: Sendable {
    case success(SentReport)
    case failure(String)
  }

  /// `check`'s report, passed from the task that ran it to the probe: it holds only `Sendable`
  /// values (``LiveCheckReport``, ``EntitlementsCheckReport``, ``HostsCheckReport``, a flag), but
  /// AASALint does not declare it `Sendable`.
  struct SentReport: @unchecked Sendable {
    let report: CheckReport
  }

  /// `work`'s result, or nil when `limit` passes first. The work is not awaited past the limit:
  /// it is cancelled and ends on its own fetch timeouts, holding its place until then.
  static func first(
    within limit: Duration, _ work: @escaping @Sendable () async -> Finished
  ) async -> Finished? {
    let once = NIOLockedValueBox<CheckedContinuation<Finished?, Never>?>(nil)
    let resume: @Sendable (Finished?) -> Void = { value in
      once.withLockedValue { continuation in
        continuation?.resume(returning: value)
        continuation = nil
      }
    }
    let tasks = NIOLockedValueBox<[Task<Void, Never>]>([])
    let result = await withCheckedContinuation { continuation in
      once.withLockedValue { $0 = continuation }
      let worker = Task { resume(await work()) }
      let timer = Task {
        try? await Task.sleep(for: max(.zero, limit))
        resume(nil)
      }
      tasks.withLockedValue { $0 = [worker, timer] }
    }
    for task in tasks.withLockedValue({ $0 }) { task.cancel() }
    return result
  }

  static func words(_ error: any Error) -> String {
    if let problem = error as? any InputProblem { return "\(problem)" }
    return "the check could not run"
  }

  static func seconds(since start: ContinuousClock.Instant, _ clock: ContinuousClock) -> Double {
    (clock.now - start).timeInterval
  }

  static func seconds(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
  }
}
