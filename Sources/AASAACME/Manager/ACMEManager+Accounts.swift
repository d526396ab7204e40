import Foundation

/// Each CA's account, set up once at start: the stored one, else a new one. A refusal no retry
/// fixes ends the manager (and `aasa-serve`, with the CA's words and the flag to change); any
/// other failure is retried with a growing wait while the server serves on, each attempt logged.
extension ACMEManager {
  /// Waits between attempts to set an account up: 1 s, 2 s, 5 s, 10 s, 30 s, 1 min, 2 min,
  /// 5 min, then every 10 min. Short at first (a CA restarting, a network coming up), far apart
  /// soon (Let's Encrypt allows 10 new accounts per address in 3 hours).
  static let accountRetryWaits: [Duration] = [1, 2, 5, 10, 30, 60, 120, 300, 600].map {
    .seconds($0)
  }

  /// The wait after `failures` failed attempts (1 or more); at least 5 minutes after a rate
  /// limit.
  static func accountRetryWait(afterFailures failures: Int, error: any Error) -> Duration {
    let wait = accountRetryWaits[min(max(failures, 1), accountRetryWaits.count) - 1]
    if let problem = (error as? ACMEError)?.acmeProblem, problem.acmeType == "rateLimited" {
      return max(wait, .seconds(300))
    }
    return wait
  }

  /// Sets up the account of the CA at `index`, retrying until it is ready, the CA refuses it
  /// for good (``refusal``), or the task is cancelled.
  func setUpAccount(_ index: Int) async {
    let directoryURL = configuration.directoryURLs[index]
    var attempt = 0
    while !Task.isCancelled {
      attempt += 1
      do {
        let account = try await establishAccount(index)
        accounts[index] = account
        accountFailures[index] = 0
        if attempt > 1 {
          logger.info("ACME: the account at \(directoryURL) is ready (attempt \(attempt))")
        }
        return
      } catch let refusal as ACMEAccountRefusal {
        logger.critical("\(refusal)")
        self.refusal = refusal
        return
      } catch {
        if Task.isCancelled { return }
        accountFailures[index] = attempt
        let wait = Self.accountRetryWait(afterFailures: attempt, error: error)
        logger.error(
          "ACME: cannot set up the account at \(directoryURL) (attempt \(attempt)): \(ErrorWords.of(error)); serving on (names without a certificate get the placeholder), next attempt in \(wait.components.seconds) s"
        )
        try? await Task.sleep(for: wait)
      }
    }
  }

  /// The stored account of the CA at `index`, else a new one (the CA's terms agreed to), kept
  /// in the folder. Throws ``ACMEAccountRefusal`` for what no retry fixes.
  private func establishAccount(_ index: Int) async throws -> ACMEAccount {
    let directoryURL = configuration.directoryURLs[index]
    let storage = configuration.storage
    let usesBinding = configuration.externalAccountBinding != nil
    do {
      if let stored = try storage.loadAccount(directoryURL: directoryURL) {
        return ACMEAccount(url: stored.url, key: stored.key, status: "valid", created: false)
      }
    } catch {
      throw ACMEAccountRefusal.account(error, directoryURL: directoryURL, usesBinding: usesBinding)
        ?? error
    }
    let client = try client(index)
    let directory: ACMEDirectory
    do { directory = try await client.directory() } catch {
      throw ACMEAccountRefusal.directory(error, directoryURL: directoryURL) ?? error
    }
    let account: ACMEAccount
    do {
      account = try await client.account(
        key: AccountKey(), contact: configuration.contact,
        externalAccountBinding: configuration.externalAccountBinding)
    } catch {
      throw ACMEAccountRefusal.account(error, directoryURL: directoryURL, usesBinding: usesBinding)
        ?? error
    }
    do { try storage.saveAccount(account, directoryURL: directoryURL) } catch {
      throw ACMEAccountRefusal(
        directoryURL: directoryURL,
        reason: "the new account cannot be kept: \(ErrorWords.of(error))",
        fix: error.diskFull
          ? "free space on the disk that holds --acme-dir (or choose another --acme-dir)"
          : "make --acme-dir writable by this user")
    }
    let terms = directory.meta?.termsOfService.map {
      "; its terms of service, agreed to: \(ACMEProblem.clipped($0))"
    }
    logger.info("ACME: account \(account.url) made at \(directoryURL)\(terms ?? "")")
    return account
  }

  /// The client of the CA at `index`, made once.
  func client(_ index: Int) throws -> ACMEClient {
    if let existing = clients[index] { return existing }
    let client = try ACMEClient(
      .init(
        directoryURL: configuration.directoryURLs[index],
        trustRootFile: configuration.trustRootFile))
    clients[index] = client
    return client
  }
}
