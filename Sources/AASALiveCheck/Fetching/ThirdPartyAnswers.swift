/// Where a live check gets the answers of the third parties it asks (Apple's CDN, Google's
/// Digital Asset Links API) when someone else decides how often they are really asked:
/// `aasa-lint exporter`, which checks a site at every scrape, keeps each answer for as long as
/// its own caching headers allow instead of asking again every minute (docs/exporter.md). Nil in
/// ``LiveCheckOptions/thirdPartyAnswers``: every check asks, as the command line does.
///
/// Only the way an answer is obtained changes; the check judges a kept answer exactly as a fresh
/// one, and a failure to ask (a network error, a refused certificate) is never kept.
public protocol ThirdPartyAnswers: Sendable {
  /// The answer for `url` from `party`: a kept one while it is fresh, else `fetch()`'s, which
  /// may then be kept. Errors of `fetch` are passed on.
  func answer(
    _ url: String, from party: ThirdParty,
    fetch: @Sendable () async throws -> FetchedResource
  ) async throws -> FetchedResource
}

/// The third parties a live check asks.
public enum ThirdParty: String, Sendable, Hashable, CaseIterable {
  /// `app-site-association.cdn-apple.com`: the copy devices read.
  case appleCDN = "apple_cdn"
  /// `digitalassetlinks.googleapis.com`: what Google reads from assetlinks.json.
  case googleAPI = "google_api"
}
