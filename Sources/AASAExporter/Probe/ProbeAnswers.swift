import AASALiveCheck
import Foundation
import NIOConcurrencyHelpers

/// The third parties' answers for one probe: through the shared ``ThirdPartyCache``, noting when
/// each answer used was really asked, which the probe exports as
/// `aasa_cdn_fetched_timestamp_seconds` and `aasa_google_fetched_timestamp_seconds`.
final class ProbeAnswers: ThirdPartyAnswers {
  struct Use: Sendable {
    var fetchedAt: Date
    var fromCache: Bool
  }

  let cache: ThirdPartyCache
  private let uses = NIOLockedValueBox<[ThirdParty: Use]>([:])

  init(cache: ThirdPartyCache) { self.cache = cache }

  func answer(
    _ url: String, from party: ThirdParty,
    fetch: @Sendable () async throws -> FetchedResource
  ) async throws -> FetchedResource {
    let found = try await cache.answer(url, from: party, fetch: fetch)
    uses.withLockedValue { $0[party] = Use(fetchedAt: found.fetchedAt, fromCache: found.fromCache) }
    return found.answer
  }

  /// What was used of each party, once the check has run.
  var used: [ThirdParty: Use] { uses.withLockedValue { $0 } }
}
