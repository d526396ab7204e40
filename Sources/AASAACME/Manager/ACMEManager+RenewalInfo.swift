import Foundation

/// ACME Renewal Information (RFC 9773): each stored certificate's window is asked for as soon as
/// the certificate is read, then again whenever the CA's `Retry-After` allows (every
/// ``Configuration/renewalInfoInterval`` when it sends none, never sooner than
/// ``Configuration/shortestRenewalInfoWait``), not only once a third of the lifetime is left:
/// a CA that revokes early moves the window forward, and the renewal must follow it. What ARI
/// can make the server do is bounded: a certificate that replaced another is not replaced again
/// on ARI's word before ``RenewalSchedule/earliestARIReplacement(replacedAt:notBefore:notAfter:)``,
/// and ARI's renewals have a budget an hour of their own.
extension ACMEManager {
  /// How long to wait before asking again after asking failed.
  static let renewalInfoRetry: Duration = .seconds(600)

  /// The names whose ARI window is due to be asked for: a certificate with an ARI identifier,
  /// no order or question running, the last answer's `Retry-After` passed.
  func renewalInfoDue(now: Date) -> [String] {
    guard !configuration.passive else { return [] }
    return states.filter { name, state in
      state.certificate?.certificateID != nil && now >= state.renewalInfoNotBefore
        && !renewalInfoChecks.contains(name)
    }.map(\.key).sorted()
  }

  /// Asks the CA the name is ordered from for `name`'s window.
  func checkRenewalInfo(_ name: String) async {
    defer { renewalInfoChecks.remove(name) }
    guard let state = states[name] else { return }
    let index = (state.failures / 2) % configuration.directoryURLs.count
    do {
      let client = try client(index)
      await askRenewalInfo(name, client: client, now: Date())
    } catch {
      states[name]?.renewalInfoNotBefore = Date() + Self.renewalInfoRetry
    }
  }

  /// Asks the CA's ARI, when it has one, when `name` should be renewed; keeps the emergency
  /// time (a twentieth of the lifetime left) whatever it says. Without ARI the third-of-the-
  /// lifetime time stays, and the CA is asked again after ``Configuration/renewalInfoInterval``.
  func askRenewalInfo(_ name: String, client: ACMEClient, now: Date) async {
    guard var state = states[name], let certificate = state.certificate,
      let certificateID = certificate.certificateID, now >= state.renewalInfoNotBefore
    else { return }
    // Not asked again while this question runs, nor if it fails.
    states[name]?.renewalInfoNotBefore = now + Self.renewalInfoRetry
    do {
      guard let info = try await client.renewalInfo(certificateID: certificateID) else {
        state.renewalInfoNotBefore = now + configuration.renewalInfoInterval
        if let current = states[name], current.stamp == state.stamp { states[name] = state }
        return
      }
      let emergency = RenewalSchedule.emergencyTime(
        notBefore: certificate.notBefore, notAfter: certificate.notAfter)
      var renewAt = RenewalSchedule.renewalTime(
        windowStart: info.start, windowEnd: info.end, emergency: emergency, now: now)
      // A certificate that replaced another is not replaced again at once on ARI's word alone.
      var held = ""
      if renewAt < emergency, let replacedAt = state.replacedAt {
        let earliest = RenewalSchedule.earliestARIReplacement(
          replacedAt: replacedAt, notBefore: certificate.notBefore, notAfter: certificate.notAfter)
        if renewAt < earliest {
          renewAt = min(earliest, emergency)
          held =
            " (no sooner: the certificate replaced another at \(Self.clock(replacedAt)), and is not replaced again before it is \(earliest.duration(since: replacedAt).components.seconds) s old)"
        }
      }
      state.renewAt = renewAt
      state.renewalTrigger = renewAt >= emergency ? "emergency" : "ari"
      // Retry-After counts from the answer, not from the question; never sooner than the
      // shortest wait, whatever it says.
      let wait = max(
        info.retryAfter ?? configuration.renewalInfoInterval,
        configuration.shortestRenewalInfoWait)
      state.renewalInfoNotBefore = Date() + wait
      let window = info.start...info.end
      if state.renewalWindow != window {
        state.renewalWindow = window
        logger.info(
          "ACME: \(name): the CA suggests renewing between \(Self.clock(info.start)) and \(Self.clock(info.end)); renewing at \(Self.clock(renewAt, fractional: true)) (\(state.renewalTrigger))\(held); asking again in \(wait.components.seconds) s"
        )
      }
      guard let current = states[name], current.stamp == state.stamp else { return }
      states[name] = state
    } catch {
      logger.warning("ACME: \(name): no renewal information from the CA: \(ErrorWords.of(error))")
    }
  }
}
