import Foundation

/// Each name's backoff, kept in `--acme-dir/backoff/` as well as in memory: a restarted server,
/// a crash loop, or another replica sharing the folder goes on from the stored count and time
/// instead of starting again at the shortest wait, so the CA's limit on failed validations (Let's
/// Encrypt: 5 per name and hour) is never reached by restarts.
extension ACMEManager {
  /// The longest wait of the schedule: no stored time is honoured beyond it.
  static var longestBackoff: Duration { RenewalSchedule.backoff.last ?? .seconds(86_400) }

  /// Takes the stored backoff of `name` into `state` when it is further along than memory (on
  /// the first look, or after another replica failed the name). `first`: the first look at the
  /// name in this process, when a wait still running is said.
  func adoptStoredBackoff(_ name: String, _ state: inout NameState, now: Date, first: Bool) {
    switch configuration.storage.loadBackoff(name: name, now: now, longestWait: Self.longestBackoff)
    {
    case .none:
      return
    case .unusable(let path, let reason):
      guard backoffWarnings.insert(path + "\n" + reason).inserted else { return }
      logger.warning(
        "ACME: \(name): ignoring \(path) (\(reason)); the name is ordered as if it had not failed")
    case .stored(let stored):
      guard stored.failures > state.failures || stored.nextAttempt > state.notBefore else {
        return
      }
      state.failures = max(state.failures, stored.failures)
      state.notBefore = max(state.notBefore, stored.nextAttempt)
      if first && stored.nextAttempt > now {
        logger.info(
          "ACME: \(name): \(stored.failures) failed attempt(s) in a row (kept in \(configuration.storage.backoffDirectory)); next attempt \(Self.clock(stored.nextAttempt)) (attempt \(stored.failures + 1))"
        )
      }
    }
  }

  /// Stores `name`'s attempt as failed before it runs, and returns what was stored before, to
  /// put back if the order is stopped rather than failed. An order cut short by a crash never
  /// reached a failed validation, so its wait is a tenth of a failure's (12 s, 1 min, 3 min, …):
  /// another replica takes over soon, yet a crash loop's orders still slow down and the count
  /// grows.
  func countAttempt(_ name: String, failures: Int, now: Date) -> ACMEStorage.BackoffRead {
    let previous = configuration.storage.loadBackoff(
      name: name, now: now, longestWait: Self.longestBackoff)
    let next = min(failures + 1, ACMEStorage.Backoff.failureCap)
    write(
      ACMEStorage.Backoff(
        name: name, failures: next,
        nextAttempt: now + RenewalSchedule.backoff(afterFailures: next) / 10,
        lastError: "interrupted: the order was running when its server stopped"))
    return previous
  }

  /// Stores `state`'s failures and next attempt for `name`.
  func storeBackoff(_ name: String, _ state: NameState, error: (any Error)?) {
    write(
      ACMEStorage.Backoff(
        name: name, failures: min(state.failures, ACMEStorage.Backoff.failureCap),
        nextAttempt: state.notBefore, lastError: error.map { ACMEProblem.clipped("\($0)") }))
  }

  /// Puts back what was stored before an order that was stopped.
  func restoreBackoff(_ name: String, _ previous: ACMEStorage.BackoffRead) {
    switch previous {
    case .stored(let backoff): write(backoff)
    case .none, .unusable: configuration.storage.removeBackoff(name: name)
    }
  }

  private func write(_ backoff: ACMEStorage.Backoff) {
    do { try configuration.storage.saveBackoff(backoff) } catch {
      logger.error("ACME: \(backoff.name): cannot keep its backoff: \(ErrorWords.of(error))")
    }
  }
}
