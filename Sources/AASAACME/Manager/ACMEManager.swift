import AASACore
import Foundation
import Logging

/// `aasa-serve --acme`: keeps a certificate for every managed name in `--acme-dir`, where the
/// server's `--tls-dir` loader picks it up. Each name is ordered on its own (one name that
/// cannot be validated holds up no other), under a lock file shared by replicas, and renewed by
/// ARI when the CA offers it, else once a third of its lifetime is left. See docs/acme.md.
public actor ACMEManager {
  public struct Configuration: Sendable {
    public var storage: ACMEStorage
    /// ACME directory URLs: the first, then the others in order as fallbacks.
    public var directoryURLs: [String]
    public var trustRootFile: String?
    /// `mailto:` URLs.
    public var contact: [String] = []
    public var externalAccountBinding: ExternalAccountBinding?
    /// Ordered when the directory lists it in `meta.profiles`.
    public var profile: String?
    public var challengeType: ACMEChallengeType = .tlsALPN01
    /// Never order: serve what other replicas store, answer the challenges they write.
    public var passive = false
    /// How often names are looked at.
    public var checkInterval: Duration = .seconds(1)
    /// How long a lock lives without its holder's heartbeat.
    public var lockLease: Duration = .seconds(20)
    /// How long one order may take, validation included.
    public var orderTimeout: Duration = .seconds(120)
    /// Orders running at once.
    public var concurrentOrders = 4
    /// New orders per hour (renewals ARI asked for are not counted): a local budget far under
    /// Let's Encrypt's 300 per 3 hours. A bucket of that many, one back every hour / that many,
    /// so at most 60 + 180 orders in any 3 hours at the default.
    public var ordersPerHour = 60
    /// Renewals ARI asked for, per hour: a budget of their own. Let's Encrypt exempts them from
    /// its limits, so a mass revocation renews 60 names an hour; but a CA whose ARI asks for
    /// every certificate at once cannot make the server order without end.
    public var renewalInfoOrdersPerHour = 60
    /// The shortest wait before a certificate's window is asked for again, whatever the CA's
    /// `Retry-After` says (`Retry-After: 0` would ask at every look, each second).
    public var shortestRenewalInfoWait: Duration = .seconds(60)
    /// How often a certificate's ARI window is asked for when the CA sends no `Retry-After`.
    public var renewalInfoInterval: Duration = .seconds(6 * 3600)

    /// Told of each certificate this replica stores, with its bytes and its files, once they are
    /// written: the server puts it in its certificate table at once, in process, so no poll of
    /// the folder (`--watch-interval`) stands between issuance and use. The storage is what
    /// other replicas read.
    public var certificateStored:
      (
        @Sendable (
          _ name: String, _ files: (chain: String, key: String), _ issued: IssuedCertificate
        )
          async -> Void
      )?

    public init(storage: ACMEStorage, directoryURLs: [String]) {
      self.storage = storage
      self.directoryURLs = directoryURLs
    }
  }

  /// One name's state, in memory: when it is looked at next, and why.
  struct NameState {
    var failures = 0
    /// No order before this (backoff, or another replica holds the lock).
    var notBefore = Date.distantPast
    /// The stored certificate as last read, and when to renew it.
    var stamp: String?
    var certificate: ACMEStorage.StoredCertificate?
    var renewAt: Date?
    var renewalTrigger = "window"
    var renewalInfoNotBefore = Date.distantPast
    /// The last ARI window logged, so that an unchanged one is not logged again.
    var renewalWindow: ClosedRange<Date>?
    /// When the stored certificate was seen replacing another one (by this replica or another):
    /// ARI alone does not have it replaced again before
    /// ``RenewalSchedule/earliestARIReplacement(replacedAt:notBefore:notAfter:)``. Nil for a
    /// certificate read at start or that replaced none.
    var replacedAt: Date?
  }

  public nonisolated let configuration: Configuration
  public nonisolated let board: ACMEChallengeBoard
  public nonisolated let locks: ACMELocks
  let logger: Logger
  let names: @Sendable () -> [String]
  var states: [String: NameState] = [:]
  private var running: Set<String> = []
  /// The orders running, by name; each removes itself when it ends.
  private var orders: [String: Task<Void, Never>] = [:]
  /// Names whose ARI window is being asked for now.
  var renewalInfoChecks: Set<String> = []
  /// New orders, ``Configuration/ordersPerHour``: one bucket (AASACore's ``RateLimit``), looked
  /// at when names are chosen, spent when an order begins.
  private var orderBudget: RateLimit
  /// The renewals ARI asked for, under a budget of their own
  /// (``Configuration/renewalInfoOrdersPerHour``).
  private var renewalInfoOrderBudget: RateLimit
  private var budgetWarned = false
  private var renewalInfoBudgetWarned = false
  var clients: [Int: ACMEClient] = [:]
  /// Each CA's account, once found or made; a name is ordered only from a CA whose account is
  /// ready.
  var accounts: [Int: ACMEAccount] = [:]
  /// Failed attempts in a row to set up each CA's account.
  var accountFailures: [Int: Int] = [:]
  /// The tasks setting accounts up, one per CA, each retrying until it succeeds.
  private var accountSetups: [Int: Task<Void, Never>] = [:]
  /// A refusal no retry fixes: ``run()`` ends with it.
  var refusal: ACMEAccountRefusal?
  /// Unusable backoff files already warned about (path and reason), so each is said once.
  var backoffWarnings: Set<String> = []

  /// - Parameter names: The names to keep certificates for, asked on every look: site folders
  ///   come and go.
  /// - Parameter board: Where challenges go up for the server to answer.
  public init(
    configuration: Configuration, board: ACMEChallengeBoard = ACMEChallengeBoard(),
    logger: Logger, names: @escaping @Sendable () -> [String]
  ) {
    self.configuration = configuration
    self.board = board
    self.logger = logger
    self.names = names
    locks = ACMELocks(storage: configuration.storage, lease: configuration.lockLease)
    orderBudget = RateLimit(configuration.ordersPerHour, per: .seconds(3600), maximumKeys: 1)
    renewalInfoOrderBudget = RateLimit(
      configuration.renewalInfoOrdersPerHour, per: .seconds(3600), maximumKeys: 1)
  }

  /// The one key of the order budgets: they count this replica's orders, not a name's.
  private static let budgetKey = "orders"

  /// Sets each CA's account up, then looks at every name each ``Configuration/checkInterval``
  /// until cancelled; then cancels the orders running, waits for them and gives their locks up.
  /// Each order is a task of its own, forgotten when it ends (a task group would keep every
  /// finished child's result).
  ///
  /// Throws ``ACMEAccountRefusal`` when a CA refuses the account for a reason no retry fixes
  /// (see ``setUpAccount(_:)``); any other failure to set an account up is retried while the
  /// server serves on.
  public func run() async throws {
    if !configuration.passive {
      for index in configuration.directoryURLs.indices {
        accountSetups[index] = Task { await self.setUpAccount(index) }
      }
    }
    while !Task.isCancelled && refusal == nil {
      let now = Date()
      for (name, index) in due(now: now) {
        running.insert(name)
        orders[name] = Task { await self.obtain(name, from: index) }
      }
      for name in renewalInfoDue(now: now) {
        renewalInfoChecks.insert(name)
        Task { await self.checkRenewalInfo(name) }
      }
      try? await Task.sleep(for: configuration.checkInterval)
    }
    let left = Array(orders.values) + Array(accountSetups.values)
    for task in left { task.cancel() }
    for task in left { await task.value }
    for client in clients.values { try? await client.shutdown() }
    if let refusal { throw refusal }
  }

  /// The names to order now, each with the CA to order from: those without a certificate, or
  /// due for renewal, not backing off (the backoff stored in the folder counts), from a CA whose
  /// account is ready, within the concurrency bound and the budget.
  func due(now: Date) -> [(name: String, ca: Int)] {
    let wanted = Set(names().filter(Self.isManageable))
    for name in states.keys where !wanted.contains(name) { states[name] = nil }
    var chosen: [(name: String, ca: Int)] = []
    for name in wanted.sorted() where !running.contains(name) {
      var state: NameState
      if let known = states[name] {
        state = known
      } else {
        state = NameState()
        if !configuration.passive { adoptStoredBackoff(name, &state, now: now, first: true) }
      }
      refresh(name, &state, now: now)
      states[name] = state
      guard !configuration.passive, now >= state.notBefore else { continue }
      if let renewAt = state.renewAt, now < renewAt { continue }
      guard let ca = certificateAuthority(for: state) else { continue }
      guard running.count + chosen.count < configuration.concurrentOrders else { break }
      // A renewal ARI asked for is exempt from the CA's limits, not from a budget: it has one
      // of its own, so that it neither waits for new names nor makes them wait.
      if Self.isRenewalInfoRenewal(state) {
        guard
          renewalInfoOrderBudget.wait(for: Self.budgetKey, at: now.durationSinceReferenceDate)
            == nil
        else {
          if !renewalInfoBudgetWarned {
            renewalInfoBudgetWarned = true
            logger.warning(
              "ACME: the budget of renewals the CA's renewal information asks for (\(configuration.renewalInfoOrdersPerHour) per hour) is spent; \(name) and others wait"
            )
          }
          continue
        }
        renewalInfoBudgetWarned = false
      } else {
        guard orderBudget.wait(for: Self.budgetKey, at: now.durationSinceReferenceDate) == nil
        else {
          if !budgetWarned {
            budgetWarned = true
            logger.warning(
              "ACME: the order budget (\(configuration.ordersPerHour) per hour) is spent; \(name) and others wait"
            )
          }
          continue
        }
        budgetWarned = false
      }
      chosen.append((name, ca))
    }
    return chosen
  }

  /// The CA to order `state`'s name from: after every two failures of the name, the next one
  /// (`--acme-ca` repeated). A CA whose account is not set up yet is waited for, unless setting
  /// it up has failed twice: then the next CA whose account is ready is used. Nil: wait.
  func certificateAuthority(for state: NameState) -> Int? {
    let count = configuration.directoryURLs.count
    let preferred = (state.failures / 2) % count
    for step in 0..<count {
      let index = (preferred + step) % count
      if accounts[index] != nil { return index }
      if step == 0 && (accountFailures[index] ?? 0) < 2 { return nil }
    }
    return nil
  }

  /// Reads the stored certificate again when its file changed (this replica, another one, or
  /// an operator wrote it), and works out when to renew it.
  private func refresh(_ name: String, _ state: inout NameState, now: Date) {
    let stamp = configuration.storage.certificateStamp(name: name)
    guard stamp != state.stamp else { return }
    state.stamp = stamp
    let replaced = state.certificate != nil
    state.certificate = configuration.storage.loadCertificate(name: name)
    state.replacedAt = replaced && state.certificate != nil ? now : nil
    if let certificate = state.certificate {
      state.renewAt = RenewalSchedule.renewalTime(
        notBefore: certificate.notBefore, notAfter: certificate.notAfter)
      state.renewalTrigger = "window"
      state.renewalInfoNotBefore = .distantPast
      // A new certificate's window is said once, even when the CA gives it the same.
      state.renewalWindow = nil
      CertificateMetrics.recordExpiry(name: name, notAfter: certificate.notAfter)
    } else {
      state.renewAt = nil
    }
  }

  /// One order for `name` from the CA at index `ca`, under the name's lock.
  private func obtain(_ name: String, from ca: Int) async {
    defer {
      running.remove(name)
      orders[name] = nil
    }
    let now = Date()
    let acquired: Bool
    do { acquired = try locks.acquire(name, now: now) } catch {
      logger.error("ACME: \(name): \(ErrorWords.of(error))")
      backOff(name, now: now)
      return
    }
    guard acquired else {
      // Another replica orders it; its certificate will appear in the folder.
      states[name]?.notBefore = now + configuration.lockLease / 4
      return
    }
    let heartbeat = Task { [locks, lease = configuration.lockLease] in
      while !Task.isCancelled {
        try? await Task.sleep(for: lease / 4)
        if Task.isCancelled || !locks.renew(name) { return }
      }
    }
    defer {
      heartbeat.cancel()
      locks.release(name)
    }
    // Another replica may have finished it, or failed it, while this one waited for the lock.
    if var state = states[name] {
      adoptStoredBackoff(name, &state, now: now, first: false)
      refresh(name, &state, now: now)
      states[name] = state
      if now < state.notBefore { return }
      if let renewAt = state.renewAt, now < renewAt { return }
    }
    let state = states[name] ?? NameState()
    let directoryURL = configuration.directoryURLs[ca]
    let renewal = state.certificate != nil
    guard let account = accounts[ca] else { return }
    var counted: ACMEStorage.BackoffRead?
    do {
      let client = try client(ca)
      if renewal {
        await askRenewalInfo(name, client: client, now: now)
        if let renewAt = states[name]?.renewAt, now < renewAt { return }
      }
      let directory = try await client.directory()
      var profile: String?
      if let wanted = configuration.profile {
        if directory.meta?.profiles?[wanted] != nil {
          profile = wanted
        } else {
          logger.warning(
            "ACME: \(directoryURL) offers no profile \(wanted); ordering its default for \(name)")
        }
      }
      let replaces =
        renewal && directory.renewalInfo != nil ? state.certificate?.certificateID : nil
      logger.info(
        "ACME: \(name): ordering a certificate from \(directoryURL)\(renewal ? " (renewal, \(states[name]?.renewalTrigger ?? "window"))" : "")"
      )
      if let current = states[name], Self.isRenewalInfoRenewal(current) {
        renewalInfoOrderBudget.spend(Self.budgetKey, at: Date().durationSinceReferenceDate)
      } else {
        orderBudget.spend(Self.budgetKey, at: Date().durationSinceReferenceDate)
      }
      // Counted as failed until it succeeds: a crash mid-order must not start the count again.
      counted = countAttempt(name, failures: state.failures, now: now)
      let solver = SharedChallengeSolver(
        type: configuration.challengeType, board: board, storage: configuration.storage)
      let issued = try await client.issueCertificate(
        for: [name], account: account, solver: solver, within: configuration.orderTimeout,
        replaces: replaces, profile: profile)
      let files = try configuration.storage.saveCertificate(issued, name: name)
      CertificateMetrics.recordOrder(result: "issued")
      if renewal {
        CertificateMetrics.recordRenewal(trigger: states[name]?.renewalTrigger ?? "window")
      }
      CertificateMetrics.recordExpiry(name: name, notAfter: issued.leaf.notValidAfter)
      states[name]?.failures = 0
      states[name]?.notBefore = .distantPast
      configuration.storage.removeBackoff(name: name)
      logger.info(
        "ACME: \(name): certificate \(renewal ? "renewed" : "issued") by \(directoryURL), serial \(issued.leaf.serialNumber), valid until \(issued.leaf.notValidAfter); \(issued.challengesAnswered) challenge(s) answered"
      )
      await configuration.certificateStored?(name, files, issued)
    } catch {
      if Task.isCancelled {
        // Stopped, not failed: the count goes back to what it was.
        if let counted { restoreBackoff(name, counted) }
        return
      }
      CertificateMetrics.recordOrder(result: "failed")
      let retry = backOff(name, now: Date(), error: error)
      let attempt = max(states[name]?.failures ?? 1, 1)
      logger.error(
        "ACME: \(name): \(renewal ? "renewal" : "order") failed: \(ErrorWords.of(error)); next attempt \(Self.clock(retry)) (attempt \(attempt))"
      )
    }
  }

  /// Counts a failure of `name` and sets when it is tried again; returns that time.
  @discardableResult
  private func backOff(_ name: String, now: Date, error: Error? = nil) -> Date {
    var state = states[name] ?? NameState()
    if let problem = (error as? ACMEError)?.acmeProblem, problem.isBadNonce {
      // The CA refused every nonce the retries offered: no validation failed, so the count
      // stays and the order is tried again in a few seconds.
      state.notBefore = now + Self.badNonceWait
      states[name] = state
      storeBackoff(name, state, error: error)
      return state.notBefore
    }
    state.failures += 1
    var wait = RenewalSchedule.backoff(afterFailures: state.failures)
    // `rateLimited` with a Retry-After: that, if longer.
    if let problem = (error as? ACMEError)?.acmeProblem, problem.type.hasSuffix(":rateLimited") {
      wait = max(wait, .seconds(3600))
    }
    state.notBefore = now + wait
    states[name] = state
    storeBackoff(name, state, error: error)
    return state.notBefore
  }

  /// Whether ordering for `state` now would be a renewal ARI asked for.
  static func isRenewalInfoRenewal(_ state: NameState) -> Bool {
    state.certificate != nil && state.renewalTrigger == "ari"
  }

  /// The wait after an order whose requests all met `badNonce`.
  static let badNonceWait: Duration = .seconds(5)

  /// A name an order can be placed for: a storable DNS name of two labels or more, not an IP
  /// address.
  public static func isManageable(_ name: String) -> Bool {
    guard ACMEStorage.isStorableName(name), name.contains(".") else { return false }
    return !name.split(separator: ".").allSatisfy { $0.allSatisfy(\.isNumber) }
  }

  /// `name` in lower case when an order can be placed for it; nil otherwise.
  public static func manageable(_ name: String) -> String? {
    let lower = name.lowercased()
    return isManageable(lower) ? lower : nil
  }

  /// RFC 3339 in UTC; `fractional`: with milliseconds.
  static func clock(_ date: Date, fractional: Bool = false) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions =
      fractional ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
    return formatter.string(from: date)
  }
}
